import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_GUEST_DASHBOARD_MS } from '@utsav/domain/constants';
import { api } from '../../../lib/api-client';
import { type Ticket, toTickets } from '../types';

export const MY_TICKETS_QUERY_KEY = ['tickets', 'my-tickets'] as const;

/** GET /tickets/my-tickets → data.tickets, newest first as the server sends them. */
export async function getMyTickets(signal?: AbortSignal): Promise<Ticket[]> {
  const body = await api.get<{ tickets?: unknown; data?: { tickets?: unknown } }>('/tickets/my-tickets', {
    signal,
  });
  return toTickets(body?.tickets ?? body?.data?.tickets);
}

// Guest dashboard data is cached for CACHE_GUEST_DASHBOARD_MS (docs/product.md#my-tickets).
export const myTicketsQueryOptions = () =>
  queryOptions({
    queryKey: MY_TICKETS_QUERY_KEY,
    queryFn: ({ signal }) => getMyTickets(signal),
    staleTime: CACHE_GUEST_DASHBOARD_MS,
  });

export function useMyTickets(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myTicketsQueryOptions(), enabled: options.enabled ?? true });
}
