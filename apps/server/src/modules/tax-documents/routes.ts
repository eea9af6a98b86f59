import { taxSettingsResponseSchema } from '@utsav/domain/api/tax';
import { taxSettingsInputSchema } from '@utsav/domain/tax-settings-schema';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import type { AppContext } from '../../platform/context';
import { documentPdf, monthDocumentsZip, numberedDocument, orderDocument } from './documents';
import { gstExport, gstExportCsv } from './export';
import type { TaxDocumentView } from './presenter';
import { saveTaxSettings, taxSettings } from './settings';

const settingsResponse = { 200: taxSettingsResponseSchema };

/** A document's PDF, saved under its number. */
async function sendPdf(ctx: AppContext, reply: FastifyReply, view: TaxDocumentView) {
  const bytes = await documentPdf(ctx, view);
  const filename = `${view.number.replaceAll('/', '-')}.pdf`;
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(Buffer.from(bytes));
}

const taxDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownDocument = app.requireAction('ticket:own');
  app.get(
    '/admin/tax-settings',
    {
      onRequest: app.requireAction('tax:view'),
      schema: { tags: ['tax'], response: settingsResponse },
    },
    async () => ({ success: true as const, ...(await taxSettings(app.ctx)) }),
  );

  app.put(
    '/admin/tax-settings',
    {
      onRequest: app.requireAction('tax:write'),
      // Documented here, validated by the service (one schema, per-field details).
      validatorCompiler: () => (value: unknown) => ({ value }),
      schema: { tags: ['tax'], body: taxSettingsInputSchema, response: settingsResponse },
    },
    async (request) => ({
      success: true as const,
      ...(await saveTaxSettings(app.ctx, actor(request), request.body as unknown)),
    }),
  );

  app.get(
    '/tickets/orders/:orderId/document',
    {
      // The confirmation email's link carries `key` instead of a sign-in; without it the buyer's (or staff's)
      // bearer token is needed.
      onRequest: async function (request, reply) {
        const query = request.query as { key?: unknown };
        if (typeof query.key === 'string' && query.key !== '') return;
        await ownDocument.call(this, request, reply);
      },
      schema: {
        tags: ['tax'],
        params: z.object({ orderId: z.string().min(1).max(64) }),
        querystring: z.object({
          format: z.enum(['pdf', 'json']).optional(),
          number: z.string().min(1).max(16).optional(),
          key: z.string().min(1).max(64).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { key } = request.query;
      const { document: view, documents } = await orderDocument(
        app.ctx,
        key ? { key } : { caller: actor(request) },
        request.params.orderId,
        request.query.number,
      );
      reply.header('cache-control', 'private, no-store');
      if (request.query.format === 'json') return { success: true as const, document: view, documents };
      return sendPdf(app.ctx, reply, view);
    },
  );

  app.get(
    '/tickets/documents',
    {
      onRequest: app.requireAction('ticket:own'),
      schema: {
        tags: ['tax'],
        querystring: z.object({
          number: z.string().min(1).max(16),
          format: z.enum(['pdf', 'json']).optional(),
        }),
      },
    },
    async (request, reply) => {
      const view = await numberedDocument(app.ctx, actor(request), request.query.number);
      reply.header('cache-control', 'private, no-store');
      if (request.query.format === 'json') return { success: true as const, document: view };
      return sendPdf(app.ctx, reply, view);
    },
  );

  app.get(
    '/admin/gst/export',
    {
      onRequest: app.requireAction('tax:view'),
      schema: {
        tags: ['tax'],
        querystring: z.object({
          month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month is YYYY-MM'),
          format: z.enum(['csv', 'json', 'zip']).optional(),
        }),
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { month } = request.query;
      if (request.query.format === 'zip') {
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="gst-${month}-documents.zip"`)
          .send(await monthDocumentsZip(app.ctx, month));
      }
      const data = await gstExport(app.ctx.db, month);
      if (request.query.format !== 'csv') return { success: true as const, export: data };
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gst-${data.month}.csv"`)
        .send(gstExportCsv(data));
    },
  );
};

export default taxDocumentRoutes;
