import { INVITABLE_ROLES, staffInvitationSchema } from '@utsav/domain/staff-invitations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actor } from '../../platform/auth/plugin';
import { requestLanguage } from '../../platform/i18n/request-language';
import type { InvitationRow, InvitationView } from './repo';
import { inviteStaff, recentInvitations, revokeInvitation, statusOf } from './service';

const invitationJsonSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(INVITABLE_ROLES),
  language: z.string(),
  status: z.enum(['pending', 'accepted', 'revoked']),
  invitedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  createdAt: z.string(),
  acceptedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

function toInvitationJson(row: InvitationRow | InvitationView): z.infer<typeof invitationJsonSchema> {
  const inviter =
    'inviter_name' in row && row.inviter_name && row.inviter_email
      ? { name: row.inviter_name, email: row.inviter_email }
      : null;
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    language: row.language,
    status: statusOf(row),
    invitedBy: inviter,
    createdAt: row.created_at,
    acceptedAt: row.accepted_at,
    revokedAt: row.revoked_at,
  };
}

const oneInvitation = { 200: z.object({ success: z.literal(true), invitation: invitationJsonSchema }) };

const invitationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/invitations',
    {
      onRequest: app.requireAction('staff:invite'),
      schema: {
        tags: ['invitations'],
        response: {
          200: z.object({ success: z.literal(true), invitations: z.array(invitationJsonSchema) }),
        },
      },
    },
    async () => ({
      success: true as const,
      invitations: (await recentInvitations(app.ctx)).map(toInvitationJson),
    }),
  );

  app.post(
    '/admin/invitations',
    {
      onRequest: app.requireAction('staff:invite'),
      schema: { tags: ['invitations'], body: staffInvitationSchema, response: oneInvitation },
    },
    async (request) => ({
      success: true as const,
      invitation: toInvitationJson(
        await inviteStaff(app.ctx, actor(request), request.body, requestLanguage(request)),
      ),
    }),
  );

  app.delete(
    '/admin/invitations/:id',
    {
      onRequest: app.requireAction('staff:invite'),
      schema: {
        tags: ['invitations'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: oneInvitation,
      },
    },
    async (request) => ({
      success: true as const,
      invitation: toInvitationJson(await revokeInvitation(app.ctx, actor(request), request.params.id)),
    }),
  );
};

export default invitationsRoutes;
