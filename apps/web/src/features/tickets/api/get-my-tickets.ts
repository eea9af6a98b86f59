import { queryOptions } from '@tanstack/react-query';
import { CACHE_GUEST_DASHBOARD_MS } from '@utsav/domain/constants';
import { api } from '../../../lib/api-client';

/** GET /tickets/my-tickets → data.tickets. The My Tickets list itself arrives with the next release. */
export async function getMyTickets(signal?: AbortSignal): Promise<unknown[]> {
  const body = await api.get<{ tickets?: unknown; data?: { tickets?: unknown } }>('/tickets/my-tickets', {
    signal,
  });
  const tickets = body?.tickets ?? body?.data?.tickets;
  return Array.isArray(tickets) ? tickets : [];
}

export const myTicketsQueryOptions = () =>
  queryOptions({
    queryKey: ['tickets', 'my-tickets'],
    queryFn: ({ signal }) => getMyTickets(signal),
    staleTime: CACHE_GUEST_DASHBOARD_MS,
  });
