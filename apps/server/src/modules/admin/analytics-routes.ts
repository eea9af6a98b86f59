import { analyticsResponseSchema, salesBreakdownResponseSchema } from '@utsav/domain/api/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/i18n/request-language';
import { dashboard } from './analytics-service';
import { salesBreakdownOf } from './sales-breakdown-service';

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

  app.get(
    '/admin/analytics/sales-breakdown',
    {
      onRequest: app.requireAction('analytics:view'),
      schema: { tags: ['admin'], response: { 200: salesBreakdownResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      data: await salesBreakdownOf(app.ctx, requestLanguage(request)),
    }),
  );
};

export default adminAnalyticsRoutes;
