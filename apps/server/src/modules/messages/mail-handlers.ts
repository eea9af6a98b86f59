import type { AppContext } from '../../platform/context';
import { guestMessageMailFor } from '../../platform/mail/templates/guest-message';
import type { Mailer } from '../../platform/mail/transport';
import { stringField } from '../../platform/outbox/payload';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findUserById } from '../../stores/users';
import { findMessage, textsOf } from './repo';

// A message's mail to one person, in their language when the organiser wrote it (else English), chosen when it is
// sent: someone who switched the app to Gujarati since reads the Gujarati version. A person deleted since is
// skipped (their address is gone); the row then counts as sent, as there is nothing left to send.

const messageId = (id: string) => `<outbox-${id.replace(/[^\w.-]/g, '-')}@utsav>`;

export function guestMessageMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  return {
    'guest-message': async (payload, { id }) => {
      const message = await findMessage(ctx.db, stringField(payload, 'messageId'));
      const user = await findUserById(ctx.db, stringField(payload, 'userId'));
      if (!message || !user || user.deleted_at) return;
      const { language: _language, ...mail } = guestMessageMailFor(
        textsOf(message),
        user,
        await ctx.organiser(),
      );
      await mailer.send({ ...mail, messageId: messageId(id) });
    },
  };
}
