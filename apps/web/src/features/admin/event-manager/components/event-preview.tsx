import { formatRupees } from '@utsav/domain/pricing';
import { formatEventDate, formatTimeRange } from '@utsav/domain/time';
import { CalendarDays, Clock, ImageOff, MapPin, Sparkles } from 'lucide-react';
import { useState } from 'react';
import type { AdminEvent } from '../api/get-admin-event';

function EventImage({ src, name }: { src: string | null; name: string }) {
  const [failed, setFailed] = useState(false);
  if (!src) return null;
  if (failed) {
    return (
      <div className="flex aspect-[16/7] items-center justify-center gap-2 rounded-xl bg-maroon-950/70 text-maroon-200">
        <ImageOff aria-hidden="true" className="size-5" />
        Image not available
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={`${name} event artwork`}
      className="aspect-[16/7] w-full rounded-xl object-cover"
      onError={() => setFailed(true)}
    />
  );
}

/** The stored event as guests will see it (admin-side §2 preview). */
export function EventPreview({ event }: { event: AdminEvent }) {
  const group = event.groupPrice4 !== null && event.groupPrice4 > 0 ? event.groupPrice4 : null;
  return (
    <article className="card grid gap-6 p-5 sm:p-6" aria-labelledby="event-preview-name">
      <EventImage src={event.eventImage} name={event.name} />
      <div>
        <h2 id="event-preview-name" className="font-display text-3xl text-gold-200">
          {event.name}
        </h2>
        <p className="mt-2 whitespace-pre-line text-maroon-50">{event.description}</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        <div className="flex items-start gap-2">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
          <div>
            <dt className="text-sm text-maroon-200">Date</dt>
            <dd className="text-cream">{event.date ? formatEventDate(event.date) : '—'}</dd>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
          <div>
            <dt className="text-sm text-maroon-200">Time</dt>
            <dd className="text-cream">{formatTimeRange(event.startTime, event.endTime)}</dd>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
          <div>
            <dt className="text-sm text-maroon-200">Venue</dt>
            <dd className="text-cream">{event.venue}</dd>
          </div>
        </div>
      </dl>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4">
          <dt className="text-sm text-maroon-200">Individual price (1-3 tickets)</dt>
          <dd className="text-2xl font-bold text-gold-200">{formatRupees(event.ticketPrice)}</dd>
        </div>
        <div className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4">
          <dt className="text-sm text-maroon-200">Group price (4+ tickets)</dt>
          <dd className="text-2xl font-bold text-gold-200">{group === null ? '—' : formatRupees(group)}</dd>
        </div>
        <div className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4">
          <dt className="text-sm text-maroon-200">Tickets</dt>
          <dd className="text-cream">
            <span className="text-2xl font-bold text-gold-200">
              {event.totalTickets.toLocaleString('en-IN')}
            </span>{' '}
            total
            {event.availableTickets !== null ? (
              <span className="block text-sm text-maroon-100">
                {event.availableTickets.toLocaleString('en-IN')} available
                {event.soldTickets !== null ? ` · ${event.soldTickets.toLocaleString('en-IN')} sold` : ''}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {event.features.length > 0 ? (
        <div>
          <h3 className="font-sans text-sm font-semibold text-maroon-200">Features</h3>
          <ul className="mt-2 flex flex-wrap gap-2">
            {event.features.map((feature) => (
              <li
                key={feature}
                className="inline-flex items-center gap-1.5 rounded-full border border-gold-400/40 px-3 py-1 text-sm text-gold-200"
              >
                <Sparkles aria-hidden="true" className="size-3.5" />
                {feature}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {event.aboutText ? (
        <div>
          <h3 className="font-sans text-sm font-semibold text-maroon-200">About</h3>
          <p className="mt-1 whitespace-pre-line text-maroon-50">{event.aboutText}</p>
        </div>
      ) : null}
    </article>
  );
}
