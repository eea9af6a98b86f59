import type { ReactNode } from 'react';
import { Skeleton } from './skeleton';

/** One number of a dashboard: label, value, an optional line under it. */
export function StatCard({
  label,
  value,
  hint,
  icon,
  loading = false,
}: {
  label: string;
  value: string;
  hint?: ReactNode;
  icon?: ReactNode;
  loading?: boolean;
}) {
  return (
    <div className="card flex items-start gap-4 p-4 sm:p-5" aria-busy={loading || undefined}>
      {icon ? (
        <span
          aria-hidden="true"
          className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-maroon-700 text-gold-300 sm:flex"
        >
          {icon}
        </span>
      ) : null}
      <div className="min-w-0">
        <p className="text-sm font-semibold text-maroon-100">{label}</p>
        {loading ? (
          <Skeleton className="mt-2 h-7 w-24" />
        ) : (
          <p className="mt-0.5 text-xl font-bold break-words text-cream tabular-nums sm:text-2xl">{value}</p>
        )}
        {hint && !loading ? <p className="mt-0.5 text-xs text-maroon-200">{hint}</p> : null}
      </div>
    </div>
  );
}
