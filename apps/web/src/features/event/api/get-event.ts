import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentEventResponse, Event } from '@utsav/domain/api/event';
import { api } from '../../../lib/api-client';
import { EVENT_QUERY_KEY } from '../../../lib/query-keys';

const EVENT_STALE_MS = 60_000;

/**
 * GET /event: the current event, or null when none exists. Read by its schema's type, not parsed: the landing
 * page's first JavaScript reads it, and carries no zod (decision 1108); the server writes it with that schema.
 */
export async function getEvent(signal?: AbortSignal): Promise<Event | null> {
  return (await api.get<CurrentEventResponse>('/event', { auth: false, signal })).data;
}

export const eventQueryOptions = () =>
  queryOptions({
    queryKey: [...EVENT_QUERY_KEY, 'current'],
    queryFn: ({ signal }) => getEvent(signal),
    staleTime: EVENT_STALE_MS,
  });

/** The current event; failures are silent (the landing page falls back to the defaults). */
export function useCurrentEvent() {
  return useQuery(eventQueryOptions());
}
