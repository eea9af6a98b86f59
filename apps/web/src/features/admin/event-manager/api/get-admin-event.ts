import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentEventResponseSchema, type Event } from '@utsav/domain/api/event';
import { api } from '../../../../lib/api-client';

/** The event with every field the staff form has, as the event manager previews and edits it. */
export type AdminEvent = Event;

/** GET /event (staff see a draft too), or null when no event exists yet. */
export async function getAdminEvent(signal?: AbortSignal): Promise<AdminEvent | null> {
  return currentEventResponseSchema.parse(await api.get<unknown>('/event', { signal })).data;
}

export const adminEventQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'event'],
    queryFn: ({ signal }) => getAdminEvent(signal),
    // The editor must start from what is stored now, not from a copy a minute old.
    staleTime: 0,
  });

export function useAdminEvent() {
  return useQuery(adminEventQueryOptions());
}
