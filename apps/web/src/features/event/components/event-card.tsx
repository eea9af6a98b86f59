import { formatEventDate } from '@utsav/domain/time';
import { CalendarDays, Clock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n/language';
import { Skeleton } from '../../../ui/skeleton';
import { useTimeRange } from '../../../ui/time-range';
import type { ShownEvent } from '../shown-event';

function Detail({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-2">
      <dt>
        {icon}
        <span className="sr-only">{label}</span>
      </dt>
      <dd className="min-w-0 flex-1 break-words">{children}</dd>
    </div>
  );
}

/**
 * Name, date, time range and venue of the event (the guest dashboard's event card). `event` is null while
 * it loads: skeletons then, never the landing page's defaults, which would pass for the real times (the
 * landing page shows the defaults only when no event exists).
 */
export function EventCard({ event, failed = false }: { event: ShownEvent | null; failed?: boolean }) {
  const { t } = useTranslation();
  const timeRange = useTimeRange();
  const iconClass = 'mt-0.5 size-5 shrink-0 text-gold-300';
  if (event === null && failed) {
    return (
      <article className="card p-6">
        <p className="text-sm font-semibold tracking-[0.18em] text-saffron-300 uppercase">
          {t('tickets.eventCard.label')}
        </p>
        <p className="mt-2 text-maroon-50">{t('tickets.eventCard.failed')}</p>
      </article>
    );
  }
  return (
    <article className="card p-6" aria-busy={event === null || undefined}>
      <p className="text-sm font-semibold tracking-[0.18em] text-saffron-300 uppercase">
        {t('tickets.eventCard.label')}
      </p>
      {event ? (
        <h2 className="mt-1 font-display text-2xl break-words text-gold-200 sm:text-3xl">{event.name}</h2>
      ) : (
        <h2 className="mt-1">
          <span className="sr-only">{t('tickets.eventCard.loading')}</span>
          <Skeleton className="h-8 w-3/4" />
        </h2>
      )}
      <dl className="mt-5 grid gap-3 text-maroon-50 sm:grid-cols-3">
        <Detail
          label={t('tickets.eventCard.date')}
          icon={<CalendarDays aria-hidden="true" className={iconClass} />}
        >
          {event === null ? (
            <Skeleton className="h-5 w-32" />
          ) : event.date ? (
            formatEventDate(event.date, currentLocale())
          ) : (
            t('tickets.eventCard.dateToBeAnnounced')
          )}
        </Detail>
        <Detail label={t('tickets.eventCard.time')} icon={<Clock aria-hidden="true" className={iconClass} />}>
          {event === null ? <Skeleton className="h-5 w-36" /> : timeRange(event.startTime, event.endTime)}
        </Detail>
        <Detail
          label={t('tickets.eventCard.venue')}
          icon={<MapPin aria-hidden="true" className={iconClass} />}
        >
          {event === null ? <Skeleton className="h-5 w-40" /> : event.venue}
        </Detail>
      </dl>
    </article>
  );
}
