import { userCountResponseSchema, userPageResponseSchema, userResponseSchema } from '@utsav/domain/api/users';
import { pageQuerySchema } from '@utsav/domain/page-query';
import { ROLES } from '@utsav/domain/roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { toUserJson } from './presenter';
import { changeRole, countAllUsers, listUserPage } from './service';

const listQuery = pageQuerySchema.extend({
  role: z.union([z.enum(ROLES), z.literal('all'), z.literal('')]).optional(),
  search: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
});

const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/users',
    {
      onRequest: app.requireAction('users:view'),
      schema: {
        tags: ['users'],
        querystring: listQuery,
        response: { 200: userPageResponseSchema },
      },
    },
    async (request) => {
      const { role, search, page, limit } = request.query;
      const filter = { role: role === 'all' || role === '' ? undefined : role, search: search || undefined };
      const result = await listUserPage(app.ctx, filter, page, limit);
      return { success: true as const, users: result.users.map(toUserJson), pagination: result.pagination };
    },
  );

  app.get(
    '/admin/users/count',
    {
      onRequest: app.requireAction('users:view'),
      schema: {
        tags: ['users'],
        response: { 200: userCountResponseSchema },
      },
    },
    async () => ({ success: true as const, count: await countAllUsers(app.ctx) }),
  );

  app.patch(
    '/admin/users/:id/role',
    {
      onRequest: app.requireAction('users:change-role'),
      schema: {
        tags: ['users'],
        params: z.object({ id: z.string().min(1).max(64) }),
        body: z.object({
          role: z.enum(ROLES, { error: 'Role must be one of admin, manager, qrchecker, guest' }),
        }),
        response: { 200: userResponseSchema },
      },
    },
    async (request) => {
      const user = await changeRole(app.ctx, actor(request), request.params.id, request.body.role);
      return { success: true as const, user: toUserJson(user) };
    },
  );
};

export default usersRoutes;
