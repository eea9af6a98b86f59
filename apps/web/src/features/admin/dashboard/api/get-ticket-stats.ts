import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_DASHBOARD_STATS_MS } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

/** GET /tickets/admin/stats: ticket totals of the admin dashboard (zeros by default: total, revenue). */
export interface TicketStats {
  /** Every ticket, cancelled included: not a sales figure. */
  total: number;
  /** Active + used, as the server counts it (@utsav/domain/gate-pass): the dashboard's "Tickets Sold". */
  sold: number;
  revenue: number;
}

export async function getTicketStats(signal?: AbortSignal): Promise<TicketStats> {
  const body = await api.get<{ stats?: Partial<TicketStats>; data?: Partial<TicketStats> }>(
    '/tickets/admin/stats',
    { signal },
  );
  const stats = body?.stats ?? body?.data ?? {};
  return {
    total: Number(stats.total) || 0,
    sold: Number(stats.sold) || 0,
    revenue: Number(stats.revenue) || 0,
  };
}

export const ticketStatsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'tickets', 'stats'],
    queryFn: ({ signal }) => getTicketStats(signal),
    staleTime: CACHE_DASHBOARD_STATS_MS,
  });

/** Failures fall back to zeros silently (docs/product.md#admin-dashboard): callers read data ?? zeros and never show the error. */
export function useTicketStats() {
  return useQuery(ticketStatsQueryOptions());
}
