import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ticketStatusChangeSchema } from '@utsav/domain/admin-tickets-schema';
import { statusChangeResponseSchema } from '@utsav/domain/api/admin-tickets';
import { api } from '../../../../lib/api-client';
import type { TicketStatus } from './get-tickets';

/**
 * PATCH /tickets/admin/{id}/status {status, expectedStatus}: any of the three (docs/product.md#ticket-management). The status
 * the admin confirmed from goes along, so a ticket that moved on meanwhile (a gate scan) is refused, not
 * overwritten. The answer names the change for its undo.
 */
export const ticketStatusSchema = ticketStatusChangeSchema;

export interface StatusChange {
  ticketId: string;
  status: TicketStatus;
  expectedStatus?: TicketStatus;
}

export async function updateTicketStatus({
  ticketId,
  status,
  expectedStatus,
}: StatusChange): Promise<{ changeId: string | null }> {
  const body = await api.patch<unknown>(
    `/tickets/admin/${encodeURIComponent(ticketId)}/status`,
    ticketStatusSchema.parse({ status, expectedStatus }),
  );
  return { changeId: statusChangeResponseSchema.parse(body).changeId };
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
