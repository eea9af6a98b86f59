import { isLanguage } from '@utsav/domain/languages';
import type { AppContext } from '../../platform/context';
import { staffInvitationEmail } from '../../platform/mail/templates/staff-invitation';
import type { Mailer } from '../../platform/mail/transport';
import { stringField } from '../../platform/outbox/payload';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findCurrentEvent } from '../../stores/events';
import { findUserById } from '../../stores/users';
import { findInvitation } from './repo';
import { statusOf } from './service';

/** The invitation email, sent after the invitation committed; a revoked or accepted one is not sent any more. */
export function invitationMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  return {
    'staff-invitation': async (payload, { id }) => {
      const invitation = await findInvitation(ctx.db, stringField(payload, 'invitationId'));
      if (!invitation || statusOf(invitation) !== 'pending') return;
      const [inviter, organiser, event] = await Promise.all([
        invitation.invited_by ? findUserById(ctx.db, invitation.invited_by) : undefined,
        ctx.organiser(),
        findCurrentEvent(ctx.db),
      ]);
      const message = staffInvitationEmail({
        to: {
          name: '',
          email: invitation.email,
          language: isLanguage(invitation.language) ? invitation.language : 'en',
        },
        role: invitation.role,
        inviterName: inviter?.name ?? organiser?.name ?? 'Utsav',
        teamName: organiser?.name ?? event?.name ?? 'Utsav',
        signInUrl: `${ctx.config.publicUrl}/`,
        organiser,
      });
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
  };
}
