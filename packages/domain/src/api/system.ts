import { z } from 'zod';
import { lazySchema } from '../lazy-schema';

// The answers about the service itself. Shapes only: see tickets.ts.

/** GET /health when serving; 503 answers { status: 'unavailable' }. */
export const healthResponseSchema = lazySchema(() => z.object({ status: z.literal('ok') }));
export const unavailableResponseSchema = lazySchema(() => z.object({ status: z.literal('unavailable') }));

const count = lazySchema(() => z.number().nullable());

/** GET /admin/system/health: what an admin checks when something looks wrong. */
export const systemHealthResponseSchema = lazySchema(() =>
  z.object({
    success: z.literal(true),
    health: z.object({
      status: z.enum(['ok', 'degraded']),
      version: z.string(),
      uptimeSeconds: z.number(),
      timestamp: z.string(),
      database: z.object({
        engine: z.enum(['sqlite', 'postgres']),
        reachable: z.boolean(),
        latencyMs: z.number().nullable(),
      }),
      migrations: z.object({
        current: z.boolean(),
        applied: z.number(),
        known: z.number(),
        pending: z.array(z.string()),
      }),
      memory: z.object({ rssMb: z.number(), heapUsedMb: z.number(), heapTotalMb: z.number() }),
      /** Null when the count could not be read. */
      pendingHolds: count,
      refundsWaiting: count,
      refundsFailed: count,
      outbox: z.object({ pending: z.number(), failed: z.number() }).nullable(),
    }),
  }),
);

export type SystemHealth = z.infer<typeof systemHealthResponseSchema>['health'];
