import type { AppContext } from '../../platform/context';
import { renderTicketsPdf } from '../../platform/documents/render';
import { transferReceivedEmail, transferSentEmail } from '../../platform/mail/templates/transfer';
import type { Mailer } from '../../platform/mail/transport';
import type { OutboxHandler } from '../../platform/outbox/worker';
import { findTicketView } from '../../stores/tickets';
import { eventDetailsOf, ownerOf, ticketDocumentOf, ticketTypeOf } from '../tickets/ticket-documents';
import { walletLinksFor } from '../tickets/wallet-service';
import { findTransferById } from './repo';

// Both emails of a completed transfer from one outbox row; each is sent with its own Message-ID, and a retry
// after the first was sent may send that one again (mail is at least once, as everywhere in the outbox).
// Each is written in its reader's language: the one the account uses the app in, English for a new account.

export function transferMailHandlers(ctx: AppContext, mailer: Mailer): Record<string, OutboxHandler> {
  const ticketsUrl = `${ctx.config.publicUrl}/dashboard`;
  return {
    'transfer-completed': async (payload, { id }) => {
      const transferId = payload.transferId;
      if (typeof transferId !== 'string') throw new Error('outbox payload lacks "transferId"');
      const transfer = await findTransferById(ctx.db, transferId);
      if (!transfer?.new_ticket_id) throw new Error(`transfer ${transferId} is not completed`);
      const old = await findTicketView(ctx.db, transfer.ticket_id);
      const issued = await findTicketView(ctx.db, transfer.new_ticket_id);
      if (!old || !issued) return; // deleted by an admin since: nothing left to tell
      const event = eventDetailsOf(issued);
      const recipient = ownerOf(issued);
      const organiser = await ctx.organiser();
      await mailer.send({
        ...transferSentEmail({
          to: ownerOf(old),
          event,
          ticketCode: old.ticket_code,
          recipient: { name: transfer.recipient_name, email: transfer.recipient_email },
          fee: transfer.fee_paise / 100,
          at: transfer.completed_at ?? transfer.updated_at,
          ticketsUrl,
          organiser,
        }),
        messageId: `<outbox-${id}-sender@utsav>`,
      });
      const pdf = await renderTicketsPdf({
        event,
        holderName: issued.holder_name,
        tickets: [ticketDocumentOf(issued)],
        orderRef: issued.ticket_code,
        language: recipient.language,
        organiser,
      });
      await mailer.send({
        ...transferReceivedEmail({
          to: recipient,
          event,
          sender: { name: old.owner_name, email: old.owner_email },
          ticketCode: issued.ticket_code,
          ticketType: ticketTypeOf(issued),
          pdf,
          wallet: await walletLinksFor(ctx, [issued]),
          ticketsUrl,
          organiser,
        }),
        messageId: `<outbox-${id}-recipient@utsav>`,
      });
    },
  };
}
