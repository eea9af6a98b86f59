import { queryOptions, useQuery } from '@tanstack/react-query';
import { myTicketsResponseSchema, type Ticket } from '@utsav/domain/api/tickets';
import { CACHE_GUEST_DASHBOARD_MS } from '@utsav/domain/constants';
import { api } from '../../../lib/api-client';
import { MY_TICKETS_QUERY_KEY } from '../../../lib/query-keys';

/** GET /tickets/my-tickets: the person's tickets, newest first as the server sends them. */
export async function getMyTickets(signal?: AbortSignal): Promise<Ticket[]> {
  return myTicketsResponseSchema.parse(await api.get<unknown>('/tickets/my-tickets', { signal })).tickets;
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
