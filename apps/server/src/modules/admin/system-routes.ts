import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { systemHealth } from './system-service';

const count = z.number().nullable();

const adminSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/system/health',
    {
      onRequest: app.requireAction('system:health'),
      schema: {
        tags: ['admin'],
        response: {
          200: z.object({
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
              pendingHolds: count,
              refundsWaiting: count,
              refundsFailed: count,
              outbox: z.object({ pending: z.number(), failed: z.number() }).nullable(),
            }),
          }),
        },
      },
    },
    async () => ({ success: true as const, health: await systemHealth(app.ctx) }),
  );
};

export default adminSystemRoutes;
