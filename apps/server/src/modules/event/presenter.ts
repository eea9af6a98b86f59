import type { Event } from '@utsav/domain/api/event';
import { paiseToRupees } from '@utsav/domain/pricing';
import type { Config } from '../../platform/config';
import type { EventRow } from '../../platform/db/schema';
import type { Inventory } from '../../stores/events';
import { imageUrl } from './image';

/**
 * Where eventImage URLs start. Our own pages resolve the bare path against our origin; a page on one of
 * CORS_ORIGINS would resolve it against its own, so once those exist the URL is absolute (PUBLIC_URL).
 */
export function eventImageBase(config: Pick<Config, 'corsOrigins' | 'publicUrl'>): string {
  return config.corsOrigins.length > 0 ? config.publicUrl : '';
}

/** Money leaves the server in rupees; the image as its own URL, never inline base64. */
export function toEventJson(
  event: EventRow,
  inventory: Inventory,
  imageBase = '',
  options: { lineWaiting?: boolean } = {},
): Event {
  // Seats in live holds are neither sold nor available; min/max guard against an admin lowering the total.
  // Seats free while people wait in the waitlist are theirs (checkout refuses everyone else): none available.
  const sold = Math.min(inventory.sold, event.total_tickets);
  const available = options.lineWaiting
    ? 0
    : Math.max(0, event.total_tickets - inventory.sold - inventory.held);
  return {
    _id: event.id,
    id: event.id,
    name: event.name,
    venue: event.venue,
    description: event.description,
    date: event.date,
    startTime: event.start_time,
    endTime: event.end_time,
    ticketPrice: paiseToRupees(event.ticket_price_paise),
    groupPrice4: event.group_price4_paise === null ? null : paiseToRupees(event.group_price4_paise),
    totalTickets: event.total_tickets,
    availableTickets: available,
    soldTickets: sold,
    soldPercentage: Math.round((sold / event.total_tickets) * 1000) / 10,
    eventImage: event.image_id ? `${imageBase}${imageUrl(event.image_id)}` : null,
    features: parseFeatureList(event.features),
    aboutText: event.about_text,
    salesOpenAt: event.sales_open_at,
    reentryAllowed: event.reentry_allowed === 1,
    published: event.published_at !== null,
    publishedAt: event.published_at,
    status: event.status ?? 'on-sale',
    statusChangedAt: event.status_changed_at ?? null,
    freeRefundUntil: event.free_refund_until ?? null,
    createdAt: event.created_at,
    updatedAt: event.updated_at,
  };
}

function parseFeatureList(json: string): string[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
