import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AdminWaitlist, adminWaitlistResponseSchema } from '@utsav/domain/api/waitlist';
import { api } from '../../../../lib/api-client';

/** The open view asks again this often: offers end and pass on by the minute. */
export const ADMIN_WAITLIST_POLL_MS = 30_000;

/** GET /admin/waitlist: the line, its offers and the numbers of each status. */
export async function getAdminWaitlist(signal?: AbortSignal): Promise<AdminWaitlist> {
  return adminWaitlistResponseSchema.parse(await api.get<unknown>('/admin/waitlist', { signal }));
}

export const adminWaitlistQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'waitlist'] as const,
    queryFn: ({ signal }) => getAdminWaitlist(signal),
    refetchInterval: ADMIN_WAITLIST_POLL_MS,
  });

export function useAdminWaitlist() {
  return useQuery(adminWaitlistQueryOptions());
}
