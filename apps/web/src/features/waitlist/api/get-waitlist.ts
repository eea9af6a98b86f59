import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WaitlistPlace, waitlistMeResponseSchema } from '@utsav/domain/api/waitlist';
import { api } from '../../../lib/api-client';

export const WAITLIST_QUERY_KEY = ['waitlist', 'me'] as const;

/** While waiting, asked again this often, so an offer shows without a reload (its email may come later). */
export const WAITLIST_POLL_MS = 30_000;

/** GET /waitlist/me: the person's place in line, or their offer with its end. */
export async function getMyWaitlist(signal?: AbortSignal): Promise<WaitlistPlace> {
  return waitlistMeResponseSchema.parse(await api.get<unknown>('/waitlist/me', { signal }));
}

// Keyed by the person, so someone signing in after another on the same phone never sees the other's place.
export const myWaitlistQueryOptions = (person: string) =>
  queryOptions({
    queryKey: [...WAITLIST_QUERY_KEY, person],
    queryFn: ({ signal }) => getMyWaitlist(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'waiting' ? WAITLIST_POLL_MS : false),
  });

/** Only for a signed-in person (`person` null: nothing is asked). */
export function useMyWaitlist(person: string | null, options: { enabled: boolean }) {
  return useQuery({ ...myWaitlistQueryOptions(person ?? ''), enabled: options.enabled && person !== null });
}
