import { ticketDocumentsSchema } from '@utsav/domain/admin-tickets-schema';
import { manualIssuanceResponseSchema } from '@utsav/domain/api/issuance';
import { manualIssuanceSchema } from '@utsav/domain/manual-issuance-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actor } from '../../platform/auth/plugin';
import { said } from '../../platform/i18n/request-language';
import { toTicketJson } from '../tickets/presenter';
import { separateTicketsZip, ticketsPdf } from './issuance-documents';
import { issueManualTickets } from './issuance-service';

const adminIssuanceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tickets/admin/issue-manual',
    {
      onRequest: app.requireAction('tickets:issue-manual'),
      // A family's names for hundreds of tickets still fit; nothing legitimate is larger.
      bodyLimit: 256 * 1024,
      schema: {
        tags: ['admin'],
        body: manualIssuanceSchema,
        response: { 200: manualIssuanceResponseSchema },
      },
    },
    async (request) => {
      const result = await issueManualTickets(app.ctx, actor(request), request.body);
      const count = result.tickets.length;
      return {
        success: true as const,
        message: said(request, 'Issued {{count}} tickets to {{name}}', { count, name: result.user.name }),
        user: {
          id: result.user.id,
          _id: result.user.id,
          name: result.user.name,
          email: result.user.email,
          isNewUser: result.isNewUser,
        },
        tickets: result.tickets.map((ticket) => toTicketJson(ticket)),
        totalAmount: result.totalAmount,
        pricePerTicket: result.pricePerTicket,
        pricingTier: result.pricingTier,
        paymentDone: result.paymentDone,
        ticketType: {
          id: result.ticketType.id,
          name: result.ticketType.name,
          admits: result.ticketType.admits,
          colour: result.ticketType.colour,
        },
        phaseLabel: result.phaseLabel,
        document: result.document,
      };
    },
  );

  app.post(
    '/tickets/admin/generate-pdf',
    {
      onRequest: app.requireAction('tickets:issue-manual'),
      schema: { tags: ['admin'], body: ticketDocumentsSchema },
    },
    async (request, reply) => {
      const pdf = await ticketsPdf(app.ctx, request.body.ticketIds);
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="tickets.pdf"')
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    '/tickets/admin/generate-separate-pdfs',
    {
      onRequest: app.requireAction('tickets:issue-manual'),
      schema: { tags: ['admin'], body: ticketDocumentsSchema },
    },
    async (request, reply) => {
      const zip = await separateTicketsZip(app.ctx, request.body.ticketIds);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${zip.filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip.bytes));
    },
  );
};

export default adminIssuanceRoutes;
