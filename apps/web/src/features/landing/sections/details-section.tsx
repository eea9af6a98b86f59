import { GROUP_MIN_QUANTITY } from '@utsav/domain/constants';
import { formatRupees, hasGroupPrice } from '@utsav/domain/pricing';
import { formatEventDate } from '@utsav/domain/time';
import { CalendarDays, Clock, IndianRupee, MapPin, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../lib/i18n/language';
import { formatCount } from '../../../ui/format';
import { SectionHeading } from '../../../ui/section-heading';
import { useTimeRange } from '../../../ui/time-range';
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
  const { t } = useTranslation();
  const timeRange = useTimeRange();
  const group = hasGroupPrice(event) ? event.groupPrice4 : null;
  const price = formatRupees(event.ticketPrice);
  return (
    <section aria-labelledby="details-title" className="mx-auto max-w-6xl px-5 py-20">
      <SectionHeading
        id="details-title"
        eyebrow={t('landing.details.eyebrow')}
        title={t('landing.details.title')}
      />
      <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Item icon={<CalendarDays className="size-5" />} label={t('landing.details.date')}>
          {event.date ? formatEventDate(event.date, currentLocale()) : t('landing.details.dateToBeAnnounced')}
        </Item>
        <Item icon={<Clock className="size-5" />} label={t('landing.details.time')}>
          {timeRange(event.startTime, event.endTime)}
        </Item>
        <Item icon={<MapPin className="size-5" />} label={t('landing.details.venue')}>
          {event.venue}
        </Item>
        <Item icon={<IndianRupee className="size-5" />} label={t('landing.details.individual')}>
          {t('landing.details.perTicket', { price })}
        </Item>
        <Item
          icon={<Users className="size-5" />}
          label={t('landing.details.group', { min: GROUP_MIN_QUANTITY })}
        >
          {group !== null
            ? t('landing.details.perTicket', { price: formatRupees(group) })
            : t('landing.details.groupLater', { price })}
        </Item>
        {event.availableTickets !== null ? (
          <Item icon={<Ticket className="size-5" />} label={t('landing.details.left')}>
            {event.availableTickets > 0 ? formatCount(event.availableTickets) : t('landing.details.soldOut')}
          </Item>
        ) : null}
      </dl>
    </section>
  );
}
