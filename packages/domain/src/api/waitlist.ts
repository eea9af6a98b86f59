import { z } from 'zod';

// The answers of the waitlist a guest sees. An offer's checkout answers with purchase.ts's checkoutSchema.
// Shapes only: see tickets.ts.

export const WAITLIST_PLACE_STATUSES = ['waiting', 'offered', 'expired', 'bought', 'none'] as const;

/** GET /waitlist/me: the person's place; 'none' when they have none (never joined, or left). */
export const waitlistMeResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(WAITLIST_PLACE_STATUSES),
  /** 1 for the first person still waiting; null unless waiting. */
  position: z.number().int().nullable(),
  quantity: z.number().int(),
  /** ISO instant the offer's hold ends; null unless offered. */
  offerExpiresAt: z.string().nullable(),
  /** True when the place ended because the sale closed (status 'expired'). */
  closed: z.boolean(),
  /** Rupees the offered seats cost, priced when the offer was made; null unless offered. */
  amount: z.number().nullable(),
});

export type WaitlistPlace = z.infer<typeof waitlistMeResponseSchema>;

/** POST /waitlist: the place in line (1 = next). */
export const joinWaitlistResponseSchema = z.object({
  success: z.literal(true),
  position: z.number().int(),
});
