import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

/** The event with every field the staff form has, as the event manager previews and edits it. */
export interface AdminEvent {
  id: string;
  name: string;
  venue: string;
  description: string;
  date: string;
  startTime: string;
  endTime: string;
  ticketPrice: number;
  groupPrice4: number | null;
  totalTickets: number;
  availableTickets: number | null;
  soldTickets: number | null;
  soldPercentage: number | null;
  eventImage: string | null;
  features: string[];
  aboutText: string | null;
  /** ISO instant ticket sales open; null: open now. */
  salesOpenAt: string | null;
  reentryAllowed: boolean;
}

type Raw = Record<string, unknown>;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number | null => {
  const parsed = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof parsed === 'number' && Number.isFinite(parsed) ? parsed : null;
};

export function toAdminEvent(raw: unknown): AdminEvent | null {
  if (!raw || typeof raw !== 'object') return null;
  const event = raw as Raw;
  const id = text(event.id) || text(event._id);
  if (!id) return null;
  return {
    id,
    name: text(event.name),
    venue: text(event.venue),
    description: text(event.description),
    date: text(event.date).slice(0, 10),
    startTime: text(event.startTime),
    endTime: text(event.endTime),
    ticketPrice: num(event.ticketPrice) ?? 0,
    groupPrice4: num(event.groupPrice4),
    totalTickets: num(event.totalTickets) ?? 0,
    availableTickets: num(event.availableTickets),
    soldTickets: num(event.soldTickets),
    soldPercentage: num(event.soldPercentage),
    eventImage: text(event.eventImage) || null,
    features: Array.isArray(event.features)
      ? event.features.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
      : [],
    aboutText: text(event.aboutText) || null,
    salesOpenAt: text(event.salesOpenAt) || null,
    reentryAllowed: event.reentryAllowed === true,
  };
}

/** GET /event → data.data, or null when no event exists yet. */
export async function getAdminEvent(signal?: AbortSignal): Promise<AdminEvent | null> {
  const body = await api.get<{ data?: unknown }>('/event', { signal });
  return toAdminEvent(body?.data);
}

export const adminEventQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'event'],
    queryFn: ({ signal }) => getAdminEvent(signal),
    // The editor must start from what is stored now, not from a copy a minute old.
    staleTime: 0,
  });

export function useAdminEvent() {
  return useQuery(adminEventQueryOptions());
}
