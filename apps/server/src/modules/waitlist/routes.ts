import { okResponseSchema } from '@utsav/domain/api/common';
import { checkoutSchema } from '@utsav/domain/api/purchase';
import {
  adminWaitlistResponseSchema,
  joinWaitlistResponseSchema,
  waitlistCheckoutBodySchema,
  waitlistMeResponseSchema,
} from '@utsav/domain/api/waitlist';
import { joinWaitlistSchema } from '@utsav/domain/waitlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actor } from '../../platform/auth/plugin';
import { requestLanguage } from '../../platform/i18n/request-language';
import { adminWaitlist } from './admin-service';
import { checkoutOffer, joinWaitlist, leaveWaitlist, myWaitlist } from './service';

const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.ctx;

  app.post(
    '/waitlist',
    {
      onRequest: app.requireAction('ticket:buy'),
      schema: {
        tags: ['waitlist'],
        body: joinWaitlistSchema(config.orderQuantityCap),
        response: { 200: joinWaitlistResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await joinWaitlist(app.ctx, actor(request), request.body.quantity, request.body.ticketTypeId)),
    }),
  );

  app.get(
    '/waitlist/me',
    {
      onRequest: app.requireAction('ticket:buy'),
      schema: {
        tags: ['waitlist'],
        response: { 200: waitlistMeResponseSchema },
      },
    },
    async (request) => ({ success: true as const, ...(await myWaitlist(app.ctx, actor(request))) }),
  );

  app.delete(
    '/waitlist/me',
    {
      onRequest: app.requireAction('ticket:buy'),
      schema: { tags: ['waitlist'], response: { 200: okResponseSchema } },
    },
    async (request) => {
      await leaveWaitlist(app.ctx, actor(request));
      return { success: true as const };
    },
  );

  app.post(
    '/waitlist/me/checkout',
    {
      // The seats of an offer are held for this person: refusing them wastes the offer.
      config: { paidOrder: true },
      onRequest: app.requireAction('ticket:buy'),
      schema: { tags: ['waitlist'], body: waitlistCheckoutBodySchema, response: { 200: checkoutSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await checkoutOffer(app.ctx, actor(request), request.body)),
    }),
  );

  app.get(
    '/admin/waitlist',
    {
      onRequest: app.requireAction('tickets:view'),
      schema: {
        tags: ['admin'],
        response: { 200: adminWaitlistResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await adminWaitlist(app.ctx, requestLanguage(request))),
    }),
  );
};

export default waitlistRoutes;
