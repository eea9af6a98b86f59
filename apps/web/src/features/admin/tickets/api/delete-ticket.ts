import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { TICKET_CHANGE_KEYS } from './update-ticket-status';

/** DELETE /admin/tickets/{id} (admins only). */
export function deleteTicket(ticketId: string): Promise<unknown> {
  return api.delete(`/admin/tickets/${encodeURIComponent(ticketId)}`);
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    onSuccess: () =>
      Promise.all(
        TICKET_CHANGE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}
