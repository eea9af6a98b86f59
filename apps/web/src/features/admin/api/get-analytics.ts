import { queryOptions } from '@tanstack/react-query';
import { CACHE_DASHBOARD_STATS_MS } from '@utsav/domain/constants';
import { api } from '../../../lib/api-client';

// GET /admin/analytics/dashboard (admin-side §7). The analytics screen arrives in a later release; the landing page
// already prefetches it for admins so the dashboard opens warm.
export function getAnalytics(signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>('/admin/analytics/dashboard', { signal });
}

export const analyticsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'analytics'],
    queryFn: ({ signal }) => getAnalytics(signal),
    staleTime: CACHE_DASHBOARD_STATS_MS,
  });
