import { formatEventDate, formatTimeRange } from '@utsav/domain/time';
import { CalendarDays, Clock, MapPin } from 'lucide-react';
import type { EventInfo } from '../types';

/** Name, date, time range and venue of the event (the guest dashboard's event card). */
export function EventCard({ event }: { event: EventInfo }) {
  return (
    <article className="card p-6">
      <p className="text-sm font-semibold tracking-[0.18em] text-saffron-300 uppercase">Your event</p>
      <h2 className="mt-1 font-display text-2xl text-gold-200 sm:text-3xl">{event.name}</h2>
      <dl className="mt-5 grid gap-3 text-maroon-50 sm:grid-cols-3">
        <div className="flex items-start gap-2">
          <dt>
            <CalendarDays aria-hidden="true" className="mt-0.5 size-5 text-gold-300" />
            <span className="sr-only">Date</span>
          </dt>
          <dd>{event.date ? formatEventDate(event.date) : 'Date to be announced'}</dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <Clock aria-hidden="true" className="mt-0.5 size-5 text-gold-300" />
            <span className="sr-only">Time</span>
          </dt>
          <dd>{formatTimeRange(event.startTime, event.endTime)}</dd>
        </div>
        <div className="flex items-start gap-2">
          <dt>
            <MapPin aria-hidden="true" className="mt-0.5 size-5 text-gold-300" />
            <span className="sr-only">Venue</span>
          </dt>
          <dd>{event.venue}</dd>
        </div>
      </dl>
    </article>
  );
}
