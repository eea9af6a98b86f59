import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_DASHBOARD_STATS_MS } from '@utsav/domain/constants';
import { api } from '../../../lib/api-client';
import { ADMIN_REFUNDS_QUERY_KEY } from './keys';

export interface RefundStats {
  total: number;
  pending: number;
  processing: number;
  processed: number;
  failed: number;
  cancelled: number;
  /** Rupees refunded (processed refunds). */
  totalRefundAmount: number;
}

export const EMPTY_REFUND_STATS: RefundStats = {
  total: 0,
  pending: 0,
  processing: 0,
  processed: 0,
  failed: 0,
  cancelled: 0,
  totalRefundAmount: 0,
};

/** GET /refunds/admin/stats → data.stats. */
export async function getRefundStats(signal?: AbortSignal): Promise<RefundStats> {
  const body = await api.get<{ stats?: Record<string, unknown> }>('/refunds/admin/stats', { signal });
  const stats = body?.stats ?? {};
  const read = (key: keyof RefundStats) =>
    typeof stats[key] === 'number' && Number.isFinite(stats[key]) ? (stats[key] as number) : 0;
  return {
    total: read('total'),
    pending: read('pending'),
    processing: read('processing'),
    processed: read('processed'),
    failed: read('failed'),
    cancelled: read('cancelled'),
    totalRefundAmount: read('totalRefundAmount'),
  };
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
