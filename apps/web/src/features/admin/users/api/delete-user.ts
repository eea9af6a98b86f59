import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** DELETE /admin/users/{id}: the account and personal data go, tickets and payments stay anonymised. */
export function deleteUser(userId: string): Promise<unknown> {
  return api.delete(`/admin/users/${encodeURIComponent(userId)}`);
}

export function useDeleteUser({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'analytics'] }),
      ]);
      onSuccess?.();
    },
  });
}
