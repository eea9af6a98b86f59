import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { ticketDocumentSchema, ticketSchema } from './tickets';

// The answer of manual issuance (staff). Shapes only: see tickets.ts.

/** POST /tickets/admin/issue-manual: the recipient (made when new) and the tickets issued to them. */
export const manualIssuanceResponseSchema = lazySchema(() =>
  z.object({
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
    /**
     * The sale's tax document (tax invoice, bill of supply or receipt), made with the tickets when payment was
     * received for priced tickets; null when it was not, or the tickets are free. Download it by its number
     * (GET /tickets/documents?number=…).
     */
    document: ticketDocumentSchema.pick({ number: true, kind: true }).nullable(),
  }),
);

export type ManualIssuance = z.infer<typeof manualIssuanceResponseSchema>;
