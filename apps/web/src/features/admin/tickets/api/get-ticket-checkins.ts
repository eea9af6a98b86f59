import { queryOptions, useQuery } from '@tanstack/react-query';
import { type TicketPass, ticketPassesResponseSchema } from '@utsav/domain/api/admin-tickets';
import { api } from '../../../../lib/api-client';

export type { TicketPass };

/** GET /admin/tickets/:id/checkins: the ticket's entries and exits, oldest first. */
export async function getTicketCheckins(id: string, signal?: AbortSignal): Promise<TicketPass[]> {
  const body = await api.get<unknown>(`/admin/tickets/${encodeURIComponent(id)}/checkins`, { signal });
  return ticketPassesResponseSchema.parse(body).history;
}

export const ticketCheckinsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'tickets', id, 'checkins'],
    queryFn: ({ signal }) => getTicketCheckins(id, signal),
  });

export function useTicketCheckins(id: string) {
  return useQuery(ticketCheckinsQueryOptions(id));
}
