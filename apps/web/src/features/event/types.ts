import { EVENT_DEFAULTS } from '@utsav/domain/constants';

/** The current event as the landing page and dashboards show it (docs/contracts.md). */
export interface EventInfo {
  id: string;
  name: string;
  description: string | null;
  date: string | null;
  startTime: string;
  endTime: string;
  venue: string;
  ticketPrice: number;
  groupPrice4: number | null;
  totalTickets: number | null;
  availableTickets: number | null;
  eventImage: string | null;
  features: string[];
  aboutText: string | null;
  /** ISO instant ticket sales open; null: open now. */
  salesOpenAt: string | null;
}

export const DEFAULT_EVENT_NAME = 'Utsav Garba & Raas Night';

/** What the landing page shows when no event exists or it could not be loaded (docs/product.md#event-manager). */
export const DEFAULT_EVENT: EventInfo = {
  id: '',
  name: DEFAULT_EVENT_NAME,
  description: null,
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

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);
const number = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value)
    ? value
    : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))
      ? Number(value)
      : null;

export function toEventInfo(raw: unknown): EventInfo | null {
  if (!raw || typeof raw !== 'object') return null;
  const event = raw as Record<string, unknown>;
  const id = text(event.id) ?? text(event._id);
  if (!id) return null;
  const date = text(event.date);
  return {
    id,
    name: text(event.name) ?? DEFAULT_EVENT_NAME,
    description: text(event.description),
    // Accept a full ISO timestamp too: the IST calendar day is its first ten characters.
    date: date ? date.slice(0, 10) : null,
    startTime: text(event.startTime) ?? EVENT_DEFAULTS.startTime,
    endTime: text(event.endTime) ?? EVENT_DEFAULTS.endTime,
    venue: text(event.venue) ?? EVENT_DEFAULTS.venue,
    ticketPrice: number(event.ticketPrice) ?? EVENT_DEFAULTS.ticketPrice,
    groupPrice4: number(event.groupPrice4),
    totalTickets: number(event.totalTickets),
    availableTickets: number(event.availableTickets),
    eventImage: text(event.eventImage),
    features: Array.isArray(event.features)
      ? event.features.filter(
          (feature): feature is string => typeof feature === 'string' && feature.trim() !== '',
        )
      : [],
    aboutText: text(event.aboutText),
    salesOpenAt: text(event.salesOpenAt),
  };
}
