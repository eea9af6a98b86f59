import { randomUUID } from 'node:crypto';
import type { OrderRow } from '../../platform/db/schema';
import type { ListingRow } from '../../stores/resale';

/**
 * The hold that sells listings (a waitlist offer, or a checkout when nobody waits): an ordinary orders row, created
 * and unpaid until `holdExpiresAt`, at the listings' face value, with `people = 0` and no order lines. Its seats are
 * the sellers' tickets, still counted as sold, so the hold adds nothing to the people held nor to any type's,
 * phase's or code's counter (docs/decisions/0716-resale-one-seat.md); sale.ts swaps the tickets when it is paid.
 */
export function resaleHold(fields: {
  userId: string;
  eventId: string;
  listings: readonly Pick<ListingRow, 'price_paise'>[];
  holdExpiresAt: string;
  now: Date;
}): OrderRow {
  const quantity = fields.listings.length;
  const amount = fields.listings.reduce((sum, listing) => sum + listing.price_paise, 0);
  const stamp = fields.now.toISOString();
  return {
    id: randomUUID(),
    razorpay_order_id: null,
    user_id: fields.userId,
    event_id: fields.eventId,
    quantity,
    price_per_ticket_paise: Math.round(amount / Math.max(1, quantity)),
    amount_paise: amount,
    pricing_tier: 'Individual',
    status: 'created',
    hold_expires_at: fields.holdExpiresAt,
    razorpay_payment_id: null,
    razorpay_refund_id: null,
    created_at: stamp,
    paid_at: null,
    refunded_at: null,
    refund_settled_at: null,
    ticket_names: null,
    people: 0,
    promo_code_id: null,
    discount_paise: 0,
    updated_at: stamp,
  };
}
