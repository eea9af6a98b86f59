import { z } from 'zod';
import { ticketSchema } from './tickets';

// The answer of manual issuance (staff). Shapes only: see tickets.ts.

/** POST /tickets/admin/issue-manual: the recipient (made when new) and the tickets issued to them. */
export const manualIssuanceResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  user: z.object({
    id: z.string(),
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    isNewUser: z.boolean(),
  }),
  tickets: z.array(ticketSchema),
  /** Rupees. */
  totalAmount: z.number(),
  pricePerTicket: z.number(),
  pricingTier: z.string(),
  paymentDone: z.boolean(),
});

export type ManualIssuance = z.infer<typeof manualIssuanceResponseSchema>;
