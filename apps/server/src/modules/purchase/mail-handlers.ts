import type { AppContext } from '../../platform/context';
import { composeTicketConfirmation } from '../../platform/mail/compose';
import type { Mailer } from '../../platform/mail/transport';
import { stringField } from '../../platform/outbox/payload';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findTicketsOfOrder } from '../../stores/tickets';
import { documentLink } from '../tax-documents/documents';
import { eventDetailsOf, ownerOf, ticketDocumentOf } from '../tickets/ticket-documents';
import { eventWithKeys } from '../tickets/ticket-signing';
import { walletLinksFor } from '../tickets/wallet-service';

// The purchase confirmation, sent by the outbox worker after the fulfilment transaction committed. Each handler
// reloads what it needs: the row only names the order, so a retry days later still mails current facts.

export function purchaseMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  const ticketsUrl = `${ctx.config.publicUrl}/dashboard`;
  return {
    'tickets-confirmation': async (payload, { id }) => {
      const orderId = stringField(payload, 'orderId');
      const tickets = await findTicketsOfOrder(ctx.db, orderId);
      const first = tickets[0];
      if (!first) throw new Error(`order ${orderId} has no tickets to confirm`);
      const totalPaise = tickets.reduce((sum, ticket) => sum + ticket.price_paise, 0);
      // A paid order has a tax document (made by its own job, or on demand when the link is opened); ₹0 has none.
      const razorpayOrderId = first.razorpay_order_id;
      const invoiceUrl =
        totalPaise > 0 && razorpayOrderId
          ? documentLink(
              ctx.config.publicUrl,
              razorpayOrderId,
              (await eventWithKeys(ctx, first.event_id)).qr_private_key!,
            )
          : undefined;
      const message = await composeTicketConfirmation({
        to: ownerOf(first),
        event: eventDetailsOf(first),
        tickets: tickets.map(ticketDocumentOf),
        totalPaid: totalPaise / 100,
        orderRef: first.razorpay_order_id ?? orderId,
        ticketsUrl,
        invoiceUrl,
        wallet: await walletLinksFor(ctx, tickets),
        organiser: await ctx.organiser(),
      });
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
  };
}
