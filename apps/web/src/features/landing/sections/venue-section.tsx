import { ExternalLink, MapPin, QrCode, Shirt, Train } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../../ui/section-heading';
import type { SectionEvent } from './section-event';

const TIPS = [
  {
    icon: QrCode,
    title: 'landing.venue.qrTitle',
    text: 'landing.venue.qrText',
  },
  {
    icon: Train,
    title: 'landing.venue.travelTitle',
    text: 'landing.venue.travelText',
  },
  {
    icon: Shirt,
    title: 'landing.venue.dressTitle',
    text: 'landing.venue.dressText',
  },
];

export default function VenueSection({ event }: { event: SectionEvent }) {
  const { t } = useTranslation();
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(event.venue)}`;
  return (
    <section aria-labelledby="venue-title" className="mx-auto max-w-6xl px-5 py-20">
      <SectionHeading
        id="venue-title"
        eyebrow={t('landing.venue.eyebrow')}
        title={t('landing.venue.title')}
      />
      <div className="grid gap-6 md:grid-cols-[1.1fr_1fr]">
        <div className="card flex flex-col justify-between gap-6 p-7">
          <div className="flex items-start gap-4">
            <MapPin aria-hidden="true" className="mt-1 size-7 shrink-0 text-saffron-300" />
            <div>
              <p className="font-display text-2xl text-gold-200">{event.venue}</p>
              <p className="mt-2 text-maroon-100">{t('landing.venue.city')}</p>
            </div>
          </div>
          <a
            href={mapsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-2 rounded-full border border-gold-400/60 px-5 py-2.5 font-semibold text-gold-200 hover:border-gold-300 hover:text-cream"
          >
            {t('landing.venue.openMaps')}
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('landing.venue.newTab')}</span>
          </a>
        </div>
        <ul className="grid gap-4">
          {TIPS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card flex gap-4 p-5">
              <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold-300" />
              <div>
                <p className="font-semibold text-cream">{t(title)}</p>
                <p className="text-maroon-100">{t(text)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
