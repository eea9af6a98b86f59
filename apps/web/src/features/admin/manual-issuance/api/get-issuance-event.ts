import { queryOptions, useQuery } from '@tanstack/react-query';
import { currentEventResponseSchema, type Event } from '@utsav/domain/api/event';
import { api } from '../../../../lib/api-client';

/** What manual issuance needs of the event: name, date, stock and the two prices. */
export type IssuanceEvent = Pick<
  Event,
  'id' | 'name' | 'date' | 'availableTickets' | 'ticketPrice' | 'groupPrice4'
>;

/** GET /event (null when no event exists). */
export async function getIssuanceEvent(signal?: AbortSignal): Promise<IssuanceEvent | null> {
  return currentEventResponseSchema.parse(await api.get<unknown>('/event', { signal })).data;
}

export const issuanceEventQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'manual-issuance', 'event'],
    queryFn: ({ signal }) => getIssuanceEvent(signal),
    // Stock moves while the desk works: always start from the current number.
    staleTime: 0,
  });

export function useIssuanceEvent() {
  return useQuery(issuanceEventQueryOptions());
}
