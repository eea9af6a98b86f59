import {
  adminResalesResponseSchema,
  myResalesResponseSchema,
  resaleListingResponseSchema,
  resaleSettingsViewSchema,
} from '@utsav/domain/api/resale';
import { resaleSettingsSchema } from '@utsav/domain/resale';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { adminResales, saveResaleSettings } from './admin-service';
import { listTicket, myResales, resaleTerms, withdrawListing } from './service';

const ticketParams = z.object({ id: z.string().min(1).max(64) });

const resaleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tickets/:id/resale',
    {
      onRequest: app.requireAction('ticket:own'),
      schema: { tags: ['tickets'], params: ticketParams, response: { 200: resaleListingResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      listing: await listTicket(app.ctx, actor(request), request.params.id),
    }),
  );

  app.delete(
    '/tickets/:id/resale',
    {
      onRequest: app.requireAction('ticket:own'),
      schema: { tags: ['tickets'], params: ticketParams, response: { 200: resaleListingResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      listing: await withdrawListing(app.ctx, actor(request), request.params.id),
    }),
  );

  app.get(
    '/tickets/my-resales',
    {
      onRequest: app.requireAction('ticket:own'),
      schema: { tags: ['tickets'], response: { 200: myResalesResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      listings: await myResales(app.ctx, actor(request)),
      terms: await resaleTerms(app.ctx),
    }),
  );

  app.get(
    '/admin/resales',
    {
      onRequest: app.requireAction('tickets:view'),
      schema: { tags: ['admin'], response: { 200: adminResalesResponseSchema } },
    },
    async () => ({ success: true as const, ...(await adminResales(app.ctx)) }),
  );

  app.put(
    '/admin/resale-settings',
    {
      onRequest: app.requireAction('event:write'),
      schema: {
        tags: ['admin'],
        body: resaleSettingsSchema,
        response: { 200: z.object({ success: z.literal(true), settings: resaleSettingsViewSchema }) },
      },
    },
    async (request) => ({
      success: true as const,
      settings: await saveResaleSettings(app.ctx, actor(request), request.body),
    }),
  );
};

export default resaleRoutes;
