import * as z from 'zod/mini';

// The waiting room's answer (POST /queue/join, GET /queue/me): where the person stands, and when to ask
// again. See tickets.ts for why these are zod/mini.

export const queueStatusSchema = z.discriminatedUnion('status', [
  z.object({
    success: z.literal(true),
    status: z.literal('waiting'),
    /** Null before the draw at the opening. */
    position: z.nullable(z.number()),
    ahead: z.nullable(z.number()),
    etaSeconds: z.number(),
    retryAfterSeconds: z.number(),
    ticketsLeft: z.number(),
    salesOpenAt: z.nullable(z.string()),
  }),
  z.object({
    success: z.literal(true),
    status: z.literal('admitted'),
    /** Sent back as X-Queue-Pass with the checkout. */
    pass: z.string(),
    passExpiresAt: z.string(),
    ticketsLeft: z.number(),
  }),
  z.object({ success: z.literal(true), status: z.literal('sold-out'), ticketsLeft: z.literal(0) }),
]);

export type QueueStatus = z.infer<typeof queueStatusSchema>;
