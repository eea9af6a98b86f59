import { isLanguage } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../../platform/db/schema';
import type { Recipient } from '../../platform/mail/message';
import { waitlistClosedEmail, waitlistOfferEmail } from '../../platform/mail/templates/waitlist';
import type { Mailer } from '../../platform/mail/transport';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findEventById } from '../../stores/events';
import { findOrderById } from '../../stores/orders';
import { findUserById } from '../../stores/users';
import { findEntryById } from './repo';

// Composed when sent, from the place as it is then: an offer already bought, given up or run out is not
// announced any more, and a place that left the line before the sale closed gets no closing mail.

function recipientOf(user: UserRow): Recipient {
  return {
    name: user.name,
    email: user.email,
    language: isLanguage(user.language) ? user.language : undefined,
  };
}

function entryId(payload: Record<string, unknown>): string {
  const id = payload.entryId;
  if (typeof id !== 'string' || id === '') throw new Error('outbox payload lacks "entryId"');
  return id;
}

export function waitlistMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  return {
    'waitlist-offer': async (payload, { id }) => {
      const entry = await findEntryById(ctx.db, entryId(payload));
      if (entry?.status !== 'offered' || !entry.offer_order_id) return;
      const order = await findOrderById(ctx.db, entry.offer_order_id);
      const user = await findUserById(ctx.db, entry.user_id);
      const event = await findEventById(ctx.db, entry.event_id);
      if (!order || !user || !event || order.status !== 'created') return;
      const expiresAt = new Date(order.hold_expires_at);
      if (expiresAt <= ctx.now()) return;
      await mailer.send({
        ...waitlistOfferEmail({
          to: recipientOf(user),
          event: {
            name: event.name,
            date: event.date,
            startTime: event.start_time,
            endTime: event.end_time,
            venue: event.venue,
          },
          quantity: order.quantity,
          amount: paiseToRupees(order.amount_paise),
          expiresAt,
          buyUrl: `${ctx.config.publicUrl}/`,
          organiser: await ctx.organiser(),
        }),
        messageId: `<outbox-${id.replace(/[^\w.-]/g, '-')}@utsav>`,
      });
    },
    'waitlist-closed': async (payload, { id }) => {
      const entry = await findEntryById(ctx.db, entryId(payload));
      if (entry?.status !== 'closed') return;
      const user = await findUserById(ctx.db, entry.user_id);
      const event = await findEventById(ctx.db, entry.event_id);
      if (!user || !event) return;
      await mailer.send({
        ...waitlistClosedEmail({
          to: recipientOf(user),
          eventName: event.name,
          quantity: entry.quantity,
          organiser: await ctx.organiser(),
        }),
        messageId: `<outbox-${id.replace(/[^\w.-]/g, '-')}@utsav>`,
      });
    },
  };
}
