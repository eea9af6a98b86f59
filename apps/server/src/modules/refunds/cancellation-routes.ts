import { cancelResponseSchema } from '@utsav/domain/api/refunds';
import { cancelTicketSchema, refundCreateSchema } from '@utsav/domain/refund-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { requestLanguage, said } from '../../platform/i18n/request-language';
import { toTicketJson } from '../tickets/presenter';
import { type CancelResult, cancelTicket } from './cancellation';
import { toRefundJson } from './presenter';

// Cancelling a ticket: its route sits under /tickets, where the guest finds the ticket, and is decided here,
// with the refund it creates (cancellation.ts).

const idParams = z.object({ id: z.string().trim().min(1).max(64) });

function cancelResponse(request: FastifyRequest, result: CancelResult) {
  return {
    success: true as const,
    refund: result.refund ? toRefundJson(result.refund, 'owner') : null,
    ticket: toTicketJson(result.ticket, requestLanguage(request)),
    ...(result.message ? { message: said(request, result.message) } : {}),
  };
}

const cancellationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/tickets/cancel/:id',
    {
      onRequest: app.requireAction('ticket:cancel-own'),
      schema: {
        tags: ['refunds'],
        params: idParams,
        body: cancelTicketSchema,
        response: { 200: cancelResponseSchema },
      },
    },
    async (request) =>
      cancelResponse(
        request,
        await cancelTicket(app.ctx, actor(request), request.params.id, request.body.reason),
      ),
  );

  app.post(
    '/refunds/create',
    {
      onRequest: app.requireAction('ticket:cancel-own'),
      schema: { tags: ['refunds'], body: refundCreateSchema, response: { 200: cancelResponseSchema } },
    },
    async (request) =>
      cancelResponse(
        request,
        await cancelTicket(app.ctx, actor(request), request.body.ticketId, request.body.reason),
      ),
  );
};

export default cancellationRoutes;
