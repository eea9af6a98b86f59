import { myTicketsResponseSchema, oneTicketResponseSchema } from '@utsav/domain/api/tickets';
import { ticketHolderSchema } from '@utsav/domain/ticket-holder-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { requestLanguage } from '../../platform/i18n/request-language';
import { toTicketJson } from './presenter';
import { getTicket, listMyTickets, nameTicketHolder } from './service';

// A guest's own tickets. Buying them is modules/purchase (POST /tickets, /tickets/create-order,
// /tickets/verify-payment, GET /tickets/allowance); cancelling one is modules/refunds (PATCH /tickets/cancel/:id).

const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets/my-tickets',
    {
      onRequest: app.requireAction('ticket:own'),
      schema: {
        tags: ['tickets'],
        response: { 200: myTicketsResponseSchema },
      },
    },
    async (request) => {
      const language = requestLanguage(request);
      const { tickets, documents } = await listMyTickets(app.ctx, actor(request));
      return {
        success: true as const,
        tickets: tickets.map((ticket) => ({
          ...toTicketJson(ticket, language),
          documents: documents.get(ticket.id) ?? [],
        })),
      };
    },
  );

  app.get(
    '/tickets/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['tickets'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: oneTicketResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ticket: toTicketJson(
        await getTicket(app.ctx, actor(request), request.params.id),
        requestLanguage(request),
      ),
    }),
  );

  app.patch(
    '/tickets/:id/holder',
    {
      onRequest: app.requireAction('ticket:own'),
      schema: {
        tags: ['tickets'],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: ticketHolderSchema,
        response: { 200: oneTicketResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ticket: toTicketJson(
        await nameTicketHolder(app.ctx, actor(request), request.params.id, request.body.holderName),
        requestLanguage(request),
      ),
    }),
  );
};

export default ticketsRoutes;
