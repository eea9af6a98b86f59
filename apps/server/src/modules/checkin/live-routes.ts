import { ticketPassesResponseSchema } from '@utsav/domain/api/admin-tickets';
import { liveGatesResponseSchema } from '@utsav/domain/gates-live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { liveView, ticketHistory } from './live-service';

// The live gate view for admins and managers (docs/product.md#gates-panel). Polled by the dashboard's Gates panel.

const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/checkin/live',
    {
      onRequest: app.requireAction('analytics:view'),
      schema: { tags: ['admin'], response: { 200: liveGatesResponseSchema } },
    },
    async (_request, reply) => {
      // Live figures: never from a browser or proxy cache.
      reply.header('cache-control', 'no-store');
      return { success: true as const, ...(await liveView(app.ctx)) };
    },
  );

  app.get(
    '/admin/tickets/:id/checkins',
    {
      onRequest: app.requireAction('tickets:view'),
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: ticketPassesResponseSchema },
      },
    },
    async (request) => ({ success: true as const, history: await ticketHistory(app.ctx, request.params.id) }),
  );
};

export default liveRoutes;
