import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Analytics, analyticsResponseSchema } from '@utsav/domain/api/analytics';
import { CACHE_DASHBOARD_STATS_MS } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

export type { Analytics };

/** One day of the daily chart: _id is the IST day, YYYY-MM-DD. */
export type SalesBucket = Analytics['salesChart'][number];

/** GET /admin/analytics/dashboard: every figure of docs/product.md#analytics. */
export async function getAnalytics(signal?: AbortSignal): Promise<Analytics> {
  return analyticsResponseSchema.parse(await api.get<unknown>('/admin/analytics/dashboard', { signal })).data;
}

export const analyticsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'analytics'],
    queryFn: ({ signal }) => getAnalytics(signal),
    staleTime: CACHE_DASHBOARD_STATS_MS,
  });

export function useAnalytics() {
  return useQuery(analyticsQueryOptions());
}
