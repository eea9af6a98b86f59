import { systemHealthResponseSchema } from '@utsav/domain/api/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { systemHealth } from './system-service';

const adminSystemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/system/health',
    {
      onRequest: app.requireAction('system:health'),
      schema: {
        tags: ['admin'],
        response: { 200: systemHealthResponseSchema },
      },
    },
    async () => ({ success: true as const, health: await systemHealth(app.ctx) }),
  );
};

export default adminSystemRoutes;
