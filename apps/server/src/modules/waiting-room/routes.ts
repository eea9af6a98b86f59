import { queueStatusSchema } from '@utsav/domain/api/waiting-room';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actor } from '../../platform/auth/plugin';
import { joinQueue, myQueueStatus, type QueueStatus } from './service';

// The waiting room in front of checkout (docs/product.md#waiting-room). Signed-in callers; the answer says when to ask again.

function answer(reply: FastifyReply, status: QueueStatus) {
  // Retry-After as well as the body field: generic HTTP clients and proxies understand the header.
  if (status.status === 'waiting') reply.header('retry-after', String(status.retryAfterSeconds));
  reply.header('cache-control', 'no-store');
  return { success: true as const, ...status };
}

const waitingRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/queue/join',
    {
      onRequest: app.requireAction('ticket:buy'),
      schema: { tags: ['queue'], response: { 200: queueStatusSchema } },
    },
    async (request, reply) => answer(reply, await joinQueue(app.ctx, actor(request))),
  );

  app.get(
    '/queue/me',
    {
      onRequest: app.requireAction('ticket:buy'),
      schema: { tags: ['queue'], response: { 200: queueStatusSchema } },
    },
    async (request, reply) => answer(reply, await myQueueStatus(app.ctx, actor(request))),
  );
};

export default waitingRoomRoutes;
