import { isLanguage } from '@utsav/domain/languages';
import { paiseToRupees } from '@utsav/domain/pricing';
import type { AppContext } from '../../platform/context';
import { resaleSoldEmail } from '../../platform/mail/templates/resale';
import type { Mailer } from '../../platform/mail/transport';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findListingWithRefund } from '../../stores/resale';
import { findTicketView } from '../../stores/tickets';

// The seller's mail, sent by the outbox worker after the sale's transaction committed (purchase/resale-sale.ts).
// The row names only the listing; the handler reloads it and the seller's ticket.

export function resaleMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  return {
    'resale-sold': async (payload, { id }) => {
      const listingId = payload.listingId;
      if (typeof listingId !== 'string') throw new Error('outbox payload lacks "listingId"');
      const listing = await findListingWithRefund(ctx.db, listingId);
      const ticket = listing ? await findTicketView(ctx.db, listing.ticket_id) : undefined;
      if (!listing || !ticket) throw new Error(`resale listing ${listingId} not found`);
      const message = resaleSoldEmail({
        organiser: await ctx.organiser(),
        to: {
          name: ticket.owner_name,
          email: ticket.owner_email,
          language: isLanguage(ticket.owner_language) ? ticket.owner_language : undefined,
        },
        eventName: ticket.event_name,
        ticketId: ticket.ticket_code,
        paid: paiseToRupees(listing.paid_paise),
        fee: paiseToRupees(listing.fee_paise),
        refundAmount: paiseToRupees(listing.refund_paise),
        refundId: listing.refund_code ?? undefined,
        refundsUrl: `${ctx.config.publicUrl}/dashboard/guest`,
      });
      await mailer.send({ ...message, messageId: `<outbox-${id}@utsav>` });
    },
  };
}
