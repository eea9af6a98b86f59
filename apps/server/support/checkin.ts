import { randomBytes, randomUUID } from 'node:crypto';
import { fulfilOrder } from '../src/modules/purchase/fulfilment';
import type { AppContext } from '../src/platform/context';
import type { OrderRow } from '../src/platform/db/schema';
import { insertOrder } from '../src/stores/orders';
import { findTicketsOfOrder, type TicketView } from '../src/stores/tickets';

// Paid tickets without a checkout: a paid order's tickets come from the tickets module's own fulfilment, so
// their QR tokens are signed exactly as a guest's are. No vitest imports: the check-in bench uses it too.

/**
 * Places a live hold for `quantity` seats of the event for `userId`, then fulfils it with a captured
 * payment, as verify-payment does once Razorpay confirms it. Returns the issued tickets.
 */
export async function issuePaidTickets(
  ctx: AppContext,
  options: { eventId: string; userId: string; quantity: number },
): Promise<TicketView[]> {
  const event = await ctx.db
    .selectFrom('events')
    .select('ticket_price_paise')
    .where('id', '=', options.eventId)
    .executeTakeFirstOrThrow();
  const now = new Date();
  const stamp = now.toISOString();
  const orderId = randomUUID();
  const amount = event.ticket_price_paise * options.quantity;
  const order: OrderRow = {
    id: orderId,
    razorpay_order_id: `order_${randomBytes(7).toString('hex')}`,
    user_id: options.userId,
    event_id: options.eventId,
    quantity: options.quantity,
    price_per_ticket_paise: event.ticket_price_paise,
    amount_paise: amount,
    pricing_tier: 'Individual',
    status: 'created',
    hold_expires_at: new Date(now.getTime() + 15 * 60_000).toISOString(),
    razorpay_payment_id: null,
    razorpay_refund_id: null,
    created_at: stamp,
    paid_at: null,
    refunded_at: null,
    refund_settled_at: null,
    ticket_names: null,
    updated_at: stamp,
  };
  await insertOrder(ctx.db, order);
  const fulfilment = await fulfilOrder(
    ctx,
    order,
    { id: `pay_${randomBytes(7).toString('hex')}`, amount },
    'verify',
  );
  if (fulfilment.outcome !== 'issued') throw new Error(`fulfilment ${fulfilment.outcome} for ${orderId}`);
  return findTicketsOfOrder(ctx.db, orderId);
}
