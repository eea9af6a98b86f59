import { healthResponseSchema, unavailableResponseSchema } from '@utsav/domain/api/system';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { warningsOnly } from '../../platform/quiet-logger';
import { clientConfig, isHealthy } from './service';

// The crash report (docs/product.md#shell), capped field by field so a runaway stack cannot flood the logs.
const crashReport = z.object({
  error: z
    .object({
      message: z.string().max(2000).optional(),
      stack: z.string().max(8000).nullish(),
      name: z.string().max(200).optional(),
    })
    .optional(),
  errorInfo: z
    .union([z.string().max(8000), z.object({ componentStack: z.string().max(8000).nullish() })])
    .nullish(),
  timestamp: z.string().max(64).optional(),
  url: z.string().max(2048).optional(),
  userAgent: z.string().max(512).optional(),
});

const OK = { status: 'ok' } as const;
const UNAVAILABLE = { status: 'unavailable' } as const;

function answerHealth(reply: FastifyReply, healthy: boolean): void {
  if (healthy) reply.send(OK);
  else reply.status(503).send(UNAVAILABLE);
}

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      // Load balancers poll this every few seconds; only failures are worth a log line.
      ...warningsOnly(),
      schema: {
        tags: ['system'],
        response: { 200: healthResponseSchema, 503: unavailableResponseSchema },
      },
      // The two answers are the constants below; zod's parse of them on every probe checked nothing.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    // Not async: on SQLite the answer is known at once, and a probe then costs no promise.
    (_request, reply) => {
      const healthy = isHealthy(app.ctx);
      if (typeof healthy !== 'boolean') return healthy.then((result) => answerHealth(reply, result));
      answerHealth(reply, healthy);
    },
  );

  app.post(
    '/log-error',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: app.ctx.config.rateLimits.logErrorPerMinute, timeWindow: '1 minute' } },
      schema: { tags: ['system'], body: crashReport },
    },
    async (request, reply) => {
      request.log.error({ clientCrash: request.body }, 'client crash report');
      return reply.status(204).send();
    },
  );

  app.get('/system/client-config', { schema: { tags: ['system'] } }, async () => clientConfig(app.ctx));

  app.get('/docs/json', { schema: { hide: true } }, async () => app.swagger());
};

export default systemRoutes;
