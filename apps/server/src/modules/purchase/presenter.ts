import { z } from 'zod';

/** A placed checkout as create-order, the booking path and an accepted waitlist offer answer it. */
export const checkoutJson = {
  success: z.literal(true),
  orderId: z.string(),
  amount: z.number(),
  amountPaise: z.number().int(),
  currency: z.string(),
  key: z.string(),
  quantity: z.number(),
  pricePerTicket: z.number(),
  pricingTier: z.string(),
  total: z.number(),
  holdExpiresAt: z.string(),
};
