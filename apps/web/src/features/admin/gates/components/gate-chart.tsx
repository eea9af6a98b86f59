import { useTranslation } from 'react-i18next';
import type { LiveGate } from '../api/get-live-gates';

const MINUTES = 60;

/**
 * Admissions per minute over the last hour, one bar a minute (oldest left). Read as a picture by eye and as
 * its summary by a screen reader; the numbers themselves are in the row beside it.
 */
export function GateChart({ gate, name, now }: { gate: LiveGate; name: string; now: Date }) {
  const { t } = useTranslation();
  const end = Math.floor(now.getTime() / 60_000) * 60_000;
  const counts = new Array<number>(MINUTES).fill(0);
  for (const { minute, count } of gate.perMinute) {
    const index = MINUTES - 1 - Math.round((end - Date.parse(minute)) / 60_000);
    if (index >= 0 && index < MINUTES) counts[index] = (counts[index] ?? 0) + count;
  }
  const peak = Math.max(1, ...counts);
  const total = counts.reduce((sum, count) => sum + count, 0);
  return (
    <svg
      role="img"
      aria-label={t('gates.chart', { gate: name, count: total, peak })}
      viewBox={`0 0 ${MINUTES * 4} 40`}
      preserveAspectRatio="none"
      className="h-10 w-full text-saffron-300"
    >
      {counts.map((count, index) => {
        const height = count === 0 ? 1 : Math.max(3, (count / peak) * 38);
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar per minute slot; the index is the minute
            key={index}
            x={index * 4}
            y={40 - height}
            width={3}
            height={height}
            className={count === 0 ? 'fill-maroon-700' : 'fill-current'}
          />
        );
      })}
    </svg>
  );
}
