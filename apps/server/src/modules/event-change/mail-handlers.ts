import { CALL_OFF_CODE_MINUTES } from '@utsav/domain/event-change';
import { isLanguage } from '@utsav/domain/languages';
import type { AppContext } from '../../platform/context';
import { buildEventIcs, ICS_CONTENT_TYPE } from '../../platform/documents/ics';
import type { Recipient } from '../../platform/mail/message';
import { calledOffEmail, callOffCodeEmail, postponedEmail } from '../../platform/mail/templates/event-change';
import type { Mailer } from '../../platform/mail/transport';
import { numberField, stringField } from '../../platform/outbox/payload';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findEventById } from '../../stores/events';
import { findTicketsOfUser } from '../../stores/tickets';
import { findUserById } from '../../stores/users';
import { walletLinksFor } from '../tickets/wallet-service';

// The mails of a change of plans, one per person, in their language: the night called off, the night moved (with
// a new calendar invite per order, under the order's own UID so calendars move the entry), and the admin's
// confirmation code. Each handler reads the event at send time: a mail retried later tells the current facts.
// The moved mail carries each active ticket's wallet links: a pass already in a wallet does not change by itself
// (nothing here pushes to Apple or Google), and opening the link again gives the pass with the new schedule.

async function recipientOf(ctx: AppContext, userId: string): Promise<Recipient | undefined> {
  const user = await findUserById(ctx.db, userId);
  if (!user || user.deleted_at) return undefined;
  return {
    name: user.name,
    email: user.email,
    language: isLanguage(user.language) ? user.language : undefined,
  };
}

const messageId = (id: string) => `<outbox-${id.replace(/[^\w.-]/g, '-')}@utsav>`;

export function eventChangeMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  const ticketsUrl = `${ctx.config.publicUrl}/dashboard`;
  return {
    'event-called-off': async (payload, { id }) => {
      const to = await recipientOf(ctx, stringField(payload, 'userId'));
      const event = await findEventById(ctx.db, stringField(payload, 'eventId'));
      if (!to || !event) return;
      const message = calledOffEmail({
        to,
        event: detailsOf(event),
        ticketsUrl,
        organiser: await ctx.organiser(),
      });
      await mailer.send({ ...message, messageId: messageId(id) });
    },
    'event-postponed': async (payload, { id }) => {
      const userId = stringField(payload, 'userId');
      const to = await recipientOf(ctx, userId);
      const event = await findEventById(ctx.db, stringField(payload, 'eventId'));
      // Called off since: that mail tells them; this one would contradict it.
      if (!to || !event || event.status === 'called-off') return;
      const organiser = await ctx.organiser();
      const tickets = (await findTicketsOfUser(ctx.db, userId)).filter(
        (ticket) => ticket.event_id === event.id && ticket.status === 'active',
      );
      const refs = [
        ...new Set(tickets.map((ticket) => ticket.razorpay_order_id ?? `event-${event.id}-${userId}`)),
      ];
      const details = detailsOf(event);
      const ics = refs.map((ref, index) => ({
        filename: refs.length === 1 ? 'Utsav.ics' : `Utsav-${index + 1}.ics`,
        content: new TextEncoder().encode(
          buildEventIcs({
            uid: `${ref}@utsav`,
            event: details,
            url: ticketsUrl,
            organiser,
            language: to.language,
          }),
        ),
        contentType: ICS_CONTENT_TYPE,
      }));
      const message = postponedEmail({
        to,
        event: details,
        ticketsUrl,
        freeRefundUntil: event.free_refund_until ?? null,
        ics,
        wallet: await walletLinksFor(ctx, tickets),
        organiser,
      });
      await mailer.send({ ...message, messageId: messageId(id) });
    },
    'call-off-code': async (payload, { id }) => {
      const to = await recipientOf(ctx, stringField(payload, 'userId'));
      const event = await findEventById(ctx.db, stringField(payload, 'eventId'));
      if (!to || !event) return;
      const message = callOffCodeEmail({
        to,
        eventName: event.name,
        code: stringField(payload, 'code'),
        refundTotal: numberField(payload, 'refundTotal'),
        minutes: CALL_OFF_CODE_MINUTES,
        organiser: await ctx.organiser(),
      });
      await mailer.send({ ...message, messageId: messageId(id) });
    },
  };
}

function detailsOf(event: {
  name: string;
  date: string;
  start_time: string;
  end_time: string;
  venue: string;
}) {
  return {
    name: event.name,
    date: event.date,
    startTime: event.start_time,
    endTime: event.end_time,
    venue: event.venue,
  };
}
