import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bulkStatusUndoSchema } from '@utsav/domain/admin-tickets-schema';
import { bulkUndoResponseSchema } from '@utsav/domain/api/admin-tickets';
import { api } from '../../../../lib/api-client';
import type { BulkChange } from './bulk-update-tickets';
import { TICKET_CHANGE_KEYS } from './update-ticket-status';

/** POST /admin/tickets/bulk-update/undo {changes}: every ticket of a bulk update back as it was, all or nothing. */
export async function undoBulkUpdate(changes: readonly BulkChange[]) {
  const body = await api.post<unknown>(
    '/admin/tickets/bulk-update/undo',
    bulkStatusUndoSchema.parse({ changes }),
  );
  return bulkUndoResponseSchema.parse(body);
}

export function useUndoBulkUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoBulkUpdate,
    onSuccess: () =>
      Promise.all(
        TICKET_CHANGE_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      ),
  });
}
