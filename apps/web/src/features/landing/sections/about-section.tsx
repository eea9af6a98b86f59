import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../../ui/section-heading';
import type { SectionEvent } from './section-event';

export default function AboutSection({ event }: { event: SectionEvent }) {
  const { t } = useTranslation();
  const text = event.aboutText ?? event.description;
  // The organiser's own text is shown as written; our default words are translated.
  const paragraphs = text ? text.split(/\n{2,}/) : [t('landing.about.default1'), t('landing.about.default2')];
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-6xl px-5 py-20 sm:py-24">
      <SectionHeading id="about-title" eyebrow={event.name} title={t('landing.about.title')} />
      <div
        className={`grid items-center gap-10 ${event.eventImage ? 'md:grid-cols-2' : 'mx-auto max-w-3xl'}`}
      >
        <div className="space-y-4 text-lg text-maroon-50">
          {paragraphs.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        {event.eventImage ? (
          <img
            src={event.eventImage}
            alt={t('landing.about.poster', { event: event.name })}
            loading="lazy"
            decoding="async"
            width={800}
            height={600}
            className="card aspect-[4/3] w-full object-cover"
          />
        ) : null}
      </div>
    </section>
  );
}
