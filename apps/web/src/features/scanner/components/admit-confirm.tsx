import type { TicketTypeMark as Mark } from '@utsav/domain/api/tickets';
import { UserCheck } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button';
import { TicketTypeMark } from '../../../ui/ticket-type-mark';

export interface AdmitCandidate {
  holder: string;
  /** The printed code (displayTicketCode), when known. */
  code: string | null;
  /** What the gate knows of the ticket now, in words ("Not yet in", "Out on a pass since …"). */
  status: string;
  /** Its type, as the scanner's result shows it, when known. */
  ticketType?: Mark | null;
}

/**
 * The first tap found a ticket; this shows whose it is before anyone goes in, and the second tap admits. Focus
 * moves to the Admit button, so a keyboard's Enter or a screen reader's activation is the second tap, and the
 * details are read with it (aria-describedby).
 */
export function AdmitConfirm({
  candidate,
  busy,
  onConfirm,
  onCancel,
}: {
  candidate: AdmitCandidate;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const detailsId = useId();
  const admit = useRef<HTMLButtonElement>(null);
  useEffect(() => admit.current?.focus(), []);
  return (
    <section
      aria-labelledby={titleId}
      data-testid="admit-confirm"
      className="grid gap-3 rounded-xl border-2 border-saffron-300 bg-maroon-950 p-3"
    >
      <h3 id={titleId} className="font-bold text-gold-200">
        {t('scanner.confirm.title')}
      </h3>
      <dl id={detailsId} className="grid gap-1 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-maroon-100">{t('scanner.confirm.holder')}</dt>
          <dd className="min-w-0 break-words text-base font-bold text-cream">{candidate.holder}</dd>
        </div>
        {candidate.code ? (
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-maroon-100">{t('scanner.confirm.ticket')}</dt>
            <dd className="font-mono text-gold-200">{candidate.code}</dd>
          </div>
        ) : null}
        {candidate.ticketType ? (
          <div className="flex flex-wrap items-center gap-x-2">
            <dt className="text-maroon-100">{t('scanner.confirm.type')}</dt>
            <dd className="min-w-0 text-base text-cream">
              <TicketTypeMark type={candidate.ticketType} />
            </dd>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-x-2">
          <dt className="text-maroon-100">{t('scanner.confirm.status')}</dt>
          <dd className="min-w-0 break-words font-semibold text-cream">{candidate.status}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          ref={admit}
          size="lg"
          loading={busy}
          onClick={onConfirm}
          aria-describedby={detailsId}
          icon={<UserCheck aria-hidden="true" className="size-5" />}
        >
          {t('scanner.confirm.admit', { name: candidate.holder })}
        </Button>
        <Button size="lg" variant="secondary" disabled={busy} onClick={onCancel}>
          {t('scanner.confirm.cancel')}
        </Button>
      </div>
    </section>
  );
}
