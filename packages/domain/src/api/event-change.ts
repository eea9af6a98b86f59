import { z } from 'zod';
import { EVENT_STATUSES } from '../event-change';
import { lazySchema } from '../lazy-schema';
import { eventSchema } from './event';

// POST and GET /api/admin/event/change. Shapes only: the rules are ../event-change.

export const callOffDryRunResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    kind: z.literal('call-off'),
    dryRun: z.literal(true),
    orders: z.number(),
    tickets: z.number(),
    /** Rupees. */
    refundTotal: z.number(),
    /** One Razorpay refund per refunded ticket. */
    razorpayCalls: z.number(),
    /** Above ₹1,00,000: a code was emailed to the admin, and the confirmation must carry it. */
    codeRequired: z.boolean(),
  }),
);

export const callOffResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    kind: z.literal('call-off'),
    dryRun: z.literal(false),
    orders: z.number(),
    tickets: z.number(),
    refundTotal: z.number(),
  }),
);

export const postponeResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    kind: z.literal('postpone'),
    event: eventSchema,
  }),
);

export const eventChangeResponseSchema = lazySchema(() =>
  z.union([postponeResponseSchema, callOffDryRunResponseSchema, callOffResponseSchema]),
);
export type EventChangeResponse = z.infer<typeof eventChangeResponseSchema>;

export const eventChangeProgressResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    kind: z.enum(['postpone', 'call-off']).nullable(),
    status: z.enum(EVENT_STATUSES),
    done: z.number(),
    pending: z.number(),
    failed: z.number(),
    refundedTotal: z.number(),
    pendingTotal: z.number(),
    failedTotal: z.number(),
    failedOrders: z.array(
      z.object({ orderId: z.string(), amount: z.number(), error: z.string().nullable() }),
    ),
  }),
);
export type EventChangeProgressResponse = z.infer<typeof eventChangeProgressResponseSchema>;

/** POST /admin/event/change/retry: how many failed call-off refunds were put back to be sent. */
export const callOffRetryResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    retried: z.number(),
  }),
);
