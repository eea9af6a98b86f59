import { formatEventDate } from '@utsav/domain/time';
import { CalendarDays, Clock, ImageOff, MapPin, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../../lib/i18n/language';
import { formatClock, formatCount, formatRupees } from '../../../../ui/format';
import type { AdminEvent } from '../api/get-admin-event';

function EventImage({ src, name }: { src: string | null; name: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (!src) return null;
  if (failed) {
    return (
      <div className="flex aspect-[16/7] items-center justify-center gap-2 rounded-xl bg-maroon-950/70 text-maroon-200">
        <ImageOff aria-hidden="true" className="size-5" />
        {t('admin-event.image.unavailable')}
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={t('admin-event.image.alt', { name })}
      className="aspect-[16/7] w-full rounded-xl object-cover"
      onError={() => setFailed(true)}
    />
  );
}

/** The stored event as guests will see it (the event manager's preview). */
export function EventPreview({ event }: { event: AdminEvent }) {
  const { t } = useTranslation();
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
            <dt className="text-sm text-maroon-200">{t('admin-event.preview.date')}</dt>
            <dd className="text-cream">{event.date ? formatEventDate(event.date, currentLocale()) : '—'}</dd>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
          <div>
            <dt className="text-sm text-maroon-200">{t('admin-event.preview.time')}</dt>
            <dd className="text-cream">
              {t('admin-event.preview.timeRange', {
                start: formatClock(event.startTime),
                end: formatClock(event.endTime),
              })}
            </dd>
          </div>
        </div>
        <div className="flex items-start gap-2">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-gold-300" />
          <div>
            <dt className="text-sm text-maroon-200">{t('admin-event.preview.venue')}</dt>
            <dd className="text-cream">{event.venue}</dd>
          </div>
        </div>
      </dl>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4">
          <dt className="text-sm text-maroon-200">{t('admin-event.preview.individualPrice')}</dt>
          <dd className="text-2xl font-bold text-gold-200">{formatRupees(event.ticketPrice)}</dd>
        </div>
        <div className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4">
          <dt className="text-sm text-maroon-200">{t('admin-event.preview.groupPrice')}</dt>
          <dd className="text-2xl font-bold text-gold-200">{group === null ? '—' : formatRupees(group)}</dd>
        </div>
        <div className="rounded-xl border border-gold-400/25 bg-maroon-950/60 p-4">
          <dt className="text-sm text-maroon-200">{t('admin-event.preview.tickets')}</dt>
          <dd className="text-cream">
            <span className="text-2xl font-bold text-gold-200">{formatCount(event.totalTickets)}</span>{' '}
            {t('admin-event.preview.total')}
            {event.availableTickets !== null ? (
              <span className="block text-sm text-maroon-100">
                {event.soldTickets !== null
                  ? t('admin-event.preview.availableSold', {
                      available: formatCount(event.availableTickets),
                      sold: formatCount(event.soldTickets),
                    })
                  : t('admin-event.preview.available', { available: formatCount(event.availableTickets) })}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>
      {event.features.length > 0 ? (
        <div>
          <h3 className="font-sans text-sm font-semibold text-maroon-200">
            {t('admin-event.preview.features')}
          </h3>
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
          <h3 className="font-sans text-sm font-semibold text-maroon-200">
            {t('admin-event.preview.about')}
          </h3>
          <p className="mt-1 whitespace-pre-line text-maroon-50">{event.aboutText}</p>
        </div>
      ) : null}
    </article>
  );
}
