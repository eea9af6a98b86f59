import { queryOptions, useQuery } from '@tanstack/react-query';
import { MANAGER_USER_LIST_LIMIT } from '@utsav/domain/constants';
import { effectiveRole, type Role } from '@utsav/domain/roles';
import { api } from '../../../../lib/api-client';

export interface RegisteredUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  picture: string | null;
  createdAt: string | null;
}

type Raw = Record<string, unknown>;
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** GET /admin/users?limit=50: the manager dashboard's Registered Users list (docs/product.md#manager-view). */
export async function getRegisteredUsers(signal?: AbortSignal): Promise<RegisteredUser[]> {
  const params = new URLSearchParams({ limit: String(MANAGER_USER_LIST_LIMIT), page: '1' });
  const body = await api.get<{ users?: unknown[]; data?: { users?: unknown[] } }>(`/admin/users?${params}`, {
    signal,
  });
  return (body?.users ?? body?.data?.users ?? []).flatMap((entry) => {
    const user = (entry && typeof entry === 'object' ? entry : {}) as Raw;
    const id = text(user.id) ?? text(user._id);
    if (!id) return [];
    const email = text(user.email) ?? '';
    return [
      {
        id,
        email,
        name: text(user.name) ?? text(user.displayName) ?? email.split('@')[0] ?? '',
        role: effectiveRole(user.role),
        picture: text(user.profilePicture) ?? text(user.photoURL),
        createdAt: text(user.createdAt),
      },
    ];
  });
}

export const registeredUsersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'users', 'registered', MANAGER_USER_LIST_LIMIT],
    queryFn: ({ signal }) => getRegisteredUsers(signal),
  });

export function useRegisteredUsers() {
  return useQuery(registeredUsersQueryOptions());
}
