import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { ticketSchema } from './tickets';

// The answers of a ticket transfer. Shapes only: see tickets.ts.

/** POST /tickets/{id}/transfer: a Razorpay order for the transfer fee. */
export const transferCheckoutSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    orderId: z.string(),
    /** Rupees; checkout.js wants paise. */
    amount: z.number(),
    currency: z.string(),
    key: z.string(),
  }),
);

export type TransferCheckout = z.infer<typeof transferCheckoutSchema>;

/** POST /tickets/transfer/verify-payment: the sender's ticket, now transferred. */
export const transferVerifiedSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    ticket: ticketSchema,
  }),
);

export const TRANSFER_STATUSES = ['created', 'completed', 'failed', 'expired'] as const;

/** One transfer as staff see it (GET /tickets/admin/transfers). */
export const transferRecordSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    status: z.enum(TRANSFER_STATUSES),
    /** The code of the ticket given away, and of the one the recipient got. */
    ticketId: z.string(),
    newTicketId: z.string().nullable(),
    from: z.object({ name: z.string(), email: z.string() }),
    to: z.object({ name: z.string(), email: z.string() }),
    /** Rupees. */
    fee: z.number(),
    orderId: z.string().nullable(),
    paymentId: z.string().nullable(),
    failureReason: z.string().nullable(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  }),
);

export type TransferRecord = z.infer<typeof transferRecordSchema>;

export const transferListSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    transfers: z.array(transferRecordSchema),
  }),
);
