import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BULK_UPDATE_MESSAGE, bulkStatusUpdateSchema } from '@utsav/domain/admin-tickets-schema';
import { bulkStatusResponseSchema } from '@utsav/domain/api/admin-tickets';
import { api } from '../../../../lib/api-client';
import type { TicketStatus } from './get-tickets';
import { TICKET_CHANGE_KEYS } from './update-ticket-status';

/** PATCH /admin/tickets/bulk-update {ticketIds, status}: how many tickets changed, and each change (for its undo). */
export const bulkUpdateSchema = bulkStatusUpdateSchema;
export { BULK_UPDATE_MESSAGE };

/** One ticket a bulk update changed, and the change: what its undo names. */
export interface BulkChange {
  ticketId: string;
  changeId: string;
}

export async function bulkUpdateTickets(input: {
  ticketIds: string[];
  status: TicketStatus;
}): Promise<{ updated: number; changes: BulkChange[] }> {
  const body = await api.patch<unknown>('/admin/tickets/bulk-update', bulkUpdateSchema.parse(input));
  const { modifiedCount, changes } = bulkStatusResponseSchema.parse(body);
  return { updated: modifiedCount, changes };
}

export function useBulkUpdateTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkUpdateTickets,
    onSuccess: () =>
      Promise.all(
        TICKET_CHANGE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}
