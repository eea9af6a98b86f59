import {
  bulkStatusUndoSchema,
  bulkStatusUpdateSchema,
  ticketExportQuerySchema,
  ticketFilterOf,
  ticketListQuerySchema,
  ticketStatusChangeSchema,
  ticketStatusUndoSchema,
} from '@utsav/domain/admin-tickets-schema';
import {
  bulkStatusResponseSchema,
  bulkUndoResponseSchema,
  statusChangeResponseSchema,
  statusUndoResponseSchema,
  ticketPageResponseSchema,
  ticketStatsResponseSchema,
} from '@utsav/domain/api/admin-tickets';
import { attendeeExportQuerySchema } from '@utsav/domain/api/attendees';
import { messageResponseSchema } from '@utsav/domain/api/common';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { requestLanguage, said } from '../../platform/i18n/request-language';
import { attendeeExportStream } from './attendees-export';
import { deleteTicket } from './ticket-deletion';
import { toAdminTicketJson } from './ticket-json';
import { undoTicketStatusChange, undoTicketStatusChanges } from './ticket-status-undo';
import { EXPORT_CONTENT_TYPES, ticketExportStream } from './tickets-export';
import { changeTicketStatuses, listTicketPage, refundedAmong, ticketStats } from './tickets-service';

const idParams = z.object({ id: z.string().min(1).max(64) });

const adminTicketsRoutes: FastifyPluginAsyncZod = async (app) => {
  const listHandler = async (request: FastifyRequest & { query: z.infer<typeof ticketListQuerySchema> }) => {
    const { page, limit } = request.query;
    const result = await listTicketPage(app.ctx, ticketFilterOf(request.query), page, limit);
    return {
      success: true as const,
      tickets: result.tickets.map((ticket) =>
        toAdminTicketJson(ticket, result.refunded, requestLanguage(request), result.documents),
      ),
      pagination: result.pagination,
    };
  };
  const listRoute = {
    onRequest: app.requireAction('tickets:view'),
    schema: {
      tags: ['admin'],
      querystring: ticketListQuerySchema,
      response: { 200: ticketPageResponseSchema },
    },
  };
  app.get('/admin/tickets/management', listRoute, listHandler);
  // The same list under the path the ticket screen's first version called (docs/product.md#api).
  app.get('/tickets/admin/all', listRoute, listHandler);

  app.get(
    '/tickets/admin/stats',
    {
      onRequest: app.requireAction('tickets:view'),
      schema: {
        tags: ['admin'],
        response: { 200: ticketStatsResponseSchema },
      },
    },
    async () => ({ success: true as const, stats: await ticketStats(app.ctx) }),
  );

  app.patch(
    '/tickets/admin/:id/status',
    {
      onRequest: app.requireAction('tickets:change-status'),
      schema: {
        tags: ['admin'],
        params: idParams,
        body: ticketStatusChangeSchema,
        response: { 200: statusChangeResponseSchema },
      },
    },
    async (request) => {
      const { status, expectedStatus } = request.body;
      const result = await changeTicketStatuses(app.ctx, actor(request), [request.params.id], status, {
        bulk: false,
        expected: expectedStatus,
      });
      return {
        success: true as const,
        message: said(request, 'Ticket status updated successfully'),
        ticket: toAdminTicketJson(result.tickets[0]!, result.refunded),
        changeId: result.changeId,
      };
    },
  );

  app.post(
    '/tickets/admin/:id/status/undo',
    {
      onRequest: app.requireAction('tickets:change-status'),
      schema: {
        tags: ['admin'],
        params: idParams,
        body: ticketStatusUndoSchema,
        response: { 200: statusUndoResponseSchema },
      },
    },
    async (request) => {
      const ticket = await undoTicketStatusChange(
        app.ctx,
        actor(request),
        request.params.id,
        request.body.changeId,
      );
      return {
        success: true as const,
        message: said(request, 'Status change undone'),
        ticket: toAdminTicketJson(ticket, await refundedAmong(app.ctx, [ticket])),
      };
    },
  );

  app.patch(
    '/admin/tickets/bulk-update',
    {
      onRequest: app.requireAction('tickets:change-status'),
      schema: {
        tags: ['admin'],
        body: bulkStatusUpdateSchema,
        response: { 200: bulkStatusResponseSchema },
      },
    },
    async (request) => {
      const { ticketIds, status } = request.body;
      const result = await changeTicketStatuses(app.ctx, actor(request), ticketIds, status, { bulk: true });
      return {
        success: true as const,
        // The product's toast (docs/product.md#ticket-management), word for word in English ("Updated 1 tickets successfully" included).
        message: said(request, 'Updated {{count}} tickets successfully', { count: result.tickets.length }),
        modifiedCount: result.changed,
        matchedCount: result.tickets.length,
        tickets: result.tickets.map((ticket) => toAdminTicketJson(ticket, result.refunded)),
        changes: result.changes,
      };
    },
  );

  app.post(
    '/admin/tickets/bulk-update/undo',
    {
      onRequest: app.requireAction('tickets:change-status'),
      schema: {
        tags: ['admin'],
        body: bulkStatusUndoSchema,
        response: { 200: bulkUndoResponseSchema },
      },
    },
    async (request) => {
      const tickets = await undoTicketStatusChanges(app.ctx, actor(request), request.body.changes);
      const refunded = await refundedAmong(app.ctx, tickets);
      return {
        success: true as const,
        message: said(request, 'Status change undone'),
        tickets: tickets.map((ticket) => toAdminTicketJson(ticket, refunded)),
      };
    },
  );

  app.delete(
    '/admin/tickets/:id',
    {
      onRequest: app.requireAction('tickets:delete'),
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await deleteTicket(app.ctx, actor(request), request.params.id);
      return { success: true as const, message: said(request, 'Ticket deleted successfully') };
    },
  );

  app.get(
    '/admin/tickets/export',
    {
      onRequest: app.requireAction('tickets:export'),
      schema: {
        tags: ['admin'],
        // The list's filters: the file holds what the screen lists.
        querystring: ticketExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const filter = ticketFilterOf(request.query);
      return reply
        .type(EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="tickets.${format}"`)
        .header('cache-control', 'no-store')
        .send(ticketExportStream(app.ctx, format, undefined, requestLanguage(request), filter));
    },
  );

  // Who is coming (attendees-export.ts): the same staff who may export the ticket list, since it is the same people.
  app.get(
    '/admin/attendees/export',
    {
      onRequest: app.requireAction('tickets:export'),
      schema: { tags: ['admin'], querystring: attendeeExportQuerySchema },
    },
    async (request, reply) => {
      const { format } = request.query;
      return reply
        .type(EXPORT_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="attendees.${format}"`)
        .header('cache-control', 'no-store')
        .send(attendeeExportStream(app.ctx, format, requestLanguage(request)));
    },
  );
};

export default adminTicketsRoutes;
