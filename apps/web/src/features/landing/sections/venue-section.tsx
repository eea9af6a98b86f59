import { ExternalLink, MapPin, QrCode, Shirt, Train } from 'lucide-react';
import { SectionHeading } from '../../../ui/section-heading';
import type { SectionEvent } from './section-event';

const TIPS = [
  {
    icon: QrCode,
    title: 'Entry by QR code',
    text: 'Keep your ticket QR ready on your phone (or printed). Each code admits one person, once.',
  },
  {
    icon: Train,
    title: 'Travel light and early',
    text: 'Mumbai evenings get busy: take the local or a cab and arrive early to skip the queue at the gate.',
  },
  {
    icon: Shirt,
    title: 'Dress for the circle',
    text: 'Traditional attire is welcome and comfortable footwear helps — you will be dancing for hours.',
  },
];

export default function VenueSection({ event }: { event: SectionEvent }) {
  const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(event.venue)}`;
  return (
    <section aria-labelledby="venue-title" className="mx-auto max-w-6xl px-5 py-20">
      <SectionHeading id="venue-title" eyebrow="Getting there" title="Venue" />
      <div className="grid gap-6 md:grid-cols-[1.1fr_1fr]">
        <div className="card flex flex-col justify-between gap-6 p-7">
          <div className="flex items-start gap-4">
            <MapPin aria-hidden="true" className="mt-1 size-7 shrink-0 text-saffron-300" />
            <div>
              <p className="font-display text-2xl text-gold-200">{event.venue}</p>
              <p className="mt-2 text-maroon-100">Mumbai, Maharashtra</p>
            </div>
          </div>
          <a
            href={mapsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex w-fit items-center gap-2 rounded-full border border-gold-400/60 px-5 py-2.5 font-semibold text-gold-200 hover:border-gold-300 hover:text-cream"
          >
            Open in Maps
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
        <ul className="grid gap-4">
          {TIPS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="card flex gap-4 p-5">
              <Icon aria-hidden="true" className="mt-1 size-5 shrink-0 text-gold-300" />
              <div>
                <p className="font-semibold text-cream">{title}</p>
                <p className="text-maroon-100">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
