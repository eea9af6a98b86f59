import { queryOptions, useQuery } from '@tanstack/react-query';
import { userCountResponseSchema } from '@utsav/domain/api/users';
import { CACHE_DASHBOARD_STATS_MS } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

/** GET /admin/users/count; a failure falls back to zero in the dashboard (docs/product.md#admin-dashboard). */
export async function getUserCount(signal?: AbortSignal): Promise<number> {
  return userCountResponseSchema.parse(await api.get<unknown>('/admin/users/count', { signal })).count;
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
