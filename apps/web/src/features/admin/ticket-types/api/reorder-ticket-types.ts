import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminTicketType, ticketTypeListAnswerSchema } from '@utsav/domain/api/ticket-types';
import { ticketTypeOrderSchema } from '@utsav/domain/ticket-types-schema';
import { TICKET_TYPES_QUERY_KEY } from '../../../../lib/admin-ticket-types';
import { api } from '../../../../lib/api-client';
import { invalidateTypes } from './save-ticket-type';

/** PUT /admin/ticket-types/order: every type once, first to last (the order guests see them in). */
export async function reorderTicketTypes(ids: string[]): Promise<AdminTicketType[]> {
  const payload = ticketTypeOrderSchema.parse({ ids });
  return ticketTypeListAnswerSchema.parse(await api.put<unknown>('/admin/ticket-types/order', payload))
    .ticketTypes;
}

export function useReorderTicketTypes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderTicketTypes,
    onSuccess: (types) => {
      // The answer is the new list: shown at once, then everything that lists types asks again.
      queryClient.setQueryData(TICKET_TYPES_QUERY_KEY, types);
      return invalidateTypes(queryClient);
    },
  });
}
