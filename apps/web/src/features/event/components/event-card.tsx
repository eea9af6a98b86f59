import { formatEventDate, formatTimeRange } from '@utsav/domain/time';
import { CalendarDays, Clock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../ui/skeleton';
import type { EventInfo } from '../types';

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
 * it loads: skeletons then, never the spec's defaults, which would pass for the real times (guest-side §1
 * shows the defaults only when no event exists).
 */
export function EventCard({ event, failed = false }: { event: EventInfo | null; failed?: boolean }) {
  const iconClass = 'mt-0.5 size-5 shrink-0 text-gold-300';
  if (event === null && failed) {
    return (
      <article className="card p-6">
        <p className="text-sm font-semibold tracking-[0.18em] text-saffron-300 uppercase">Your event</p>
        <p className="mt-2 text-maroon-50">
          The event details could not be loaded. Use Refresh Data to try again.
        </p>
      </article>
    );
  }
  return (
    <article className="card p-6" aria-busy={event === null || undefined}>
      <p className="text-sm font-semibold tracking-[0.18em] text-saffron-300 uppercase">Your event</p>
      {event ? (
        <h2 className="mt-1 font-display text-2xl break-words text-gold-200 sm:text-3xl">{event.name}</h2>
      ) : (
        <h2 className="mt-1">
          <span className="sr-only">Loading the event…</span>
          <Skeleton className="h-8 w-3/4" />
        </h2>
      )}
      <dl className="mt-5 grid gap-3 text-maroon-50 sm:grid-cols-3">
        <Detail label="Date" icon={<CalendarDays aria-hidden="true" className={iconClass} />}>
          {event === null ? (
            <Skeleton className="h-5 w-32" />
          ) : event.date ? (
            formatEventDate(event.date)
          ) : (
            'Date to be announced'
          )}
        </Detail>
        <Detail label="Time" icon={<Clock aria-hidden="true" className={iconClass} />}>
          {event === null ? (
            <Skeleton className="h-5 w-36" />
          ) : (
            formatTimeRange(event.startTime, event.endTime)
          )}
        </Detail>
        <Detail label="Venue" icon={<MapPin aria-hidden="true" className={iconClass} />}>
          {event === null ? <Skeleton className="h-5 w-40" /> : event.venue}
        </Detail>
      </dl>
    </article>
  );
}
