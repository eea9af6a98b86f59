import { z } from 'zod';
import { checkoutAnswersSchema } from '../checkout-answers';
import { lazySchema } from '../lazy-schema';
import { WAITLIST_ENTRY_STATUSES, WAITLIST_STATUSES } from '../waitlist';

// The answers of the waitlist. An offer's checkout answers with purchase.ts's checkoutSchema. Shapes only: see
// tickets.ts.

/** A person's place in the line; 'none' when they have none (never joined, or left). */
export const waitlistPlaceSchema = lazySchema(() =>
  z.object({
    status: z.enum(WAITLIST_STATUSES),
    /** 1 for the first person still waiting; null unless waiting. */
    position: z.number().int().nullable(),
    quantity: z.number().int(),
    /** ISO instant the offer's hold ends; null unless offered. */
    offerExpiresAt: z.string().nullable(),
    /** True when the place ended because the sale closed (status 'expired'). */
    closed: z.boolean(),
    /** Rupees the offered seats cost, priced when the offer was made; null unless offered. */
    amount: z.number().nullable(),
    /** The ticket type of the offered seats (the questions asked before paying depend on it); null unless offered. */
    offerTicketTypeId: z.string().nullable(),
  }),
);

export type WaitlistPlace = z.infer<typeof waitlistPlaceSchema>;

/**
 * POST /waitlist/me/checkout: the answers to the checkout questions, as create-order takes them (judged against the
 * offer's tickets). No body (or null) is the same as no answers.
 */
export const waitlistCheckoutBodySchema = lazySchema(() =>
  z
    .object({ answers: checkoutAnswersSchema.optional() })
    .nullish()
    .transform((body) => body ?? {}),
);

/** GET /waitlist/me. */
export const waitlistMeResponseSchema = lazySchema(() =>
  waitlistPlaceSchema.extend({ success: z.literal(true) }),
);

/** POST /waitlist: the place in line (1 = next). */
export const joinWaitlistResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    position: z.number().int(),
  }),
);

const lineCount = lazySchema(() => z.object({ people: z.number().int(), seats: z.number().int() }));

/** GET /admin/waitlist: the line with its numbers. */
export const adminWaitlistResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    stats: z.object({
      waiting: lineCount,
      offered: lineCount,
      bought: lineCount,
      expired: lineCount,
      left: lineCount,
      closed: lineCount,
    }),
    offerMinutes: z.number().int(),
    entries: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        quantity: z.number().int(),
        status: z.enum(WAITLIST_ENTRY_STATUSES),
        /** 1 for the first still waiting; null for other statuses. */
        position: z.number().int().nullable(),
        /** The ticket type the place waits for (its name in the reader's language). */
        ticketType: z.object({ id: z.string(), name: z.string() }),
        /**
         * 'type': in that type's own line (the type sold out by its own capacity while the event was not), which
         * holds back that type only; 'event': in the event's line, which holds back every checkout.
         */
        line: z.enum(['event', 'type']),
        joinedAt: z.string(),
        offeredAt: z.string().nullable(),
        offerExpiresAt: z.string().nullable(),
        endedAt: z.string().nullable(),
      }),
    ),
  }),
);

export type AdminWaitlist = z.infer<typeof adminWaitlistResponseSchema>;
