import {
  guestMessageAnswerSchema,
  guestMessageListAnswerSchema,
  guestMessagePreviewAnswerSchema,
} from '@utsav/domain/api/messages';
import { guestMessagePreviewQuerySchema, guestMessageRequestSchema } from '@utsav/domain/guest-messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { getMessage, listMessages, previewMessage, sendMessage } from './service';

// The Messages panel's calls: compose, preview, test, send, and the list with each message's progress. Admin only
// ('messages:send'): a message speaks for the organiser to every guest.

const params = z.object({ id: z.string().trim().min(1).max(128) });

const messagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/messages/preview',
    {
      onRequest: app.requireAction('messages:send'),
      schema: {
        tags: ['admin'],
        body: guestMessageRequestSchema,
        querystring: guestMessagePreviewQuerySchema,
        response: { 200: guestMessagePreviewAnswerSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        ...(await previewMessage(app.ctx, actor(request), request.body, request.query.language)),
      };
    },
  );

  app.post(
    '/admin/messages',
    {
      onRequest: app.requireAction('messages:send'),
      schema: {
        tags: ['admin'],
        body: guestMessageRequestSchema,
        response: { 200: guestMessageAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      message: await sendMessage(app.ctx, actor(request), request.body),
    }),
  );

  app.get(
    '/admin/messages',
    {
      onRequest: app.requireAction('messages:send'),
      schema: { tags: ['admin'], response: { 200: guestMessageListAnswerSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, messages: await listMessages(app.ctx) };
    },
  );

  app.get(
    '/admin/messages/:id',
    {
      onRequest: app.requireAction('messages:send'),
      schema: { tags: ['admin'], params, response: { 200: guestMessageAnswerSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, message: await getMessage(app.ctx, request.params.id) };
    },
  );
};

export default messagesRoutes;
