import { z } from 'zod';

// What the server sends for the event. Shapes only: see tickets.ts.

export const eventSchema = z.object({
  /** The id under its older name, for clients written against it. */
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  venue: z.string(),
  description: z.string(),
  /** The event's IST calendar day, YYYY-MM-DD. */
  date: z.string(),
  /** HH:mm, IST. */
  startTime: z.string(),
  endTime: z.string(),
  /** Rupees. */
  ticketPrice: z.number(),
  /** Rupees per ticket from 4 tickets in one order; null: no group price. */
  groupPrice4: z.number().nullable(),
  totalTickets: z.number(),
  /** For sale now: neither sold nor held, and none while people wait for the ones that come back. */
  availableTickets: z.number(),
  soldTickets: z.number(),
  soldPercentage: z.number(),
  /** The picture's own URL; null without one. */
  eventImage: z.string().nullable(),
  features: z.array(z.string()),
  aboutText: z.string().nullable(),
  /** ISO instant checkout opens at; null: open now. */
  salesOpenAt: z.string().nullable(),
  reentryAllowed: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Event = z.infer<typeof eventSchema>;

/** GET /event: the current event, or null when none exists. */
export const currentEventResponseSchema = z.object({
  success: z.literal(true),
  data: eventSchema.nullable(),
});

export type CurrentEventResponse = z.infer<typeof currentEventResponseSchema>;

/** POST and PUT /event: the event as saved. */
export const savedEventResponseSchema = z.object({
  success: z.literal(true),
  data: eventSchema,
});

/** GET /event/exists. */
export const eventExistsResponseSchema = z.object({
  success: z.literal(true),
  exists: z.boolean(),
});
