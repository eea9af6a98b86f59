import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { EVENT_QUERY_KEY } from '../../../lib/query-keys';
import { type EventInfo, toEventInfo } from '../types';

const EVENT_STALE_MS = 60_000;

/** GET /event: the single current event under data.data, or null when none exists. */
export async function getEvent(signal?: AbortSignal): Promise<EventInfo | null> {
  const body = await api.get<{ data?: unknown }>('/event', { auth: false, signal });
  return toEventInfo(body?.data);
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
