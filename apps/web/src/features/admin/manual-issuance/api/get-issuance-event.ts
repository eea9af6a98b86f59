import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** What manual issuance needs of the event: name, date, stock and the two prices. */
export interface IssuanceEvent {
  id: string;
  name: string;
  date: string;
  availableTickets: number | null;
  ticketPrice: number;
  groupPrice4: number | null;
}

type Raw = Record<string, unknown>;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** GET /event → data.data (null when no event exists). */
export async function getIssuanceEvent(signal?: AbortSignal): Promise<IssuanceEvent | null> {
  const body = await api.get<{ data?: unknown }>('/event', { signal });
  const event = (body?.data && typeof body.data === 'object' ? body.data : null) as Raw | null;
  const id = event ? String(event.id ?? event._id ?? '') : '';
  if (!event || !id) return null;
  return {
    id,
    name: String(event.name ?? ''),
    date: String(event.date ?? '').slice(0, 10),
    availableTickets: num(event.availableTickets),
    ticketPrice: num(event.ticketPrice) ?? 0,
    groupPrice4: num(event.groupPrice4),
  };
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
