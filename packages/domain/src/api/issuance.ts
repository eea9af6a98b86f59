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
  /** 'Individual', 'Group' (from 4 of the type) or 'Free'. */
  pricingTier: z.string(),
  paymentDone: z.boolean(),
  /** The type issued (English name: the desk's record), and the phase whose price applied, if any. */
  ticketType: z.object({ id: z.string(), name: z.string(), admits: z.number().int(), colour: z.string() }),
  phaseLabel: z.string().nullable(),
});

export type ManualIssuance = z.infer<typeof manualIssuanceResponseSchema>;
