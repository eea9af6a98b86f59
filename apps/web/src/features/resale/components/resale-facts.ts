import type { Ticket } from '@utsav/domain/api/tickets';
import { paiseToRupees, rupeesToPaise } from '@utsav/domain/pricing';
import { type ResaleRefusalReason, resaleRefusal, sellerRefund } from '@utsav/domain/resale';

// The domain's resale rules on a ticket as the API shows it: the same functions the server refuses and refunds
// by, so what the dialog promises is what the server does.

/** Why this ticket may not be listed now (used, cancelled, issued by staff, just received), or null. */
export function ticketResaleRefusal(ticket: Ticket, now: Date): ResaleRefusalReason | null {
  return resaleRefusal(
    {
      status: ticket.status === 'transferred' ? 'cancelled' : ticket.status,
      // A ticket on no order was issued by staff, whatever its metadata says, unless it came by transfer: that one is
      // paid by the order of the ticket it came from (the server follows it back; one from a staff-issued ticket is
      // refused there).
      issuedByAdmin: ticket.metadata.issuedByAdmin || (ticket.orderId === null && !ticket.receivedByTransfer),
      listed: false,
      transferredFromTicketId: ticket.receivedByTransfer ? ticket.id : null,
      createdAt: ticket.createdAt,
    },
    now,
  );
}

/** What the seller gets back once it sells, in rupees: what they paid less the fee. */
export function sellerMoney(
  ticket: Ticket,
  feeRupees: number,
): { paid: number; fee: number; refund: number } {
  const money = sellerRefund(rupeesToPaise(ticket.price), rupeesToPaise(feeRupees));
  return {
    paid: paiseToRupees(money.paidPaise),
    fee: paiseToRupees(money.feePaise),
    refund: paiseToRupees(money.refundPaise),
  };
}
