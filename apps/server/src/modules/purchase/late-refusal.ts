import { formatRupees, paiseToRupees } from '@utsav/domain/pricing';
import type { Db } from '../../platform/db/database';
import type { OrderRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { type Message, msg } from '../../platform/i18n/messages';
import { findEventById } from '../../stores/events';
import { findListingsOfOrder } from '../../stores/resale';
import { findTicketRow } from './repo';
import { sellsListings } from './resale-sale';

// verify-payment's answer to a payment that came too late to buy anything (SOLD_OUT): it is refunded in full, and
// the buyer is told why in their language. A resale hold says what happened to the ticket it was selling (its
// seller withdrew it, or used, transferred or cancelled it first: purchase/resale-sale.ts), not that tickets sold out;
// a payment for a night called off in the meantime is EVENT_CALLED_OFF and says so.

export const LATE_PAYMENT_MESSAGES = {
  soldOut: 'Sorry, the tickets sold out before your payment completed.',
  withdrawn: 'Sorry, the seller withdrew the resold ticket before your payment completed.',
  used: 'Sorry, the resold ticket was used at the gate before your payment completed.',
  transferred: 'Sorry, the resold ticket was transferred to someone else before your payment completed.',
  cancelled: 'Sorry, the resold ticket was cancelled by its holder before your payment completed.',
  gone: 'Sorry, the resold ticket was no longer on sale when your payment completed.',
  calledOff: 'Sorry, the event was called off before your payment completed.',
  refunded: '{{reason}} Your payment of {{amount}} has been refunded in full.',
  toRefund: '{{reason}} Your payment of {{amount}} will be refunded in full.',
} as const;

export async function lateRefusal(db: Db, order: OrderRow, refundSent: boolean): Promise<AppError> {
  const calledOff = (await findEventById(db, order.event_id))?.status === 'called-off';
  const reason = calledOff
    ? LATE_PAYMENT_MESSAGES.calledOff
    : (await sellsListings(db, order))
      ? await resaleLost(db, order)
      : LATE_PAYMENT_MESSAGES.soldOut;
  return new AppError(
    calledOff ? 'EVENT_CALLED_OFF' : 'SOLD_OUT',
    msg(refundSent ? LATE_PAYMENT_MESSAGES.refunded : LATE_PAYMENT_MESSAGES.toRefund, {
      reason: msg(reason),
      amount: formatRupees(paiseToRupees(order.amount_paise)),
    }),
  );
}

/** What took the resold ticket away from this hold: read once the sale was refused, off the hot path. */
async function resaleLost(db: Db, order: OrderRow): Promise<Message['template']> {
  const listings = await findListingsOfOrder(db, order.id);
  if (listings.some((listing) => listing.status === 'withdrawn')) return LATE_PAYMENT_MESSAGES.withdrawn;
  for (const listing of listings) {
    const ticket = await findTicketRow(db, listing.ticket_id);
    if (!ticket || ticket.status === 'active') continue;
    if (ticket.status === 'used') return LATE_PAYMENT_MESSAGES.used;
    if (ticket.transferred_at) return LATE_PAYMENT_MESSAGES.transferred;
    if (!ticket.resold_at) return LATE_PAYMENT_MESSAGES.cancelled;
  }
  // Its offer ran out and the listing went to someone else's hold.
  return LATE_PAYMENT_MESSAGES.gone;
}
