import { useMutation, useQueryClient } from '@tanstack/react-query';
import { oneTicketResponseSchema, type Ticket } from '@utsav/domain/api/tickets';
import { type TicketHolderInput, ticketHolderSchema } from '@utsav/domain/ticket-holder-schema';
import { api } from '../../../lib/api-client';
import { MY_TICKETS_QUERY_KEY } from '../../../lib/query-keys';

export { type TicketHolderInput, ticketHolderSchema };

/** PATCH /tickets/{id}/holder: who the ticket is for; a blank name gives it back the owner's. */
export async function nameTicketHolder(ticketId: string, input: TicketHolderInput): Promise<Ticket> {
  const payload = ticketHolderSchema.parse(input);
  const body = await api.patch<unknown>(`/tickets/${encodeURIComponent(ticketId)}/holder`, payload);
  return oneTicketResponseSchema.parse(body).ticket;
}

export function useNameTicketHolder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, holderName }: { ticketId: string; holderName: string }) =>
      nameTicketHolder(ticketId, { holderName }),
    onSuccess: (renamed) => {
      queryClient.setQueryData<Ticket[]>(MY_TICKETS_QUERY_KEY, (current) =>
        current?.map((ticket) => (ticket.id === renamed.id ? renamed : ticket)),
      );
    },
  });
}
