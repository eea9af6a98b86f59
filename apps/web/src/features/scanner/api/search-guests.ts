import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GateSearchResponse, gateSearchResponseSchema } from '@utsav/domain/gate-search';
import { apiRequest } from '../../../lib/api-client';

/**
 * GET /tickets/checkin/search: the current event's tickets whose holder's or buyer's name, buyer's email or
 * ticket code matches (staff at the gate only; 3 characters or more; at most 20, `more` when there are more).
 */
export async function searchGuests(query: string, signal?: AbortSignal): Promise<GateSearchResponse> {
  const params = new URLSearchParams({ q: query });
  return gateSearchResponseSchema.parse(
    await apiRequest<unknown>(`/tickets/checkin/search?${params}`, { signal }),
  );
}

export const guestSearchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['checkin', 'search', query],
    queryFn: ({ signal }) => searchGuests(query, signal),
    // Names and statuses change as guests come in: always ask again, keep nothing once the list is closed.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The search the volunteer submitted (null: none yet). */
export function useGuestSearch(query: string | null) {
  return useQuery({ ...guestSearchQueryOptions(query ?? ''), enabled: query !== null });
}
