import {
  callOffRetryResponseSchema,
  eventChangeProgressResponseSchema,
  eventChangeResponseSchema,
} from '@utsav/domain/api/event-change';
import { eventChangeRequestSchema } from '@utsav/domain/event-change';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actor } from '../../platform/auth/plugin';
import { countInventory } from '../../stores/events';
import { toEventJson } from '../event/presenter';
import { changeProgress } from './job';
import { retryFailedCallOffRefunds } from './retry';
import { changeEvent } from './service';

// Admin only ('event:write'): postponing or calling off the night, and the call-off's progress.
const eventChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/event/change',
    {
      onRequest: app.requireAction('event:write'),
      schema: {
        tags: ['event'],
        body: eventChangeRequestSchema,
        response: { 200: eventChangeResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const outcome = await changeEvent(app.ctx, actor(request), request.body);
      if (outcome.kind === 'postpone') {
        const inventory = await countInventory(app.ctx.db, outcome.event.id, app.ctx.now());
        return {
          success: true as const,
          kind: 'postpone' as const,
          event: toEventJson(outcome.event, inventory),
        };
      }
      if (outcome.kind === 'call-off-dry-run') {
        return { success: true as const, kind: 'call-off' as const, dryRun: true as const, ...outcome.plan };
      }
      const { kind: _kind, ...figures } = outcome;
      return { success: true as const, kind: 'call-off' as const, dryRun: false as const, ...figures };
    },
  );

  app.get(
    '/admin/event/change',
    {
      onRequest: app.requireAction('event:write'),
      schema: { tags: ['event'], response: { 200: eventChangeProgressResponseSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await changeProgress(app.ctx)) };
    },
  );

  // The call-off's refunds that failed for good, put back to be sent (retry.ts); 409 unless the night is called off.
  app.post(
    '/admin/event/change/retry',
    {
      onRequest: app.requireAction('event:write'),
      schema: { tags: ['event'], response: { 200: callOffRetryResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, ...(await retryFailedCallOffRefunds(app.ctx, actor(request))) };
    },
  );
};

export default eventChangeRoutes;
