import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@utsav/domain/languages';
import type { InvitableRole } from '@utsav/domain/staff-invitations';
import { api } from '../../../../lib/api-client';

export interface Invitation {
  id: string;
  email: string;
  role: InvitableRole;
  language: string;
  status: 'pending' | 'accepted' | 'revoked';
  invitedBy: { name: string; email: string } | null;
  createdAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
}

const INVITATIONS_KEY = ['admin', 'invitations'] as const;

export const invitationsQueryOptions = () =>
  queryOptions({
    queryKey: INVITATIONS_KEY,
    queryFn: async ({ signal }) =>
      (await api.get<{ invitations: Invitation[] }>('/admin/invitations', { signal })).invitations,
  });

/** GET /admin/invitations: the latest ones, newest first. */
export function useInvitations() {
  return useQuery(invitationsQueryOptions());
}

/** POST /admin/invitations: the role waits for the address's first sign-in; an email goes out. */
export function useInviteStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { email: string; role: InvitableRole; language: Language }) =>
      (await api.post<{ invitation: Invitation }>('/admin/invitations', body)).invitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}

/** DELETE /admin/invitations/{id}: an open invitation is revoked (its email, if not yet sent, is not). */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (await api.delete<{ invitation: Invitation }>(`/admin/invitations/${encodeURIComponent(id)}`))
        .invitation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: INVITATIONS_KEY }),
  });
}
