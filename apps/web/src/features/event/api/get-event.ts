import { useQuery } from '@tanstack/react-query';
import { currentEventQueryOptions } from '../../../lib/current-event';

/** GET /event's query (the event and its organiser, see lib/current-event.ts). */
export const eventQueryOptions = currentEventQueryOptions;

/** The current event, or null when none exists; failures are silent (the landing page falls back to the defaults). */
export function useCurrentEvent() {
  return useQuery({ ...currentEventQueryOptions(), select: (body) => body.data });
}
