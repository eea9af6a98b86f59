import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RefusalReason } from '@utsav/domain/gate-pass';
import { api } from '../../../../lib/api-client';

/** How often the open Gates panel asks again: the server computes the view at most every 2 s anyway. */
export const LIVE_GATES_POLL_MS = 5000;

export interface LiveGate {
  gate: string;
  admitted: number;
  lastMinute: number;
  devices: number;
  perMinute: { minute: string; count: number }[];
}

export interface LiveDevice {
  deviceId: string;
  gate: string;
  checker: string | null;
  lastSeenAt: string;
  online: boolean;
  queued: number;
}

/** GET /admin/checkin/live (tracker issue 16). */
export interface LiveGates {
  generatedAt: string;
  reentryAllowed: boolean;
  sold: number;
  admitted: number;
  arrivedPercentage: number;
  inside: number;
  gates: LiveGate[];
  refusals: Record<RefusalReason, number>;
  devices: LiveDevice[];
  conflicts: number;
}

export function getLiveGates(signal?: AbortSignal): Promise<LiveGates> {
  return api.get<LiveGates>('/admin/checkin/live', { signal });
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
