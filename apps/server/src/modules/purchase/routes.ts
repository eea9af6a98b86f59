import {
  allowanceResponseSchema,
  bookingResponseSchema,
  checkoutSchema,
  verifiedPaymentSchema,
} from '@utsav/domain/api/purchase';
import { bookingItemsSchema, createOrderItemsSchema } from '@utsav/domain/order-items-schema';
import { verifyPaymentSchema } from '@utsav/domain/purchase-schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actor } from '../../platform/auth/plugin';
import { requestLanguage } from '../../platform/i18n/request-language';
import { toTicketJson } from '../tickets/presenter';
import { getPurchaseAllowance } from './person-limit';
import { createOrder, startBooking, verifyPayment } from './service';

/** The waiting room's pass (X-Queue-Pass), needed on the two checkout routes while the room is on. */
function queuePass(request: FastifyRequest): string | undefined {
  const header = request.headers['x-queue-pass'];
  return typeof header === 'string' && header !== '' ? header : undefined;
}

const purchaseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;
  // One counter per buyer for both checkout routes (they place the same hold): a route-level `rateLimit`
  // config would give each route its own store, and twice the holds. Keyed by the buyer (requireAction has
  // identified them by then, so it must run first), so a venue's shared Wi-Fi is fine.
  const checkoutRateLimit = app.rateLimit({
    max: config.rateLimits.createOrderPerMinute,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `checkout:${request.user?.id ?? request.ip}`,
  });
  const checkoutOnRequest = [app.requireAction('ticket:buy'), checkoutRateLimit];

  app.post(
    '/tickets/create-order',
    {
      onRequest: checkoutOnRequest,
      schema: {
        tags: ['tickets'],
        body: createOrderItemsSchema(config.orderQuantityCap),
        response: { 200: checkoutSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await createOrder(
        app.ctx,
        actor(request),
        request.body,
        queuePass(request),
        requestLanguage(request),
      )),
    }),
  );

  app.post(
    '/tickets',
    {
      onRequest: checkoutOnRequest,
      schema: {
        tags: ['tickets'],
        body: bookingItemsSchema(config.orderQuantityCap),
        response: { 200: bookingResponseSchema },
      },
    },
    async (request) => {
      const order = await startBooking(
        app.ctx,
        actor(request),
        request.body,
        queuePass(request),
        requestLanguage(request),
      );
      // Tickets exist only once this order is paid and verified (a ₹0 order: already issued).
      return { success: true as const, ...order, requiresPayment: !order.free };
    },
  );

  app.get(
    '/tickets/allowance',
    {
      onRequest: app.requireAction('ticket:buy'),
      schema: {
        tags: ['tickets'],
        response: { 200: allowanceResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      allowance: await getPurchaseAllowance(app.ctx, actor(request)),
    }),
  );

  app.post(
    '/tickets/verify-payment',
    {
      config: { paidOrder: true },
      onRequest: app.requireAction('ticket:buy'),
      schema: {
        tags: ['tickets'],
        body: verifyPaymentSchema,
        response: { 200: verifiedPaymentSchema },
      },
    },
    async (request) => {
      const result = await verifyPayment(app.ctx, actor(request), request.body);
      return {
        success: true as const,
        orderId: result.orderId,
        tickets: result.tickets.map((ticket) => toTicketJson(ticket)),
      };
    },
  );
};

export default purchaseRoutes;
