import * as z from 'zod/mini';
import { ticketSchema } from './tickets';

// The answers of a ticket transfer. See tickets.ts for why these are zod/mini.

/** POST /tickets/{id}/transfer: a Razorpay order for the transfer fee. */
export const transferCheckoutSchema = z.object({
  success: z.literal(true),
  orderId: z.string(),
  /** Rupees; checkout.js wants paise. */
  amount: z.number(),
  currency: z.string(),
  key: z.string(),
});

export type TransferCheckout = z.infer<typeof transferCheckoutSchema>;

/** POST /tickets/transfer/verify-payment: the sender's ticket, now transferred. */
export const transferVerifiedSchema = z.object({
  success: z.literal(true),
  ticket: ticketSchema,
});

export const TRANSFER_STATUSES = ['created', 'completed', 'failed', 'expired'] as const;

/** One transfer as staff see it (GET /tickets/admin/transfers). */
export const transferRecordSchema = z.object({
  id: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  /** The code of the ticket given away, and of the one the recipient got. */
  ticketId: z.string(),
  newTicketId: z.nullable(z.string()),
  from: z.object({ name: z.string(), email: z.string() }),
  to: z.object({ name: z.string(), email: z.string() }),
  /** Rupees. */
  fee: z.number(),
  orderId: z.nullable(z.string()),
  paymentId: z.nullable(z.string()),
  failureReason: z.nullable(z.string()),
  createdAt: z.string(),
  completedAt: z.nullable(z.string()),
});

export type TransferRecord = z.infer<typeof transferRecordSchema>;

export const transferListSchema = z.object({
  success: z.literal(true),
  transfers: z.array(transferRecordSchema),
});
