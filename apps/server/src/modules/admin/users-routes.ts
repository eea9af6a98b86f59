import { messageResponseSchema } from '@utsav/domain/api/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { said } from '../../platform/i18n/request-language';
import { deleteUser } from './users-service';

// GET /admin/users, /admin/users/count and PATCH /admin/users/{id}/role live in the users module.

const adminUsersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/admin/users/:id',
    {
      onRequest: app.requireAction('users:delete'),
      schema: {
        tags: ['admin'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: messageResponseSchema },
      },
    },
    async (request) => {
      await deleteUser(app.ctx, actor(request), request.params.id);
      return { success: true as const, message: said(request, 'User deleted successfully') };
    },
  );
};

export default adminUsersRoutes;
