import {
  transferCheckoutSchema,
  transferListSchema,
  transferVerifiedSchema,
} from '@utsav/domain/api/transfer';
import { transferRequestSchema, transferVerifySchema } from '@utsav/domain/transfer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { toTicketJson } from '../tickets/presenter';
import { listTransfers } from './repo';
import { startTransfer, verifyTransferPayment } from './service';

const transfersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tickets/:id/transfer',
    {
      onRequest: app.requireAction('ticket:buy'),
      schema: {
        tags: ['tickets'],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: transferRequestSchema,
        response: { 200: transferCheckoutSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await startTransfer(app.ctx, actor(request), request.params.id, request.body)),
    }),
  );

  app.post(
    '/tickets/transfer/verify-payment',
    {
      config: { paidOrder: true },
      onRequest: app.requireAction('ticket:buy'),
      schema: {
        tags: ['tickets'],
        body: transferVerifySchema,
        response: { 200: transferVerifiedSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ticket: toTicketJson(await verifyTransferPayment(app.ctx, actor(request), request.body)),
    }),
  );

  // Admin ticket management's transfer history.
  app.get(
    '/tickets/admin/transfers',
    {
      onRequest: app.requireAction('tickets:view'),
      schema: {
        tags: ['admin'],
        response: { 200: transferListSchema },
      },
    },
    async () => ({
      success: true as const,
      transfers: (await listTransfers(app.ctx.db, 500)).map((row) => ({
        id: row.id,
        status: row.status,
        ticketId: row.ticket_code,
        newTicketId: row.new_ticket_code,
        from: { name: row.from_name, email: row.from_email },
        to: { name: row.recipient_name, email: row.recipient_email },
        fee: row.fee_paise / 100,
        orderId: row.razorpay_order_id,
        paymentId: row.razorpay_payment_id,
        failureReason: row.failure_reason,
        createdAt: row.created_at,
        completedAt: row.completed_at,
      })),
    }),
  );
};

export default transfersRoutes;
