import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_DASHBOARD_STATS_MS } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

/** GET /admin/users/count → data.count; failures fall back to zero (docs/product.md#admin-dashboard). */
export async function getUserCount(signal?: AbortSignal): Promise<number> {
  const body = await api.get<{ count?: unknown; data?: { count?: unknown } }>('/admin/users/count', {
    signal,
  });
  return Number(body?.count ?? body?.data?.count) || 0;
}

export const userCountQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'users', 'count'],
    queryFn: ({ signal }) => getUserCount(signal),
    staleTime: CACHE_DASHBOARD_STATS_MS,
  });

export function useUserCount() {
  return useQuery(userCountQueryOptions());
}
