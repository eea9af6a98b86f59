import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export const SETUP_STEPS = ['organiser', 'profile', 'event', 'ticketTypes', 'publish'] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

const STEP_KEYS: Record<SetupStep, string> = {
  organiser: 'setup.steps.organiser',
  profile: 'setup.steps.profile',
  event: 'setup.steps.event',
  ticketTypes: 'setup.steps.ticketTypes',
  publish: 'setup.steps.publish',
};

/** The first run's five steps, the current one marked for screen readers (aria-current) and by sight. */
export function SetupProgress({ current }: { current: SetupStep | 'done' }) {
  const { t } = useTranslation();
  const at = current === 'done' ? SETUP_STEPS.length : SETUP_STEPS.indexOf(current);
  return (
    <ol aria-label={t('setup.progress')} className="flex flex-wrap gap-2">
      {SETUP_STEPS.map((step, index) => {
        const done = index < at;
        const here = index === at;
        return (
          <li
            key={step}
            aria-current={here ? 'step' : undefined}
            className={`flex items-center gap-2 rounded-full border px-3 py-1.5 text-sm ${
              here
                ? 'border-saffron-300 bg-saffron-400 font-semibold text-ink'
                : done
                  ? 'border-emerald-300/60 text-emerald-100'
                  : 'border-gold-400/30 text-maroon-200'
            }`}
          >
            <span aria-hidden="true" className="flex size-5 items-center justify-center">
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            {t(STEP_KEYS[step])}
            {done ? <span className="sr-only">{t('setup.stepDone')}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
