import { queryOptions, useQuery } from '@tanstack/react-query';
import { type User, userPageResponseSchema } from '@utsav/domain/api/users';
import { MANUAL_ISSUANCE_GUEST_LIMIT } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

/** A guest the tickets can be issued to. */
export type GuestUser = Pick<User, 'id' | 'name' | 'email'>;

/** GET /admin/users?role=guest&limit=100: the people manual issuance can pick from (docs/product.md#manual-issuance). */
export async function getGuestUsers(signal?: AbortSignal): Promise<GuestUser[]> {
  const params = new URLSearchParams({
    role: 'guest',
    limit: String(MANUAL_ISSUANCE_GUEST_LIMIT),
    page: '1',
  });
  return userPageResponseSchema.parse(await api.get<unknown>(`/admin/users?${params}`, { signal })).users;
}

export const guestUsersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'users', 'guests', MANUAL_ISSUANCE_GUEST_LIMIT],
    queryFn: ({ signal }) => getGuestUsers(signal),
  });

export function useGuestUsers() {
  return useQuery(guestUsersQueryOptions());
}
