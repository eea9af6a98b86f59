import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

// The waiting room's answer (POST /queue/join, GET /queue/me): where the person stands, and when to ask
// again. Shapes only: see tickets.ts.

export const queueStatusSchema = lazySchema(() =>
  z.discriminatedUnion('status', [
    z.object({
      success: z.literal(true),
      status: z.literal('waiting'),
      /** Null before the draw at the opening. */
      position: z.number().nullable(),
      ahead: z.number().nullable(),
      etaSeconds: z.number(),
      retryAfterSeconds: z.number(),
      ticketsLeft: z.number(),
      salesOpenAt: z.string().nullable(),
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
  ]),
);

export type QueueStatus = z.infer<typeof queueStatusSchema>;
