import { queryOptions, useQuery } from '@tanstack/react-query';
import { type User, userPageResponseSchema } from '@utsav/domain/api/users';
import { MANAGER_USER_LIST_LIMIT } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

/** An account as the manager dashboard lists it. */
export type RegisteredUser = User;

/** GET /admin/users?limit=50: the manager dashboard's Registered Users list (docs/product.md#manager-view). */
export async function getRegisteredUsers(signal?: AbortSignal): Promise<RegisteredUser[]> {
  const params = new URLSearchParams({ limit: String(MANAGER_USER_LIST_LIMIT), page: '1' });
  return userPageResponseSchema.parse(await api.get<unknown>(`/admin/users?${params}`, { signal })).users;
}

export const registeredUsersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'users', 'registered', MANAGER_USER_LIST_LIMIT],
    queryFn: ({ signal }) => getRegisteredUsers(signal),
  });

export function useRegisteredUsers() {
  return useQuery(registeredUsersQueryOptions());
}
