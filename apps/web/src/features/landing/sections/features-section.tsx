import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../../ui/section-heading';
import type { SectionEvent } from './section-event';

/** Rendered only when the event lists features (docs/product.md#landing). */
export default function FeaturesSection({ event }: { event: SectionEvent }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-5 py-20">
      <SectionHeading
        id="features-title"
        eyebrow={t('landing.features.eyebrow')}
        title={t('landing.features.title')}
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {event.features.map((feature) => (
          <li key={feature} className="card flex items-start gap-3 p-5 text-lg text-cream">
            <Sparkles aria-hidden="true" className="mt-1 size-5 shrink-0 text-saffron-300" />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}
