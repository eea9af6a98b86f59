import * as z from 'zod/mini';

// The answers of the waitlist a guest sees. An offer's checkout answers with purchase.ts's checkoutSchema.
// See tickets.ts for why these are zod/mini.

export const WAITLIST_PLACE_STATUSES = ['waiting', 'offered', 'expired', 'bought', 'none'] as const;

/** GET /waitlist/me: the person's place; 'none' when they have none (never joined, or left). */
export const waitlistMeResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(WAITLIST_PLACE_STATUSES),
  /** 1 for the first person still waiting; null unless waiting. */
  position: z.nullable(z.int()),
  quantity: z.int(),
  /** ISO instant the offer's hold ends; null unless offered. */
  offerExpiresAt: z.nullable(z.string()),
  /** True when the place ended because the sale closed (status 'expired'). */
  closed: z.boolean(),
  /** Rupees the offered seats cost, priced when the offer was made; null unless offered. */
  amount: z.nullable(z.number()),
});

export type WaitlistPlace = z.infer<typeof waitlistMeResponseSchema>;

/** POST /waitlist: the place in line (1 = next). */
export const joinWaitlistResponseSchema = z.object({
  success: z.literal(true),
  position: z.int(),
});
