import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BULK_UPDATE_MESSAGE, bulkStatusUpdateSchema } from '@utsav/domain/admin-tickets-schema';
import { api } from '../../../../lib/api-client';
import type { TicketStatus } from './get-tickets';
import { TICKET_CHANGE_KEYS } from './update-ticket-status';

/** PATCH /admin/tickets/bulk-update {ticketIds, status}. */
export const bulkUpdateSchema = bulkStatusUpdateSchema;
export { BULK_UPDATE_MESSAGE };

export async function bulkUpdateTickets(input: {
  ticketIds: string[];
  status: TicketStatus;
}): Promise<number> {
  const body = await api.patch<{ updated?: unknown; modifiedCount?: unknown; count?: unknown }>(
    '/admin/tickets/bulk-update',
    bulkUpdateSchema.parse(input),
  );
  const updated = Number(body?.updated ?? body?.modifiedCount ?? body?.count);
  return Number.isFinite(updated) ? updated : input.ticketIds.length;
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
