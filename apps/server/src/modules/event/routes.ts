import {
  currentEventResponseSchema,
  eventExistsResponseSchema,
  savedEventResponseSchema,
} from '@utsav/domain/api/event';
import { eventInputSchema } from '@utsav/domain/event-schema';
import { can, isStaff } from '@utsav/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { embeddableByCorsOrigins } from '../../platform/cors';
import { requestLanguage } from '../../platform/i18n/request-language';
import { createEvent, editEvent, eventExists, getCurrentEvent, getEventImage, publishEvent } from './service';

// 5 MB of picture is ~6.7 MB as base64, plus the text fields.
const EVENT_BODY_LIMIT = 8 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

// The body schema documents the payload in OpenAPI; the service validates it against today's date.
const writeRoute = {
  bodyLimit: EVENT_BODY_LIMIT,
  validatorCompiler: () => (value: unknown) => ({ value }),
  schema: {
    tags: ['event'],
    body: eventInputSchema('2000-01-01'),
    response: { 200: savedEventResponseSchema },
  },
};

const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/event',
    {
      onRequest: app.signInIfPossible,
      schema: {
        tags: ['event'],
        response: { 200: currentEventResponseSchema },
      },
    },
    async (request, reply) => {
      // Staff see a draft too: their answer is theirs alone. Whoever may edit the event gets the picture as a
      // data URL its form can send back unchanged (service.ts).
      const staff = isStaff(request.user?.role);
      if (staff) reply.header('cache-control', 'private, no-store');
      const imageAsDataUrl = can(request.user, 'event:write');
      const [data, organiser] = await Promise.all([
        getCurrentEvent(app.ctx, { staff, language: requestLanguage(request), imageAsDataUrl }),
        app.ctx.organiser(),
      ]);
      return { success: true as const, data, organiser };
    },
  );

  app.post(
    '/admin/event/publish',
    {
      onRequest: app.requireAction('event:write'),
      schema: {
        tags: ['event'],
        response: { 200: savedEventResponseSchema },
      },
    },
    async (request) => ({ success: true as const, data: await publishEvent(app.ctx, actor(request)) }),
  );

  app.get(
    '/event/exists',
    {
      schema: {
        tags: ['event'],
        response: { 200: eventExistsResponseSchema },
      },
    },
    async () => ({ success: true as const, exists: await eventExists(app.ctx) }),
  );

  app.post('/event', { ...writeRoute, onRequest: app.requireAction('event:write') }, async (request) => ({
    success: true as const,
    data: await createEvent(app.ctx, actor(request), request.body as unknown),
  }));

  app.put('/event', { ...writeRoute, onRequest: app.requireAction('event:write') }, async (request) => ({
    success: true as const,
    data: await editEvent(app.ctx, actor(request), request.body as unknown),
  }));

  app.get(
    '/event/image/:id',
    { schema: { tags: ['event'], params: z.object({ id: z.string().max(128) }) } },
    async (request, reply) => {
      const image = await getEventImage(app.ctx, request.params.id);
      embeddableByCorsOrigins(reply, app.ctx.config);
      // Content-addressed URL: the bytes behind it never change, so caches may keep them for a year.
      return reply.header('cache-control', IMMUTABLE).type(image.content_type).send(image.bytes);
    },
  );
};

export default eventRoutes;
