import {
  myRefundsResponseSchema,
  oneRefundResponseSchema,
  refundPageResponseSchema,
  refundStatsResponseSchema,
} from '@utsav/domain/api/refunds';
import { pageQuerySchema } from '@utsav/domain/page-query';
import { REFUND_STATUSES } from '@utsav/domain/refunds';
import { can } from '@utsav/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { toRefundJson } from './presenter';
import { getRefundStatus, listMyRefunds, listRefundPage, refundStats, retryRefund } from './service';

const idParams = z.object({ id: z.string().trim().min(1).max(64) });

const listQuery = pageQuerySchema.extend({
  status: z.union([z.enum(REFUND_STATUSES), z.literal('all'), z.literal('')]).optional(),
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});

const refundsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/refunds/my-refunds',
    {
      onRequest: app.requireAction('refund:own'),
      schema: {
        tags: ['refunds'],
        response: { 200: myRefundsResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      refunds: (await listMyRefunds(app.ctx, actor(request))).map((refund) => toRefundJson(refund, 'owner')),
    }),
  );

  app.get(
    '/refunds/status/:id',
    {
      onRequest: app.requireAction('refund:own'),
      schema: { tags: ['refunds'], params: idParams, response: { 200: oneRefundResponseSchema } },
    },
    async (request) => {
      const caller = actor(request);
      const refund = await getRefundStatus(app.ctx, caller, request.params.id);
      const view = can(caller, 'refunds:view') ? 'staff' : 'owner';
      return { success: true as const, refund: toRefundJson(refund, view) };
    },
  );

  app.get(
    '/refunds/admin/all',
    {
      onRequest: app.requireAction('refunds:view'),
      schema: {
        tags: ['refunds'],
        querystring: listQuery,
        response: { 200: refundPageResponseSchema },
      },
    },
    async (request) => {
      const { status, search, page, limit } = request.query;
      const filter = {
        status: status === 'all' || status === '' ? undefined : status,
        search: search || undefined,
      };
      const result = await listRefundPage(app.ctx, filter, page, limit);
      return {
        success: true as const,
        refunds: result.refunds.map((refund) => toRefundJson(refund, 'staff')),
        pagination: result.pagination,
      };
    },
  );

  app.get(
    '/refunds/admin/stats',
    {
      onRequest: app.requireAction('refunds:view'),
      schema: {
        tags: ['refunds'],
        response: { 200: refundStatsResponseSchema },
      },
    },
    async () => ({ success: true as const, stats: await refundStats(app.ctx) }),
  );

  app.post(
    '/refunds/admin/:id/retry',
    {
      onRequest: app.requireAction('refunds:retry'),
      schema: { tags: ['refunds'], params: idParams, response: { 200: oneRefundResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      refund: toRefundJson(await retryRefund(app.ctx, actor(request), request.params.id), 'staff'),
    }),
  );
};

export default refundsRoutes;
