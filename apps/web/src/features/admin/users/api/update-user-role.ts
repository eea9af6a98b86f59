import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ROLES, type Role } from '@utsav/domain/roles';
import { z } from 'zod';
import { api } from '../../../../lib/api-client';

/** PATCH /admin/users/{id}/role {role}. */
export const updateUserRoleSchema = z.object({ role: z.enum(ROLES) });

export function updateUserRole({ userId, role }: { userId: string; role: Role }): Promise<unknown> {
  return api.patch(`/admin/users/${encodeURIComponent(userId)}/role`, updateUserRoleSchema.parse({ role }));
}

export function useUpdateUserRole({ onSuccess }: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'users'] });
      onSuccess?.();
    },
  });
}
