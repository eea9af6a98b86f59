import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

const HEALTH_STALE_MS = 30_000;

/** GET /admin/system/health, read defensively: its shape is ours and may grow (docs/product.md#system-health). */
export interface SystemHealth {
  ok: boolean;
  databaseReachable: boolean | null;
  databaseLatencyMs: number | null;
  migrationsCurrent: boolean | null;
  version: string | null;
  uptimeSeconds: number | null;
  memoryMb: number | null;
  pendingHolds: number | null;
  refundsWaiting: number | null;
}

type Raw = Record<string, unknown>;
const obj = (value: unknown): Raw => (value && typeof value === 'object' ? (value as Raw) : {});
const num = (...values: unknown[]): number | null => {
  for (const value of values) if (typeof value === 'number' && Number.isFinite(value)) return value;
  return null;
};
const bool = (...values: unknown[]): boolean | null => {
  for (const value of values) {
    if (typeof value === 'boolean') return value;
    if (value === 'ok' || value === 'up' || value === 'current') return true;
    if (value === 'down' || value === 'error' || value === 'degraded') return false;
  }
  return null;
};

/** Bytes or megabytes to whole megabytes. */
function megabytes(value: number | null): number | null {
  if (value === null) return null;
  return value > 1024 * 1024 ? Math.round(value / (1024 * 1024)) : Math.round(value);
}

export function toSystemHealth(raw: unknown): SystemHealth {
  const data = obj(raw);
  const database = obj(data.database ?? data.db);
  const migrations = obj(data.migrations);
  const memory = obj(data.memory);
  const holds = obj(data.holds);
  const refunds = obj(data.refunds);
  const databaseReachable = bool(database.reachable, database.ok, database.status, data.database);
  const migrationsCurrent = bool(
    migrations.current,
    migrations.upToDate,
    typeof migrations.pending === 'number' ? migrations.pending === 0 : undefined,
    Array.isArray(migrations.pending) ? migrations.pending.length === 0 : undefined,
    data.migrations,
  );
  return {
    ok:
      bool(data.ok, data.healthy, data.status) ??
      (databaseReachable !== false && migrationsCurrent !== false),
    databaseReachable,
    databaseLatencyMs: num(database.latencyMs, database.latency, data.databaseLatencyMs),
    migrationsCurrent,
    version: typeof data.version === 'string' ? data.version : null,
    uptimeSeconds: num(data.uptimeSeconds, data.uptime),
    memoryMb: megabytes(num(memory.rssMb, memory.rss, memory.heapUsed, data.memoryMb)),
    pendingHolds: num(data.pendingHolds, holds.pending, holds.live, data.liveHolds),
    refundsWaiting: num(data.refundsWaiting, refunds.waiting, refunds.pending, data.pendingRefunds),
  };
}

export async function getSystemHealth(signal?: AbortSignal): Promise<SystemHealth> {
  const body = await api.get<Raw>('/admin/system/health', { signal });
  const inner = obj(body?.data ?? body?.health ?? body);
  return toSystemHealth(inner);
}

export const systemHealthQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'system', 'health'],
    queryFn: ({ signal }) => getSystemHealth(signal),
    staleTime: HEALTH_STALE_MS,
  });

export function useSystemHealth() {
  return useQuery(systemHealthQueryOptions());
}
