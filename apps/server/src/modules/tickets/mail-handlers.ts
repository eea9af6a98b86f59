import { POLICY } from '@utsav/domain/constants';
import { isLanguage } from '@utsav/domain/languages';
import type { AppContext } from '../../platform/context';
import type { EventDetails, TicketDocument } from '../../platform/documents/types';
import { composeManualIssuance, composeTicketConfirmation } from '../../platform/mail/compose';
import type { Recipient } from '../../platform/mail/message';
import { lateRefundEmail } from '../../platform/mail/templates/refunds';
import type { Mailer } from '../../platform/mail/transport';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findUserById } from '../users/repo';
import { findOrderById, findTicketsOfOrder, findTicketViews, type TicketView } from './repo';
import { walletLinksFor } from './wallet-service';

// The purchase emails, sent by the outbox worker after the fulfilment transaction committed. Each handler
// reloads what it needs: the row only names the order, so a retry days later still mails current facts.

export function eventDetailsOf(ticket: TicketView): EventDetails {
  return {
    name: ticket.event_name,
    date: ticket.event_date,
    startTime: ticket.event_start_time,
    endTime: ticket.event_end_time,
    venue: ticket.event_venue,
  };
}

export function ticketDocumentOf(ticket: TicketView): TicketDocument {
  return {
    id: ticket.id,
    code: ticket.ticket_code,
    qrToken: ticket.qr_token,
    price: ticket.price_paise / 100,
    status: ticket.status,
    holderName: ticket.holder_name,
  };
}

/** The ticket owner as an email recipient, in the language they use the app in. */
export function ownerOf(
  ticket: Pick<TicketView, 'owner_name' | 'owner_email' | 'owner_language'>,
): Recipient {
  const language = isLanguage(ticket.owner_language) ? ticket.owner_language : undefined;
  return { name: ticket.owner_name, email: ticket.owner_email, language };
}

function stringField(payload: Record<string, unknown>, name: string): string {
  const value = payload[name];
  if (typeof value !== 'string' || value === '') throw new Error(`outbox payload lacks "${name}"`);
  return value;
}

export function ticketMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  const ticketsUrl = `${ctx.config.publicUrl}/dashboard`;
  return {
    'tickets-confirmation': async (payload, { id }) => {
      const orderId = stringField(payload, 'orderId');
      const tickets = await findTicketsOfOrder(ctx.db, orderId);
      const first = tickets[0];
      if (!first) throw new Error(`order ${orderId} has no tickets to confirm`);
      const message = await composeTicketConfirmation({
        to: ownerOf(first),
        event: eventDetailsOf(first),
        tickets: tickets.map(ticketDocumentOf),
        totalPaid: tickets.reduce((sum, ticket) => sum + ticket.price_paise, 0) / 100,
        orderRef: first.razorpay_order_id ?? orderId,
        ticketsUrl,
        wallet: await walletLinksFor(ctx, tickets),
        organizerEmail: POLICY.supportEmail,
      });
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
    'manual-issuance': async (payload, { id }) => {
      const ticketIds = payload.ticketIds;
      if (!Array.isArray(ticketIds) || !ticketIds.every((ticketId) => typeof ticketId === 'string')) {
        throw new Error('outbox payload lacks "ticketIds"');
      }
      const tickets = await findTicketViews(ctx.db, ticketIds);
      const first = tickets[0];
      if (!first) return; // deleted by an admin before the mail went out: nothing left to send
      const message = await composeManualIssuance({
        to: ownerOf(first),
        event: eventDetailsOf(first),
        tickets: tickets.map(ticketDocumentOf),
        totalAmount: tickets.reduce((sum, ticket) => sum + ticket.price_paise, 0) / 100,
        paymentDone: tickets.every((ticket) => Boolean(ticket.payment_received)),
        issuanceRef: first.ticket_code,
        ticketsUrl,
        wallet: await walletLinksFor(ctx, tickets),
        organizerEmail: POLICY.supportEmail,
      });
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
    'late-payment-refunded': async (payload, { id }) => {
      const order = await findOrderById(ctx.db, stringField(payload, 'orderId'));
      if (!order) throw new Error('late-payment order not found');
      const user = await findUserById(ctx.db, order.user_id);
      if (!user) return; // the account was deleted since: nobody to tell
      const event = await ctx.db
        .selectFrom('events')
        .select('name')
        .where('id', '=', order.event_id)
        .executeTakeFirst();
      const message = lateRefundEmail({
        to: {
          name: user.name,
          email: user.email,
          language: isLanguage(user.language) ? user.language : undefined,
        },
        eventName: event?.name ?? 'the event',
        amount: order.amount_paise / 100,
        quantity: order.quantity,
        orderRef: order.razorpay_order_id ?? order.id,
        paymentId: order.razorpay_payment_id ?? undefined,
      });
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
  };
}
