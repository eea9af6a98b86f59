import { queryOptions, useQuery } from '@tanstack/react-query';
import { userResponseSchema } from '@utsav/domain/api/users';
import type { Role } from '@utsav/domain/roles';
import { api } from '../../../lib/api-client';

/** The signed-in user's role from GET /auth/me, for a view composed without being told it. */
export async function getViewerRole(signal?: AbortSignal): Promise<Role> {
  return userResponseSchema.parse(await api.get<unknown>('/auth/me', { signal })).user.role;
}

export const viewerRoleQueryOptions = () =>
  queryOptions({ queryKey: ['refunds', 'viewer-role'], queryFn: ({ signal }) => getViewerRole(signal) });

export function useViewerRole(options: { enabled: boolean }) {
  return useQuery({ ...viewerRoleQueryOptions(), enabled: options.enabled });
}
