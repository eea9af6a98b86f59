import { queryOptions, useQuery } from '@tanstack/react-query';
import { type RefundStats, refundStatsResponseSchema } from '@utsav/domain/api/refunds';
import { CACHE_DASHBOARD_STATS_MS } from '@utsav/domain/constants';
import { api } from '../../../lib/api-client';
import { ADMIN_REFUNDS_QUERY_KEY } from './keys';

export const EMPTY_REFUND_STATS: RefundStats = {
  total: 0,
  pending: 0,
  processing: 0,
  processed: 0,
  failed: 0,
  cancelled: 0,
  totalRefundAmount: 0,
};

/** GET /refunds/admin/stats: counts by status and the rupees refunded. */
export async function getRefundStats(signal?: AbortSignal): Promise<RefundStats> {
  return refundStatsResponseSchema.parse(await api.get<unknown>('/refunds/admin/stats', { signal })).stats;
}

export const refundStatsQueryOptions = () =>
  queryOptions({
    queryKey: [...ADMIN_REFUNDS_QUERY_KEY, 'stats'],
    queryFn: ({ signal }) => getRefundStats(signal),
    staleTime: CACHE_DASHBOARD_STATS_MS,
  });

/** Refund stats failures are silent (docs/product.md#refund-management): the cards show zeros. */
export function useRefundStats() {
  return useQuery(refundStatsQueryOptions());
}
