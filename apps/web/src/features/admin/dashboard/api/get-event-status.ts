import { queryOptions, useQuery } from '@tanstack/react-query';
import { CACHE_EVENT_STATUS_MS } from '@utsav/domain/constants';
import { api } from '../../../../lib/api-client';

/** GET /event/exists → data.exists: whether the single event is configured (the dashboard's Event Status). */
export async function getEventStatus(signal?: AbortSignal): Promise<boolean> {
  const body = await api.get<{ exists?: unknown; data?: { exists?: unknown } }>('/event/exists', { signal });
  return Boolean(body?.exists ?? body?.data?.exists);
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
