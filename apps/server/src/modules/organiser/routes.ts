import { organiserInputSchema, organiserSchema } from '@utsav/domain/organiser';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { organiserProfile, saveOrganiser } from './service';
import { setupStatus } from './setup';

// A logo of up to 5 MB is ~6.7 MB as base64, plus the text fields.
const PROFILE_BODY_LIMIT = 8 * 1024 * 1024;

const profileResponse = {
  200: z.object({
    success: z.literal(true),
    organiser: organiserSchema.nullable(),
    updatedAt: z.string().nullable(),
  }),
};

const organiserRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/organiser',
    {
      onRequest: app.requireAction('organiser:view'),
      schema: { tags: ['organiser'], response: profileResponse },
    },
    async () => ({ success: true as const, ...(await organiserProfile(app.ctx)) }),
  );

  app.put(
    '/admin/organiser',
    {
      onRequest: app.requireAction('organiser:write'),
      bodyLimit: PROFILE_BODY_LIMIT,
      // Documented here, validated by the service (one schema, per-field details).
      validatorCompiler: () => (value: unknown) => ({ value }),
      schema: { tags: ['organiser'], body: organiserInputSchema, response: profileResponse },
    },
    async (request) => ({
      success: true as const,
      ...(await saveOrganiser(app.ctx, actor(request), request.body as unknown)),
    }),
  );

  app.get(
    '/setup',
    {
      onRequest: app.signInIfPossible,
      schema: {
        tags: ['organiser'],
        response: {
          200: z.object({
            success: z.literal(true),
            setup: z.object({
              adminExists: z.boolean(),
              canBecomeOrganiser: z.boolean(),
              bootstrap: z.enum(['first-caller', 'listed-email', 'none']),
              organiserProfile: z.boolean(),
              event: z.enum(['none', 'draft', 'published']),
              complete: z.boolean(),
            }),
          }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        success: true as const,
        setup: await setupStatus(app.ctx, request.user, request.identity),
      };
    },
  );
};

export default organiserRoutes;
