import {
  promoCheckAnswerSchema,
  promoCodeAnswerSchema,
  promoCodeListAnswerSchema,
} from '@utsav/domain/api/promo-codes';
import { promoCheckSchema, promoCodeInputSchema } from '@utsav/domain/promo-codes-schema';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { requestLanguage } from '../../platform/i18n/request-language';
import { checkPromoCode } from './check';
import { createPromoCode, deletePromoCode, editPromoCode, listPromoCodes, promoCodesCsv } from './service';

// The Promo Codes panel's calls (admin writes; a manager reads and exports) and the purchase dialog's code check.

/** Code checks per person per minute: enough to fix a typo, far too few to find codes by trying. */
export const PROMO_CHECKS_PER_MINUTE = 10;

const params = z.object({ id: z.string().trim().min(1).max(128) });

const promoCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  const checkRateLimit = app.rateLimit({
    max: PROMO_CHECKS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => `promo-check:${request.user?.id ?? request.ip}`,
  });

  app.post(
    '/promo-codes/check',
    {
      // Signed in first, so the limit counts the person, not a venue's shared address.
      onRequest: [app.requireAction('ticket:buy'), checkRateLimit],
      schema: {
        tags: ['tickets'],
        body: promoCheckSchema(app.ctx.config.orderQuantityCap),
        response: { 200: promoCheckAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await checkPromoCode(app.ctx, actor(request), request.body, requestLanguage(request))),
    }),
  );

  app.get(
    '/admin/promo-codes',
    {
      onRequest: app.requireAction('tickets:view'),
      schema: { tags: ['admin'], response: { 200: promoCodeListAnswerSchema } },
    },
    async () => ({ success: true as const, promoCodes: await listPromoCodes(app.ctx) }),
  );

  app.get(
    '/admin/promo-codes/export',
    { onRequest: app.requireAction('tickets:export'), schema: { tags: ['admin'] } },
    async (_request, reply) =>
      reply
        .header('content-disposition', 'attachment; filename="promo-codes.csv"')
        .type('text/csv; charset=utf-8')
        .send(await promoCodesCsv(app.ctx)),
  );

  app.post(
    '/admin/promo-codes',
    {
      onRequest: app.requireAction('event:write'),
      schema: { tags: ['admin'], body: promoCodeInputSchema, response: { 200: promoCodeAnswerSchema } },
    },
    async (request) => ({
      success: true as const,
      promoCode: await createPromoCode(app.ctx, actor(request), request.body),
    }),
  );

  app.put(
    '/admin/promo-codes/:id',
    {
      onRequest: app.requireAction('event:write'),
      schema: {
        tags: ['admin'],
        params,
        body: promoCodeInputSchema,
        response: { 200: promoCodeAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      promoCode: await editPromoCode(app.ctx, actor(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/admin/promo-codes/:id',
    {
      onRequest: app.requireAction('event:write'),
      schema: { tags: ['admin'], params, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      await deletePromoCode(app.ctx, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};

export default promoCodesRoutes;
