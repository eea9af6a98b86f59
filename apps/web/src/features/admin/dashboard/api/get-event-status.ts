import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventExistsResponseSchema } from '@utsav/domain/api/event';
import { CACHE_EVENT_STATUS_MS } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

/** GET /event/exists: whether the single event is configured (the dashboard's Event Status). */
export async function getEventStatus(signal?: AbortSignal): Promise<boolean> {
  return eventExistsResponseSchema.parse(await api.get<unknown>('/event/exists', { signal })).exists;
}

export const eventStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['event', 'exists'],
    queryFn: ({ signal }) => getEventStatus(signal),
    staleTime: CACHE_EVENT_STATUS_MS,
  });

export function useEventStatus() {
  return useQuery(eventStatusQueryOptions());
}
