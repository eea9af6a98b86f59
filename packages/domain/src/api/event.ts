import { z } from 'zod';
import { EVENT_STATUSES } from '../event-change';
import { lazySchema } from '../lazy-schema';
import { organiserSchema } from '../organiser';
import { askedQuestionSchema } from './checkout-questions';
import { publicTicketTypeSchema } from './ticket-types';

// What the server sends for the event. Shapes only: see tickets.ts.

export const eventSchema = lazySchema(() =>
  z.object({
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
    /** False: a draft, shown to staff only, with no checkout. */
    published: z.boolean(),
    publishedAt: z.string().nullable(),
    /** On sale, postponed (date, times or venue above are the new ones) or called off. Always sent by the server. */
    status: z.enum(EVENT_STATUSES).optional(),
    /** ISO instant the status last changed; null while it never has. */
    statusChangedAt: z.string().nullable().optional(),
    /** After a postponement: until then, holders may give tickets back for a full refund. */
    freeRefundUntil: z.string().nullable().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    /** GET /event: the types a guest may see, named in the caller's language (the spec's price is the default's). */
    ticketTypes: z.array(publicTicketTypeSchema).optional(),
    /** GET /event: what the purchase dialog asks (checkout-questions), labelled in the caller's language. */
    checkoutQuestions: z.array(askedQuestionSchema).optional(),
    /**
     * GET /event: the organiser is registered for GST, so a sale's document is a tax invoice or bill of supply and the
     * purchase dialog offers a business buyer its GSTIN, legal name and address for it.
     */
    gstRegistered: z.boolean().optional(),
    /**
     * GET /event: the organiser's convenience fee per paid ticket (rupees, or a percentage of the ticket's price), and
     * who pays it; null: none. The purchase dialog shows it before payment (@utsav/domain/convenience-fee).
     */
    convenienceFee: z
      .object({
        basis: z.enum(['fixed', 'percent']),
        amount: z.number(),
        paidBy: z.enum(['buyer', 'organiser']),
      })
      .nullable()
      .optional(),
  }),
);

export type Event = z.infer<typeof eventSchema>;

/** GET /event: the current event, or null when none exists (or, to a guest, while it is a draft). */
export const currentEventResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: eventSchema.nullable(),
    /** Who runs the night (the organiser profile), or null before it is filled in. */
    organiser: organiserSchema.nullable(),
  }),
);

export type CurrentEventResponse = z.infer<typeof currentEventResponseSchema>;

/** POST and PUT /event, POST /admin/event/publish: the event as saved. */
export const savedEventResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    data: eventSchema,
  }),
);

/** GET /event/exists. */
export const eventExistsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    exists: z.boolean(),
  }),
);
