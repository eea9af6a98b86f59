import { GROUP_MIN_QUANTITY } from '@utsav/domain/constants';
import { formatRupees, hasGroupPrice } from '@utsav/domain/pricing';
import { formatEventDate, formatTimeRange } from '@utsav/domain/time';
import { CalendarDays, Clock, IndianRupee, MapPin, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { SectionHeading } from '../../../ui/section-heading';
import type { SectionEvent } from './section-event';

function Item({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // A <dl> allows only <dt>/<dd> inside its <div> groups, so the icon sits in the <dt>, drawn beside both.
    <div className="card relative p-5 pl-20">
      <dt className="text-sm font-semibold tracking-wide text-saffron-300 uppercase">
        <span
          aria-hidden="true"
          className="absolute top-5 left-5 flex size-11 items-center justify-center rounded-full bg-maroon-700 text-gold-300"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="mt-1 text-lg text-cream">{children}</dd>
    </div>
  );
}

export default function DetailsSection({ event }: { event: SectionEvent }) {
  const group = hasGroupPrice(event) ? event.groupPrice4 : null;
  return (
    <section aria-labelledby="details-title" className="mx-auto max-w-6xl px-5 py-20">
      <SectionHeading id="details-title" eyebrow="Plan your evening" title="Event Details" />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item icon={<CalendarDays className="size-5" />} label="Date">
          {event.date ? formatEventDate(event.date) : 'To be announced'}
        </Item>
        <Item icon={<Clock className="size-5" />} label="Time">
          {formatTimeRange(event.startTime, event.endTime)}
        </Item>
        <Item icon={<MapPin className="size-5" />} label="Venue">
          {event.venue}
        </Item>
        <Item icon={<IndianRupee className="size-5" />} label="Individual (1-3 tickets)">
          {formatRupees(event.ticketPrice)} per ticket
        </Item>
        <Item icon={<Users className="size-5" />} label={`Group (${GROUP_MIN_QUANTITY}+ tickets)`}>
          {group !== null
            ? `${formatRupees(group)} per ticket`
            : `${formatRupees(event.ticketPrice)} per ticket — group rates announced with booking`}
        </Item>
        {event.availableTickets !== null ? (
          <Item icon={<Ticket className="size-5" />} label="Tickets left">
            {event.availableTickets > 0 ? event.availableTickets.toLocaleString('en-IN') : 'Sold out'}
          </Item>
        ) : null}
      </dl>
    </section>
  );
}
