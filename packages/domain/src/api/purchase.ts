import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { orderLinesAnswerSchema } from './ticket-types';
import { ticketSchema } from './tickets';

// The answers of a purchase: the checkout order, how many more tickets a person may buy, the verified
// payment's tickets. Shapes only: see tickets.ts.

/**
 * A Razorpay order opened for held seats: POST /tickets/create-order and POST /waitlist/me/checkout (an
 * offer's seats are held the same way).
 */
export const checkoutSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    /** Razorpay's order id (order_…). */
    orderId: z.string(),
    /** Rupees. */
    amount: z.number(),
    /** The same amount in paise, exactly as Razorpay charges it (checkout.js wants paise). */
    amountPaise: z.number().int(),
    currency: z.string(),
    /** The Razorpay key id the checkout opens with. */
    key: z.string(),
    quantity: z.number(),
    pricePerTicket: z.number(),
    pricingTier: z.string(),
    total: z.number(),
    /** When the server releases the held seats (ISO). */
    holdExpiresAt: z.string(),
    /** Rupees: the convenience fee paid on top of the tickets, part of `amount` (0: none, or the organiser's). */
    convenienceFee: z.number().optional(),
    // The order's lines, discount and code; `free`: a ₹0 order, already issued (nothing to pay).
    ...orderLinesAnswerSchema.shape,
  }),
);

export type Checkout = z.infer<typeof checkoutSchema>;

/**
 * POST /tickets: the older booking call, the same checkout (tickets exist only once it is paid; a ₹0 order is
 * issued at once and answers requiresPayment false).
 */
export const bookingResponseSchema = lazySchema(() =>
  checkoutSchema.extend({ requiresPayment: z.boolean() }),
);

export const allowanceSchema = lazySchema(() =>
  z.object({
    /** The most tickets one person may hold and own. */
    limit: z.number(),
    /** In live holds (checkouts not yet paid). */
    held: z.number(),
    bought: z.number(),
    remaining: z.number(),
  }),
);

/** GET /tickets/allowance: how many more tickets the person may buy; null when no event is on sale. */
export const allowanceResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    allowance: allowanceSchema.nullable(),
  }),
);

/** POST /tickets/verify-payment: the tickets the payment issued (the same ones if asked again). */
export const verifiedPaymentSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    orderId: z.string(),
    tickets: z.array(ticketSchema),
  }),
);

export type VerifiedPayment = z.infer<typeof verifiedPaymentSchema>;
