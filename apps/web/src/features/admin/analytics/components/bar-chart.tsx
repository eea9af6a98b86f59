import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface BarDatum {
  /** Axis label under the bar (short). */
  label: string;
  /** Full label for the table and the bar's tooltip. */
  fullLabel: string;
  value: number;
  /** A second figure shown in the table and tooltip (e.g. tickets for a revenue bar). */
  secondary?: string;
}

/** A round top of the axis: 1, 2 or 5 times a power of ten, at or above the largest value. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

const WIDTH = 640;
const HEIGHT = 260;
const MARGIN = { top: 16, right: 12, bottom: 34, left: 64 };
const TICKS = 4;

/**
 * A bar chart drawn as SVG with a y axis, gridlines and labels. To assistive tech it is one image with a
 * title and a summary; the same numbers follow as a real table (columns: label, value, secondary).
 */
export function BarChart({
  title,
  summary,
  data,
  format,
  valueHeader,
  secondaryHeader,
  labelHeader,
  labelEvery = 1,
  integer = false,
}: {
  title: string;
  summary: string;
  data: BarDatum[];
  format: (value: number) => string;
  valueHeader: string;
  secondaryHeader?: string;
  labelHeader: string;
  labelEvery?: number;
  /** Counts: ticks land on whole numbers. */
  integer?: boolean;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const descId = useId();
  const top = niceMax(Math.max(0, ...data.map((datum) => datum.value)));
  const max = integer ? Math.max(TICKS, Math.ceil(top / TICKS) * TICKS) : top;
  // 2,500 and 5,000 split evenly in five (500, 1,000); 1,000 and 2,000 in four (250, 500).
  const ticks = !integer && /^(25|5)0*$/.test(String(max)) ? 5 : TICKS;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const slot = data.length > 0 ? plotWidth / data.length : plotWidth;
  const barWidth = Math.max(2, Math.min(56, slot * 0.62));
  const y = (value: number) => MARGIN.top + plotHeight - (value / max) * plotHeight;

  return (
    <figure className="m-0">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        className="h-auto w-full overflow-visible"
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{summary}</desc>
        <defs>
          <linearGradient id={`${titleId}-bar`} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#ffc27a" />
            <stop offset="100%" stopColor="#f58a07" />
          </linearGradient>
        </defs>
        {Array.from({ length: ticks + 1 }, (_, index) => {
          const value = (max / ticks) * index;
          const ty = y(value);
          return (
            <g key={value}>
              <line
                x1={MARGIN.left}
                x2={WIDTH - MARGIN.right}
                y1={ty}
                y2={ty}
                stroke="#e2b44a"
                strokeOpacity={index === 0 ? 0.6 : 0.15}
                strokeDasharray={index === 0 ? undefined : '3 4'}
              />
              <text x={MARGIN.left - 8} y={ty} dy="0.32em" textAnchor="end" fontSize="12" fill="#e9c3b4">
                {format(value)}
              </text>
            </g>
          );
        })}
        <line
          x1={MARGIN.left}
          x2={MARGIN.left}
          y1={MARGIN.top}
          y2={MARGIN.top + plotHeight}
          stroke="#e2b44a"
          strokeOpacity={0.6}
        />
        {data.map((datum, index) => {
          const cx = MARGIN.left + slot * index + slot / 2;
          const top = y(datum.value);
          const height = MARGIN.top + plotHeight - top;
          return (
            <g key={datum.fullLabel}>
              {height > 0 ? (
                <rect
                  x={cx - barWidth / 2}
                  y={top}
                  width={barWidth}
                  height={height}
                  rx={Math.min(4, barWidth / 3)}
                  fill={`url(#${titleId}-bar)`}
                >
                  <title>{`${datum.fullLabel}: ${format(datum.value)}${datum.secondary ? ` · ${datum.secondary}` : ''}`}</title>
                </rect>
              ) : null}
              {index % labelEvery === 0 ? (
                <text x={cx} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle" fontSize="12" fill="#f7e1d3">
                  {datum.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-gold-200 hover:text-gold-300">
          {t('admin-analytics.chart.showTable')}
        </summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="text-xs tracking-wide text-maroon-200 uppercase">
              <tr>
                <th scope="col" className="py-1.5 pr-3">
                  {labelHeader}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right">
                  {valueHeader}
                </th>
                {secondaryHeader ? (
                  <th scope="col" className="py-1.5 text-right">
                    {secondaryHeader}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {data.map((datum) => (
                <tr key={datum.fullLabel} className="border-t border-gold-400/15">
                  <th scope="row" className="py-1.5 pr-3 font-normal text-maroon-50">
                    {datum.fullLabel}
                  </th>
                  <td className="py-1.5 pr-3 text-right text-cream tabular-nums">{format(datum.value)}</td>
                  {secondaryHeader ? (
                    <td className="py-1.5 text-right text-cream tabular-nums">{datum.secondary ?? ''}</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
