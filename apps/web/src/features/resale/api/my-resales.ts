import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  myResalesResponseSchema,
  type ResaleListing,
  type ResaleTerms,
  resaleListingResponseSchema,
} from '@utsav/domain/api/resale';
import { api } from '../../../lib/api-client';
import { EVENT_QUERY_KEY, TICKETS_QUERY_KEY } from '../../../lib/query-keys';

// The guest's listings and the terms a new one would have. Under the tickets key: a purchase, a cancellation or a
// transfer that changes the tickets changes what the listings show too.
export const MY_RESALES_QUERY_KEY = [...TICKETS_QUERY_KEY, 'my-resales'] as const;

export interface MyResales {
  listings: ResaleListing[];
  terms: ResaleTerms;
}

/** GET /tickets/my-resales. */
export async function getMyResales(signal?: AbortSignal): Promise<MyResales> {
  const body = myResalesResponseSchema.parse(await api.get<unknown>('/tickets/my-resales', { signal }));
  return { listings: body.listings, terms: body.terms };
}

export const myResalesQueryOptions = () =>
  queryOptions({ queryKey: MY_RESALES_QUERY_KEY, queryFn: ({ signal }) => getMyResales(signal) });

export function useMyResales(options: { enabled?: boolean } = {}) {
  return useQuery({ ...myResalesQueryOptions(), enabled: options.enabled ?? true });
}

const ticketPath = (ticketId: string) => `/tickets/${encodeURIComponent(ticketId)}/resale`;

/** POST (list) or DELETE (withdraw) /tickets/{id}/resale: both change the tickets, listings and availability. */
export function useResaleChange(action: 'list' | 'withdraw') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ticketId: string): Promise<ResaleListing> => {
      const body =
        action === 'list'
          ? await api.post<unknown>(ticketPath(ticketId))
          : await api.delete<unknown>(ticketPath(ticketId));
      return resaleListingResponseSchema.parse(body).listing;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: TICKETS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: EVENT_QUERY_KEY }),
      ]),
  });
}
