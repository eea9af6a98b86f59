import type { Event } from '@utsav/domain/api/event';
import { freeRefundOpen } from '@utsav/domain/event-standing';
import { formatEventDate } from '@utsav/domain/time';
import { CalendarClock, CircleSlash } from 'lucide-react';
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
      <div
        role="status"
        data-testid="event-called-off"
        className={`flex items-start gap-3 rounded-xl border border-rose-300/60 bg-rose-950/70 text-left ${compact ? 'p-3 text-sm' : 'p-4'}`}
      >
        <CircleSlash aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-rose-200" />
        <p className="min-w-0 text-cream">
          <strong className="block font-semibold text-rose-100">{t('landing.change.calledOff')}</strong>
          {compact
            ? null
            : audience === 'gate'
              ? t('landing.change.calledOffGate')
              : t('landing.change.calledOffRefunds')}
        </p>
      </div>
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
    <div
      role="status"
      data-testid="event-moved"
      className={`flex items-start gap-3 rounded-xl border border-gold-300/60 bg-maroon-900/90 text-left ${compact ? 'p-3 text-sm' : 'p-4'}`}
    >
      <CalendarClock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
      <p className="min-w-0 text-cream [overflow-wrap:anywhere]">
        <strong className="block font-semibold text-gold-200">{t('landing.change.movedTo', { when })}</strong>
        {compact || audience === 'gate'
          ? null
          : refundOpen
            ? t('landing.change.movedRefund', { until: formatInstant(event.freeRefundUntil ?? null) })
            : t('landing.change.movedValid')}
      </p>
    </div>
  );
}
