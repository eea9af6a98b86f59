import type { Event } from '@utsav/domain/api/event';
import { freeRefundOpen } from '@utsav/domain/event-standing';
import { formatEventDate } from '@utsav/domain/time';
import { CalendarClock, CircleSlash } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../lib/i18n/language';
import { formatInstant } from './format';
import { useTimeRange } from './time-range';

/** What the notice needs of the event (GET /event): its standing, and where and when it now is. */
export type EventStandingView = Pick<
  Event,
  'status' | 'freeRefundUntil' | 'date' | 'startTime' | 'endTime' | 'venue'
>;

/**
 * "This night has been called off" (refunds are on their way) or "Moved to …" (with the full-refund period while
 * it is open), for the landing page, My Tickets, a ticket and the gate. Nothing while the night is on sale.
 * `compact`: one line, for a ticket card.
 */
export function EventChangeNotice({
  event,
  audience = 'guest',
  compact = false,
  now = new Date(),
}: {
  event: EventStandingView | null | undefined;
  /** The gate's volunteers are told what to say; a guest, what happens to their money. */
  audience?: 'guest' | 'gate';
  compact?: boolean;
  now?: Date;
}) {
  const { t } = useTranslation();
  const timeRange = useTimeRange();
  if (!event?.status || event.status === 'on-sale') return null;
  if (event.status === 'called-off') {
    return (
      <NoticeBox
        testId="event-called-off"
        tone="rose"
        compact={compact}
        icon={<CircleSlash aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-rose-200" />}
        title={t('landing.change.calledOff')}
      >
        {compact
          ? null
          : audience === 'gate'
            ? t('landing.change.calledOffGate')
            : t('landing.change.calledOffRefunds')}
      </NoticeBox>
    );
  }
  const when = t('landing.change.movedWhen', {
    date: formatEventDate(event.date, currentLocale()),
    time: timeRange(event.startTime, event.endTime),
    venue: event.venue,
  });
  const refundOpen = freeRefundOpen(
    { status: event.status, freeRefundUntil: event.freeRefundUntil ?? null },
    now,
  );
  return (
    <NoticeBox
      testId="event-moved"
      tone="gold"
      compact={compact}
      icon={<CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />}
      title={t('landing.change.movedTo', { when })}
    >
      {compact || audience === 'gate'
        ? null
        : refundOpen
          ? t('landing.change.movedRefund', { until: formatInstant(event.freeRefundUntil ?? null) })
          : t('landing.change.movedValid')}
    </NoticeBox>
  );
}

const TONES = {
  rose: { box: 'border-rose-300/60 bg-rose-950/70', title: 'text-rose-100' },
  gold: { box: 'border-gold-300/60 bg-maroon-900/90', title: 'text-gold-200' },
} as const;

/** The notice's box: announced when it appears, except the one-line copy on each ticket (one is enough). */
function NoticeBox(props: {
  testId: string;
  tone: keyof typeof TONES;
  compact: boolean;
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  const tone = TONES[props.tone];
  return (
    <div
      role={props.compact ? undefined : 'status'}
      data-testid={props.testId}
      className={`flex items-start gap-3 rounded-xl border text-left ${tone.box} ${props.compact ? 'p-3 text-sm' : 'p-4'}`}
    >
      {props.icon}
      <p className="min-w-0 text-cream [overflow-wrap:anywhere]">
        <strong className={`block font-semibold ${tone.title}`}>{props.title}</strong>
        {props.children}
      </p>
    </div>
  );
}
