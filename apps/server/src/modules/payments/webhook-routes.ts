import type { FastifyPluginAsync } from 'fastify';
import type { PaymentNewsHandlers } from './payment-news';
import { handleRazorpayWebhook } from './webhook-service';

const WEBHOOK_BODY_LIMIT = 1024 * 1024;

/**
 * POST /api/payments/razorpay/webhook. Encapsulated: here, and only here, JSON bodies arrive as raw bytes,
 * because the signature covers the exact bytes sent (a re-serialised body would not match). No bearer
 * token (Razorpay's signature is the authentication) and no rate limit (Razorpay must always get through).
 * `handlers`: what the news sets off in other modules (src/payment-news.ts).
 */
const webhookRoutes: FastifyPluginAsync<{ handlers: PaymentNewsHandlers }> = async (app, { handlers }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/payments/razorpay/webhook',
    { config: { paidOrder: true }, schema: { tags: ['payments'] } },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const result = await handleRazorpayWebhook(
        app.ctx,
        handlers,
        body,
        request.headers['x-razorpay-signature'],
        request.headers['x-razorpay-event-id'],
      );
      // 2xx only once handled (or known): anything thrown becomes 4xx/5xx and Razorpay delivers again.
      return { success: true as const, result };
    },
  );
};

export default webhookRoutes;
