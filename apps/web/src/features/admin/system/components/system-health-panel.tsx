import type { TFunction } from 'i18next';
import { Activity, RotateCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../../lib/api-client';
import { Button } from '../../../../ui/button';
import { formatCount } from '../../../../ui/format';
import { Skeleton } from '../../../../ui/skeleton';
import { type SystemHealth, useSystemHealth } from '../api/get-system-health';

type T = TFunction;

function formatUptime(t: T, seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t('admin.system.uptimeDays', { days, hours });
  if (hours > 0) return t('admin.system.uptimeHours', { hours, minutes });
  return t('admin.system.uptimeMinutes', { minutes });
}

const count = (value: number | null) => (value === null ? '—' : formatCount(value));

function rows(t: T, health: SystemHealth): [string, string][] {
  const { database, migrations } = health;
  const reachable = database.reachable ? t('admin.system.reachable') : t('admin.system.unreachable');
  return [
    [
      t('admin.system.database'),
      !database.reachable || database.latencyMs === null
        ? reachable
        : t('admin.system.databaseLatency', {
            state: reachable,
            ms: formatCount(Math.round(database.latencyMs * 10) / 10),
          }),
    ],
    [
      t('admin.system.migrations'),
      migrations.current ? t('admin.system.upToDate') : t('admin.system.pending'),
    ],
    [t('admin.system.pendingHolds'), count(health.pendingHolds)],
    [t('admin.system.refundsWaiting'), count(health.refundsWaiting)],
    [t('admin.system.uptime'), formatUptime(t, health.uptimeSeconds)],
    [
      t('admin.system.memory'),
      t('admin.system.memoryMb', { mb: formatCount(Math.round(health.memory.rssMb)) }),
    ],
    [t('admin.system.version'), health.version],
  ];
}

/** A small panel of GET /admin/system/health for staff: is the box well, and is anything waiting. */
export function SystemHealthPanel() {
  const { t } = useTranslation();
  const query = useSystemHealth();
  const health = query.data;
  return (
    <section aria-labelledby="system-health-title" className="card p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2
          id="system-health-title"
          className="flex items-center gap-2 font-sans text-lg font-semibold text-cream"
        >
          <Activity aria-hidden="true" className="size-5 text-gold-300" />
          {t('admin.system.title')}
        </h2>
        <div className="flex items-center gap-2">
          {health ? (
            <span
              className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${health.status === 'ok' ? 'bg-emerald-200 text-emerald-950' : 'bg-rose-200 text-rose-950'}`}
            >
              {health.status === 'ok' ? t('admin.system.healthy') : t('admin.system.needsAttention')}
            </span>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('admin.system.refresh')}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
            icon={<RotateCw aria-hidden="true" className="size-4" />}
          />
        </div>
      </div>
      {query.isPending ? (
        <div className="mt-4 grid grid-cols-2 gap-3" role="status" aria-label={t('admin.system.loading')}>
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="mt-3 text-sm text-rose-200">
          {t('admin.system.failed', { reason: errorMessage(query.error) })}
        </p>
      ) : health ? (
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4 lg:grid-cols-7">
          {rows(t, health).map(([label, value]) => (
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
