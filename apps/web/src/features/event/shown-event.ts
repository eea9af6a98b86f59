import type { Event } from '@utsav/domain/api/event';
import { EVENT_DEFAULTS } from '@utsav/domain/constants';

/**
 * The event as pages show it: the current one (GET /event), or, when none exists or it could not be loaded,
 * the defaults (docs/product.md#landing), whose date and ticket counts nobody knows.
 */
export type ShownEvent = Pick<
  Event,
  | 'id'
  | 'name'
  | 'description'
  | 'startTime'
  | 'endTime'
  | 'venue'
  | 'ticketPrice'
  | 'groupPrice4'
  | 'eventImage'
  | 'features'
  | 'aboutText'
  | 'salesOpenAt'
> & { date: string | null; totalTickets: number | null; availableTickets: number | null };

/** What the landing page shows when no event exists or it could not be loaded (docs/product.md#landing). */
export const DEFAULT_EVENT: ShownEvent = {
  id: '',
  name: 'Utsav Garba & Raas Night',
  description: '',
  date: null,
  startTime: EVENT_DEFAULTS.startTime,
  endTime: EVENT_DEFAULTS.endTime,
  venue: EVENT_DEFAULTS.venue,
  ticketPrice: EVENT_DEFAULTS.ticketPrice,
  groupPrice4: null,
  totalTickets: null,
  availableTickets: null,
  eventImage: null,
  features: [],
  aboutText: null,
  salesOpenAt: null,
};
