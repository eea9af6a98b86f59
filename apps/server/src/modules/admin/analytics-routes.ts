import { analyticsResponseSchema } from '@utsav/domain/api/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from './analytics-service';

const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/analytics/dashboard',
    {
      onRequest: app.requireAction('analytics:view'),
      schema: {
        tags: ['admin'],
        // The screen's period switch is local (docs/product.md#analytics): any period parameter is ignored.
        response: { 200: analyticsResponseSchema },
      },
    },
    async () => ({ success: true as const, data: await dashboard(app.ctx) }),
  );
};

export default adminAnalyticsRoutes;
