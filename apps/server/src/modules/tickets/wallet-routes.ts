import { googleWalletLinkResponseSchema } from '@utsav/domain/api/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { PKPASS_CONTENT_TYPE } from '../../platform/wallet/apple-pass';
import { applePass, googleWalletUrl } from './wallet-service';

const ticketParams = z.object({ id: z.string().min(1).max(64) });

const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets/:id/wallet/apple',
    {
      // The email's link carries `key` instead of a sign-in; without it the owner's bearer token is needed.
      onRequest: async function (request, reply) {
        const query = request.query as { key?: unknown };
        if (typeof query.key === 'string' && query.key !== '') return;
        await app.requireUser.call(this, request, reply);
      },
      schema: {
        tags: ['tickets'],
        params: ticketParams,
        querystring: z.object({ key: z.string().min(1).max(64).optional() }),
      },
    },
    async (request, reply) => {
      const { key } = request.query;
      const pass = await applePass(app.ctx, key ? { key } : { caller: actor(request) }, request.params.id);
      return reply
        .header('content-type', PKPASS_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${pass.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pass.bytes));
    },
  );

  app.get(
    '/tickets/:id/wallet/google',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['tickets'],
        params: ticketParams,
        response: { 200: googleWalletLinkResponseSchema },
      },
    },
    async (request) => ({
      success: true as const,
      url: await googleWalletUrl(app.ctx, actor(request), request.params.id),
    }),
  );
};

export default walletRoutes;
