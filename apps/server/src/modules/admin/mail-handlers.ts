import type { AppContext } from '../../platform/context';
import { composeManualIssuance } from '../../platform/mail/compose';
import type { Mailer } from '../../platform/mail/transport';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findTicketViews } from '../../stores/tickets';
import { eventDetailsOf, ownerOf, ticketDocumentOf } from '../tickets/ticket-documents';
import { walletLinksFor } from '../tickets/wallet-service';

// The mail of hand-issued tickets (issuance-service.ts), sent by the outbox worker after the issuing transaction
// committed. It reloads the tickets: a retry days later still mails current facts.

export function adminMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  const ticketsUrl = `${ctx.config.publicUrl}/dashboard`;
  return {
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
        organiser: await ctx.organiser(),
      });
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
  };
}
