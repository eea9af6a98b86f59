import { auditPageResponseSchema, auditQuerySchema } from '@utsav/domain/api/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../platform/i18n/request-language';
import { auditLogPage } from './service';

// The audit log viewer's call. Admin only ('audit:view'): the log names every person and what they did.

const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit',
    {
      onRequest: app.requireAction('audit:view'),
      schema: { tags: ['admin'], querystring: auditQuerySchema, response: { 200: auditPageResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        ...(await auditLogPage(app.ctx, request.query, requestLanguage(request))),
      };
    },
  );
};

export default auditRoutes;
