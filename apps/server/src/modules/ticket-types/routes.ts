import { ticketTypeAnswerSchema, ticketTypeListAnswerSchema } from '@utsav/domain/api/ticket-types';
import { ticketTypeInputSchema, ticketTypeOrderSchema } from '@utsav/domain/ticket-types-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import {
  createTicketType,
  deleteTicketType,
  editTicketType,
  listTicketTypes,
  reorderTicketTypes,
} from './service';

// The Ticket Types editor's calls: an admin writes, a manager may read (tickets:view). Bodies are validated by
// the editor's own schema, so each field's message is the one the form shows.

const params = z.object({ id: z.string().trim().min(1).max(128) });

const ticketTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/ticket-types',
    {
      onRequest: app.requireAction('tickets:view'),
      schema: { tags: ['admin'], response: { 200: ticketTypeListAnswerSchema } },
    },
    async () => ({ success: true as const, ticketTypes: await listTicketTypes(app.ctx) }),
  );

  app.post(
    '/admin/ticket-types',
    {
      onRequest: app.requireAction('event:write'),
      schema: { tags: ['admin'], body: ticketTypeInputSchema, response: { 200: ticketTypeAnswerSchema } },
    },
    async (request) => ({
      success: true as const,
      ticketType: await createTicketType(app.ctx, actor(request), request.body),
    }),
  );

  // Registered before /{id} so "order" is never read as an id.
  app.put(
    '/admin/ticket-types/order',
    {
      onRequest: app.requireAction('event:write'),
      schema: { tags: ['admin'], body: ticketTypeOrderSchema, response: { 200: ticketTypeListAnswerSchema } },
    },
    async (request) => ({
      success: true as const,
      ticketTypes: await reorderTicketTypes(app.ctx, actor(request), request.body.ids),
    }),
  );

  app.put(
    '/admin/ticket-types/:id',
    {
      onRequest: app.requireAction('event:write'),
      schema: {
        tags: ['admin'],
        params,
        body: ticketTypeInputSchema,
        response: { 200: ticketTypeAnswerSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ticketType: await editTicketType(app.ctx, actor(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/admin/ticket-types/:id',
    {
      onRequest: app.requireAction('event:write'),
      schema: { tags: ['admin'], params, response: { 200: z.object({ success: z.literal(true) }) } },
    },
    async (request) => {
      await deleteTicketType(app.ctx, actor(request), request.params.id);
      return { success: true as const };
    },
  );
};

export default ticketTypesRoutes;
