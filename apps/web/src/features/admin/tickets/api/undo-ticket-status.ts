import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketStatusUndoSchema } from '@utsav/domain/admin-tickets-schema';
import { statusUndoResponseSchema } from '@utsav/domain/api/admin-tickets';
import { api } from '../../../../lib/api-client';
import { TICKET_CHANGE_KEYS } from './update-ticket-status';

/** POST /tickets/admin/{id}/status/undo {changeId}: the ticket back exactly as before that change. */
export async function undoTicketStatus({ ticketId, changeId }: { ticketId: string; changeId: string }) {
  const body = await api.post<unknown>(
    `/tickets/admin/${encodeURIComponent(ticketId)}/status/undo`,
    ticketStatusUndoSchema.parse({ changeId }),
  );
  return statusUndoResponseSchema.parse(body).ticket;
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
