import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TicketStats, ticketStatsResponseSchema } from '@utsav/domain/api/admin-tickets';
import { CACHE_DASHBOARD_STATS_MS } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

export type { TicketStats };

/**
 * GET /tickets/admin/stats: ticket totals of the admin dashboard. `total` is every ticket, cancelled included (not
 * a sales figure); `sold` is active + used, the dashboard's "Tickets Sold".
 */
export async function getTicketStats(signal?: AbortSignal): Promise<TicketStats> {
  return ticketStatsResponseSchema.parse(await api.get<unknown>('/tickets/admin/stats', { signal })).stats;
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
