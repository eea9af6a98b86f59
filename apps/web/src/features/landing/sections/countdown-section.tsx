import { istInstant } from '@utsav/domain/time';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionHeading } from '../../../ui/section-heading';
import type { SectionEvent } from './section-event';

const SECOND = 1000;
const UNITS = [
  { label: 'landing.countdown.days', ms: 86_400_000 },
  { label: 'landing.countdown.hours', ms: 3_600_000 },
  { label: 'landing.countdown.minutes', ms: 60_000 },
  { label: 'landing.countdown.seconds', ms: SECOND },
] as const;

function split(remaining: number): number[] {
  let rest = Math.max(0, remaining);
  return UNITS.map((unit) => {
    const value = Math.floor(rest / unit.ms);
    rest -= value * unit.ms;
    return value;
  });
}

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), SECOND);
    return () => clearInterval(timer);
  }, [active]);
  return now;
}

/** Live countdown to the event's start, read as Mumbai (IST) wall-clock time. */
export default function CountdownSection({ event }: { event: SectionEvent }) {
  const { t } = useTranslation();
  const start = event.date ? istInstant(event.date, event.startTime).getTime() : null;
  const end = event.date ? istInstant(event.date, event.endTime).getTime() : null;
  const now = useNow(start !== null && end !== null && Date.now() < end);
  const values = start !== null ? split(start - now) : null;

  let status: string | null = null;
  if (start === null) status = t('landing.countdown.toBeAnnounced');
  else if (end !== null && now >= end) status = t('landing.countdown.ended');
  else if (now >= start) status = t('landing.countdown.begun');

  return (
    <section aria-labelledby="countdown-title" className="px-5 py-20">
      <div className="card mx-auto max-w-4xl px-5 py-12 text-center sm:px-10">
        <SectionHeading
          id="countdown-title"
          eyebrow={t('landing.countdown.eyebrow')}
          title={t('landing.countdown.title')}
        />
        {status || !values ? (
          <p className="text-xl text-gold-200">{status}</p>
        ) : (
          <>
            <ol className="grid grid-cols-4 gap-2 sm:gap-5" aria-hidden="true">
              {UNITS.map((unit, index) => (
                <li
                  key={unit.label}
                  className="rounded-2xl bg-maroon-950/70 px-1 py-4 ring-1 ring-gold-400/25 sm:py-6"
                >
                  <span className="block font-display text-3xl font-bold text-gold-200 tabular-nums sm:text-5xl">
                    {String(values[index] ?? 0).padStart(2, '0')}
                  </span>
                  <span className="mt-1 block text-xs font-semibold tracking-wider text-maroon-100 uppercase sm:text-sm">
                    {t(unit.label)}
                  </span>
                </li>
              ))}
            </ol>
            <p className="sr-only">
              {t('landing.countdown.remaining', {
                days: values[0],
                hours: values[1],
                minutes: values[2],
              })}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
