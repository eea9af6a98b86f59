import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminTicketType, ticketTypeAnswerSchema } from '@utsav/domain/api/ticket-types';
import { type TicketTypeInput, ticketTypeInputSchema } from '@utsav/domain/ticket-types-schema';
import { TICKET_TYPES_QUERY_KEY } from '../../../../lib/admin-ticket-types';
import { api } from '../../../../lib/api-client';
import { EVENT_QUERY_KEY } from '../../../../lib/query-keys';

export { type TicketTypeInput, ticketTypeInputSchema };

/** What the form sends: the schema's input (text fields as typed), parsed here again before it goes. */
export type SaveTicketTypeInput = { id: string | null; type: unknown };

/**
 * POST /admin/ticket-types (id null) or PUT /admin/ticket-types/{id}. Refused fields come back as VALIDATION_FAILED
 * details (`phases.1.endsAt`), which the form puts under the field.
 */
export async function saveTicketType({ id, type }: SaveTicketTypeInput): Promise<AdminTicketType> {
  const payload = ticketTypeInputSchema.parse(type);
  const body =
    id === null
      ? await api.post<unknown>('/admin/ticket-types', payload)
      : await api.put<unknown>(`/admin/ticket-types/${encodeURIComponent(id)}`, payload);
  return ticketTypeAnswerSchema.parse(body).ticketType;
}

/** The editor's list and what guests see (GET /event lists the types, the default type's price is the event's). */
export function invalidateTypes(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: TICKET_TYPES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['admin', 'event'] }),
  ]);
}

export function useSaveTicketType() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTicketType, onSuccess: () => invalidateTypes(queryClient) });
}
