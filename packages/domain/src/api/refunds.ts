import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { REFUND_STATUSES } from '../refunds';
import { ticketSchema } from './tickets';

// What the server sends for refunds. Amounts in rupees. Shapes only: see tickets.ts.

const status = lazySchema(() => z.enum(REFUND_STATUSES));

export const refundSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    /** The id under its older name, for clients written against it. */
    _id: z.string(),
    /** The short reference (RF-…) a guest quotes to support. */
    refundId: z.string(),
    originalAmount: z.number(),
    processingFee: z.number(),
    refundAmount: z.number(),
    status,
    statusLabel: z.string(),
    reason: z.string(),
    /** The seller's refund of a ticket resold at face value (its own label in the Refund Tracker). */
    resale: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
    processedAt: z.string().nullable(),
    ticket: z.object({ id: z.string(), ticketId: z.string(), eventName: z.string() }),
    /** Staff views only: whose refund it is, Razorpay's rfnd_… id of the current attempt, the last error. */
    user: z.object({ name: z.string(), email: z.string() }).optional(),
    razorpayRefundId: z.string().nullable().optional(),
    lastError: z.string().nullable().optional(),
    attempts: z.number().optional(),
    statusHistory: z.array(z.object({ status, timestamp: z.string(), notes: z.string() })),
  }),
);

export type Refund = z.infer<typeof refundSchema>;

/**
 * PATCH /tickets/cancel/{id} and POST /refunds/create: the refund started and the ticket, now cancelled. A ticket
 * that cost nothing has no refund (`refund: null`) and a `message` saying so in the reader's language.
 */
export const cancelResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    refund: refundSchema.nullable(),
    ticket: ticketSchema,
    message: z.string().optional(),
  }),
);

/** GET /refunds/status/{id} and POST /refunds/admin/{id}/retry. */
export const oneRefundResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    refund: refundSchema,
  }),
);

/** GET /refunds/my-refunds. */
export const myRefundsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    refunds: z.array(refundSchema),
  }),
);

/** GET /refunds/admin/all: one page of every refund. */
export const refundPageResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    refunds: z.array(refundSchema),
    pagination: z.object({
      current: z.number(),
      total: z.number(),
      count: z.number(),
      totalRefunds: z.number(),
    }),
  }),
);

export type RefundPage = z.infer<typeof refundPageResponseSchema>;

/** GET /refunds/admin/stats: counts by status and the rupees refunded. */
export const refundStatsResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    stats: z.object({
      total: z.number(),
      pending: z.number(),
      processing: z.number(),
      processed: z.number(),
      failed: z.number(),
      cancelled: z.number(),
      totalRefundAmount: z.number(),
    }),
  }),
);

export type RefundStats = z.infer<typeof refundStatsResponseSchema>['stats'];
