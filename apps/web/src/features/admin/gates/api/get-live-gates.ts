import { queryOptions, useQuery } from '@tanstack/react-query';
import { type LiveGates, liveGatesSchema } from '@utsav/domain/gates-live';
import { api } from '../../../../lib/api-client';

export type { LiveDevice, LiveGate, LiveGates } from '@utsav/domain/gates-live';

/** How often the open Gates panel asks again: the server computes the view at most every 2 s anyway. */
export const LIVE_GATES_POLL_MS = 5000;

/** GET /admin/checkin/live, read with the schema the server answers with. */
export async function getLiveGates(signal?: AbortSignal): Promise<LiveGates> {
  return liveGatesSchema.parse(await api.get<unknown>('/admin/checkin/live', { signal }));
}

export const liveGatesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'checkin', 'live'],
    queryFn: ({ signal }) => getLiveGates(signal),
    refetchInterval: LIVE_GATES_POLL_MS,
    // Polling keeps going while the tab is in the background only if the organiser asked for it: no.
    refetchIntervalInBackground: false,
  });

export function useLiveGates() {
  return useQuery(liveGatesQueryOptions());
}
