import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';
import { invalidateTypes } from './save-ticket-type';

/** DELETE /admin/ticket-types/{id}: a type that sold or holds tickets answers 409 TICKET_TYPE_HAS_SALES (archive it). */
export async function deleteTicketType(id: string): Promise<void> {
  await api.delete<unknown>(`/admin/ticket-types/${encodeURIComponent(id)}`);
}

export function useDeleteTicketType() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTicketType, onSuccess: () => invalidateTypes(queryClient) });
}
