import { SectionHeading } from '../../../ui/section-heading';
import type { SectionEvent } from './section-event';

const DEFAULT_ABOUT = [
  'Before the nine nights of Navratri begin, Mumbai warms up with one evening of Garba and Raas. Live dhol and a band playing the songs you grew up dancing to, circles that keep widening as the night goes on, and dandiya sticks clicking in time.',
  'Come in chaniya choli or kediyu, come with your family or your whole building society, and dance from the first beat to the last aarti. First-timers are welcome: the circles are friendly and the steps are easy to pick up.',
];

export default function AboutSection({ event }: { event: SectionEvent }) {
  const text = event.aboutText ?? event.description;
  const paragraphs = text ? text.split(/\n{2,}/) : DEFAULT_ABOUT;
  return (
    <section aria-labelledby="about-title" className="mx-auto max-w-6xl px-5 py-20 sm:py-24">
      <SectionHeading id="about-title" eyebrow={event.name} title="About the Event" />
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
            alt={`${event.name} poster`}
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
