import { formatEventDate } from '@utsav/domain/time';
import { CalendarClock, CircleSlash } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../../lib/i18n/language';
import { Button } from '../../../../ui/button';
import { formatInstant } from '../../../../ui/format';
import type { AdminEvent } from '../api/get-admin-event';
import { CallOffFlow } from './call-off-flow';
import { CallOffProgress } from './call-off-progress';
import { PostponeForm } from './postpone-form';

type Choice = 'none' | 'postpone' | 'call-off';

/** One of the two choices, with what it does said under it (and read with it). */
function ChoiceButton(props: {
  id: string;
  variant: 'secondary' | 'danger';
  icon: ReactNode;
  label: string;
  hint: string;
  onChoose: () => void;
}) {
  return (
    <div className="grid content-start gap-2">
      <Button variant={props.variant} onClick={props.onChoose} icon={props.icon} aria-describedby={props.id}>
        {props.label}
      </Button>
      <p id={props.id} className="text-sm text-maroon-100">
        {props.hint}
      </p>
    </div>
  );
}

function Standing({ event }: { event: AdminEvent }) {
  const { t } = useTranslation();
  if (event.status === 'postponed')
    return (
      <p role="status" className="rounded-xl border border-gold-400/30 bg-maroon-950/60 p-4 text-cream">
        {event.freeRefundUntil
          ? t('admin-event-change.status.postponedUntil', {
              date: formatEventDate(event.date, currentLocale()),
              venue: event.venue,
              until: formatInstant(event.freeRefundUntil),
            })
          : t('admin-event-change.status.postponed', {
              date: formatEventDate(event.date, currentLocale()),
              venue: event.venue,
            })}
      </p>
    );
  if (event.status === 'called-off')
    return (
      <p
        role="status"
        className="rounded-xl border border-rose-300/40 bg-rose-950/40 p-4 font-semibold text-cream"
      >
        {t('admin-event-change.status.calledOff', { at: formatInstant(event.statusChangedAt ?? null) })}
      </p>
    );
  return null;
}

/**
 * "Change of plans" in the event manager: postpone or move the night, or call it off (with its refunds' progress
 * once it is). Admins only; the server refuses anyone else whatever the page shows.
 */
export function ChangeOfPlans({ event, canWrite }: { event: AdminEvent; canWrite: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [choice, setChoice] = useState<Choice>('none');
  const calledOff = event.status === 'called-off';
  return (
    <section aria-labelledby={headingId} className="card grid grid-cols-1 gap-5 p-5 sm:p-6">
      <h2 id={headingId} className="font-sans text-xl font-semibold text-gold-200">
        {t('admin-event-change.title')}
      </h2>
      <Standing event={event} />
      {!canWrite ? (
        <p className="text-maroon-100">{t('admin-event-change.onlyAdmin')}</p>
      ) : calledOff ? (
        <CallOffProgress />
      ) : choice === 'postpone' ? (
        <PostponeForm event={event} onDone={() => setChoice('none')} />
      ) : choice === 'call-off' ? (
        <CallOffFlow eventName={event.name} onBack={() => setChoice('none')} />
      ) : (
        <>
          <p className="text-maroon-100">{t('admin-event-change.description')}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <ChoiceButton
              id="change-postpone-hint"
              variant="secondary"
              icon={<CalendarClock aria-hidden="true" className="size-5" />}
              label={t('admin-event-change.choose.postpone')}
              hint={t('admin-event-change.choose.postponeHint')}
              onChoose={() => setChoice('postpone')}
            />
            <ChoiceButton
              id="change-call-off-hint"
              variant="danger"
              icon={<CircleSlash aria-hidden="true" className="size-5" />}
              label={t('admin-event-change.choose.callOff')}
              hint={t('admin-event-change.choose.callOffHint')}
              onChoose={() => setChoice('call-off')}
            />
          </div>
        </>
      )}
    </section>
  );
}
