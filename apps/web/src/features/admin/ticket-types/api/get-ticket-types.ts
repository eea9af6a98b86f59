import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminTicketType, ticketTypeListAnswerSchema } from '@utsav/domain/api/ticket-types';
import { api } from '../../../../lib/api-client';

export type { AdminTicketType };

export const TICKET_TYPES_QUERY_KEY = ['admin', 'ticket-types'] as const;

/** GET /admin/ticket-types: every type of the event (hidden and archived too), in order, with its sales. */
export async function getTicketTypes(signal?: AbortSignal): Promise<AdminTicketType[]> {
  return ticketTypeListAnswerSchema.parse(await api.get<unknown>('/admin/ticket-types', { signal }))
    .ticketTypes;
}

export const ticketTypesQueryOptions = () =>
  queryOptions({
    queryKey: TICKET_TYPES_QUERY_KEY,
    queryFn: ({ signal }) => getTicketTypes(signal),
    // Sales move while the editor is open; what it starts an edit from should be recent.
    staleTime: 10_000,
  });

export function useTicketTypes() {
  return useQuery(ticketTypesQueryOptions());
}
