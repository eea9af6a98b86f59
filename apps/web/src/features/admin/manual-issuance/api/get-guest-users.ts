import { queryOptions, useQuery } from '@tanstack/react-query';
import { MANUAL_ISSUANCE_GUEST_LIMIT } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

/** A guest the tickets can be issued to. */
export interface GuestUser {
  id: string;
  name: string;
  email: string;
}

type Raw = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** GET /admin/users?role=guest&limit=100: the people manual issuance can pick from (docs/product.md#manual-issuance). */
export async function getGuestUsers(signal?: AbortSignal): Promise<GuestUser[]> {
  const params = new URLSearchParams({
    role: 'guest',
    limit: String(MANUAL_ISSUANCE_GUEST_LIMIT),
    page: '1',
  });
  const body = await api.get<{ users?: unknown[]; data?: { users?: unknown[] } }>(`/admin/users?${params}`, {
    signal,
  });
  const raw = body?.users ?? body?.data?.users ?? [];
  return raw.flatMap((entry) => {
    const user = (entry && typeof entry === 'object' ? entry : {}) as Raw;
    const id = text(user.id) || text(user._id);
    if (!id) return [];
    const email = text(user.email);
    return [{ id, email, name: text(user.name) || text(user.displayName) || email.split('@')[0] || '' }];
  });
}

export const guestUsersQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'users', 'guests', MANUAL_ISSUANCE_GUEST_LIMIT],
    queryFn: ({ signal }) => getGuestUsers(signal),
  });

export function useGuestUsers() {
  return useQuery(guestUsersQueryOptions());
}
