import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketStatusChangeSchema } from '@utsav/domain/admin-tickets-schema';
import { api } from '../../../../lib/api-client';
import type { TicketStatus } from './get-tickets';

/** PATCH /tickets/admin/{id}/status {status}: any of the three, no transition rules (admin-side §4). */
export const ticketStatusSchema = ticketStatusChangeSchema;

export function updateTicketStatus({ ticketId, status }: { ticketId: string; status: TicketStatus }) {
  return api.patch<unknown>(
    `/tickets/admin/${encodeURIComponent(ticketId)}/status`,
    ticketStatusSchema.parse({ status }),
  );
}

/** Stock, revenue and the event's availability move with a status: refresh all of them. */
export const TICKET_CHANGE_KEYS = [['admin'], ['event']] as const;

export function useUpdateTicketStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTicketStatus,
    onSuccess: () =>
      Promise.all(
        TICKET_CHANGE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}
