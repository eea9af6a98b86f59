import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callOffRetryResponseSchema,
  type EventChangeProgressResponse,
  type EventChangeResponse,
} from '@utsav/domain/api/event-change';
import type { EventChangeRequest } from '@utsav/domain/event-change';
import { api } from '../../../../lib/api-client';
import { EVENT_QUERY_KEY } from '../../../../lib/query-keys';
import { adminEventQueryOptions } from './get-admin-event';

export type { EventChangeProgressResponse as EventChangeProgress };
export type CallOffDryRunAnswer = Extract<EventChangeResponse, { kind: 'call-off'; dryRun: true }>;
export type PostponeAnswer = Extract<EventChangeResponse, { kind: 'postpone' }>;
type CallOffAnswer = Extract<EventChangeResponse, { kind: 'call-off'; dryRun: false }>;

/** While refunds are on their way the progress view asks again this often. */
export const PROGRESS_POLL_MS = 3_000;

export const eventChangeProgressQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'event-change'],
    queryFn: ({ signal }) => api.get<EventChangeProgressResponse>('/admin/event/change', { signal }),
    staleTime: 0,
  });

/** GET /admin/event/change: asked again while a called-off night still has refunds pending. */
export function useEventChangeProgress(options: { enabled?: boolean } = {}) {
  return useQuery({
    ...eventChangeProgressQueryOptions(),
    enabled: options.enabled ?? true,
    refetchInterval: (query) =>
      query.state.data?.status === 'called-off' && query.state.data.pending > 0 ? PROGRESS_POLL_MS : false,
  });
}

/** After a change the event everyone reads (the manager's copy, the public one) and the progress are stale. */
function useAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminEventQueryOptions().queryKey });
    void queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: eventChangeProgressQueryOptions().queryKey });
  };
}

const change = <T>(body: EventChangeRequest) => api.post<T>('/admin/event/change', body);

export function usePostpone() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (body: Extract<EventChangeRequest, { kind: 'postpone' }>) => change<PostponeAnswer>(body),
    onSuccess: afterChange,
  });
}

/** The dry run: nothing changes; above ₹1,00,000 the server emails the admin a code. */
export function useCallOffDryRun() {
  return useMutation({
    mutationFn: () => change<CallOffDryRunAnswer>({ kind: 'call-off', dryRun: true }),
  });
}

export function useCallOff() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: (input: { confirm: string; code?: string }) =>
      change<CallOffAnswer>({ kind: 'call-off', confirm: input.confirm, code: input.code || undefined }),
    onSuccess: afterChange,
  });
}

/** POST /admin/event/change/retry: the refunds that failed for good are put back to be sent; the progress follows. */
export function useRetryCallOffRefunds() {
  const afterChange = useAfterChange();
  return useMutation({
    mutationFn: async () =>
      callOffRetryResponseSchema.parse(await api.post<unknown>('/admin/event/change/retry')).retried,
    onSuccess: afterChange,
  });
}
