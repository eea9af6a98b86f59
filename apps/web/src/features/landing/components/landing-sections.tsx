import { lazy } from 'react';
import { LazySection } from '../../../ui/lazy-section';
import type { SectionEvent } from '../sections/section-event';

// Each section is its own chunk, fetched when its placeholder comes within 100 px of the viewport.
const AboutSection = lazy(() => import('../sections/about-section'));
const DetailsSection = lazy(() => import('../sections/details-section'));
const CountdownSection = lazy(() => import('../sections/countdown-section'));
const FeaturesSection = lazy(() => import('../sections/features-section'));
const VenueSection = lazy(() => import('../sections/venue-section'));
const FaqSection = lazy(() => import('../sections/faq-section'));

export function LandingSections({ event }: { event: SectionEvent }) {
  return (
    <>
      <LazySection id="about" minHeight={520}>
        <AboutSection event={event} />
      </LazySection>
      <LazySection id="details" minHeight={560}>
        <DetailsSection event={event} />
      </LazySection>
      <LazySection id="countdown" minHeight={420}>
        <CountdownSection event={event} />
      </LazySection>
      {event.features.length > 0 ? (
        <LazySection id="features" minHeight={400}>
          <FeaturesSection event={event} />
        </LazySection>
      ) : null}
      <LazySection id="venue" minHeight={520}>
        <VenueSection event={event} />
      </LazySection>
      <LazySection id="faq" minHeight={640}>
        <FaqSection event={event} />
      </LazySection>
    </>
  );
}
