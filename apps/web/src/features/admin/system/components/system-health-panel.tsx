import { Activity, RotateCw } from 'lucide-react';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { Skeleton } from '../../../../ui/skeleton';
import { type SystemHealth, useSystemHealth } from '../api/get-system-health';

function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  return `${minutes}m`;
}

function yesNo(value: boolean | null, yes: string, no: string): string {
  if (value === null) return '—';
  return value ? yes : no;
}

function rows(health: SystemHealth): [string, string][] {
  return [
    [
      'Database',
      health.databaseReachable === false
        ? 'Unreachable'
        : `${yesNo(health.databaseReachable, 'Reachable', 'Unreachable')}${health.databaseLatencyMs !== null ? ` · ${Math.round(health.databaseLatencyMs * 10) / 10} ms` : ''}`,
    ],
    ['Migrations', yesNo(health.migrationsCurrent, 'Up to date', 'Pending')],
    ['Pending holds', health.pendingHolds === null ? '—' : String(health.pendingHolds)],
    ['Refunds waiting', health.refundsWaiting === null ? '—' : String(health.refundsWaiting)],
    ['Uptime', health.uptimeSeconds === null ? '—' : formatUptime(health.uptimeSeconds)],
    ['Memory', health.memoryMb === null ? '—' : `${health.memoryMb} MB`],
    ['Version', health.version ?? '—'],
  ];
}

/** A small panel of GET /admin/system/health for staff: is the box well, and is anything waiting. */
export function SystemHealthPanel() {
  const query = useSystemHealth();
  const health = query.data;
  return (
    <section aria-labelledby="system-health-title" className="card p-5">
      <div className="flex items-center justify-between gap-3">
        <h2
          id="system-health-title"
          className="flex items-center gap-2 font-sans text-lg font-semibold text-cream"
        >
          <Activity aria-hidden="true" className="size-5 text-gold-300" />
          System health
        </h2>
        <div className="flex items-center gap-2">
          {health ? (
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${health.ok ? 'bg-emerald-200 text-emerald-950' : 'bg-rose-200 text-rose-950'}`}
            >
              {health.ok ? 'Healthy' : 'Needs attention'}
            </span>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            aria-label="Refresh system health"
            loading={query.isFetching}
            onClick={() => void query.refetch()}
            icon={<RotateCw aria-hidden="true" className="size-4" />}
          />
        </div>
      </div>
      {query.isPending ? (
        <div className="mt-4 grid grid-cols-2 gap-3" role="status" aria-label="Loading system health">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-rose-200">
          Could not read system health: {errorMessage(query.error)}
        </p>
      ) : health ? (
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4 lg:grid-cols-7">
          {rows(health).map(([label, value]) => (
            <div key={label} className="min-w-0">
              <dt className="text-maroon-200">{label}</dt>
              <dd className="font-semibold break-words text-cream">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
