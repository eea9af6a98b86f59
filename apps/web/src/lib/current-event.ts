import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentEventResponse } from '@utsav/domain/api/event';
import type { Organiser } from '@utsav/domain/organiser';
import { api } from './api-client';
import { EVENT_QUERY_KEY } from './query-keys';

// GET /event answers the event and who runs it (the organiser profile). The landing page, the footer, the legal
// pages and every "write to us" link read the one cached answer, so the organiser is fetched once per page.

const EVENT_STALE_MS = 60_000;

/**
 * Read by its schema's type, not parsed: the landing page's first JavaScript reads it, and carries no zod
 * (decision 1108); the server writes it with that schema.
 */
export async function getCurrentEvent(signal?: AbortSignal): Promise<CurrentEventResponse> {
  const body = await api.get<CurrentEventResponse>('/event', { auth: false, signal });
  return { success: true, data: body.data ?? null, organiser: body.organiser ?? null };
}

export const currentEventQueryOptions = () =>
  queryOptions({
    queryKey: [...EVENT_QUERY_KEY, 'current'],
    queryFn: ({ signal }) => getCurrentEvent(signal),
    staleTime: EVENT_STALE_MS,
  });

/**
 * GET /event as staff see it (signed in): a draft too. Only "Preview as guest" asks this way; everyone else, staff
 * included, reads the public answer above, so what a guest is shown is never mixed with a draft.
 */
export const previewEventQueryOptions = () =>
  queryOptions({
    queryKey: [...EVENT_QUERY_KEY, 'preview'],
    queryFn: async ({ signal }) => (await api.get<CurrentEventResponse>('/event', { signal })).data ?? null,
    staleTime: EVENT_STALE_MS,
  });

/** The organiser profile, or null before it is filled in (or while it loads): pages then name no one. */
export function useOrganiser(): Organiser | null {
  return useQuery({ ...currentEventQueryOptions(), select: (body) => body.organiser }).data ?? null;
}

/** The organiser's support address, or null before the profile exists (a sentence that needs it is then left out). */
export function useSupportEmail(): string | null {
  return useOrganiser()?.supportEmail ?? null;
}
