import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketStatusUndoSchema } from '@utsav/domain/admin-tickets-schema';
import { api } from '../../../../lib/api-client';
import { TICKET_CHANGE_KEYS } from './update-ticket-status';

/** POST /tickets/admin/{id}/status/undo {changeId}: the ticket back exactly as before that change. */
export function undoTicketStatus({ ticketId, changeId }: { ticketId: string; changeId: string }) {
  return api.post<unknown>(
    `/tickets/admin/${encodeURIComponent(ticketId)}/status/undo`,
    ticketStatusUndoSchema.parse({ changeId }),
  );
}

export function useUndoTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoTicketStatus,
    onSuccess: () =>
      Promise.all(
        TICKET_CHANGE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}
