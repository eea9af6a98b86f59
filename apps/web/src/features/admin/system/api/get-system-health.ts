import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SystemHealth, systemHealthResponseSchema } from '@utsav/domain/api/system';
import { api } from '../../../../lib/api-client';

export type { SystemHealth };

const HEALTH_STALE_MS = 30_000;

/** GET /admin/system/health (docs/product.md#system-health). */
export async function getSystemHealth(signal?: AbortSignal): Promise<SystemHealth> {
  return systemHealthResponseSchema.parse(await api.get<unknown>('/admin/system/health', { signal })).health;
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
