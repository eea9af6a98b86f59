import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dashboard } from './analytics-service';

const bucket = <K extends z.ZodType>(key: K) =>
  z.object({ _id: key, count: z.number(), revenue: z.number() });

const adminAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/analytics/dashboard',
    {
      onRequest: app.requireAction('analytics:view'),
      schema: {
        tags: ['admin'],
        // The screen's period switch is local (docs/product.md#analytics): any period parameter is ignored.
        response: {
          200: z.object({
            success: z.literal(true),
            data: z.object({
              revenue: z.object({
                total: z.number(),
                today: z.number(),
                /** What the total is made of: ticket sales kept, fees kept, money sent back (docs/product.md#analytics). */
                ticketSales: z.number(),
                cancellationFees: z.number(),
                transferFees: z.number(),
                refunded: z.number(),
              }),
              tickets: z.object({ total: z.number(), soldToday: z.number() }),
              users: z.object({ total: z.number(), guests: z.number() }),
              analytics: z.object({ averageTicketValue: z.number(), conversionRate: z.number() }),
              event: z.object({
                soldTickets: z.number(),
                availableTickets: z.number(),
                soldPercentage: z.number(),
                ticketPrice: z.number(),
              }),
              salesChart: z.array(bucket(z.string())),
              hourlySales: z.array(bucket(z.number())),
            }),
          }),
        },
      },
    },
    async () => ({ success: true as const, data: await dashboard(app.ctx) }),
  );
};

export default adminAnalyticsRoutes;
