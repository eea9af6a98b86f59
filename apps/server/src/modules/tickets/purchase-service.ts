import { randomUUID } from 'node:crypto';
import { CURRENCY } from '@utsav/domain/constants';
import { formatRupees, paiseToRupees, type Quote, quote, rupeesToPaise } from '@utsav/domain/pricing';
import {
  type ClientPrice,
  matchesQuote,
  orderTicketNames,
  type VerifyPaymentInput,
} from '@utsav/domain/purchase-schema';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { EventRow, OrderRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { RazorpayOrder } from '../../platform/payments/razorpay-client';
import { verifyCheckoutSignature } from '../../platform/payments/signatures';
import { countTaken, findCurrentEvent, lockEvent } from '../event/repo';
import { requireQueuePass, requireSalesOpen } from '../queue/service';
import { anyoneWaiting } from '../waitlist/repo';
import { capturedPaymentFor, fulfilOrder } from './fulfilment';
import { refundLatePayment } from './payment-refunds';
import { assertWithinPersonLimit } from './person-limit';
import {
  findOrderByRazorpayId,
  findTicketsOfOrder,
  insertOrder,
  markOrderFailed,
  setRazorpayOrderId,
  type TicketView,
} from './repo';

// Checkout: a hold on seats, a Razorpay order to pay it, and verification of the payment.
//
// PER-PERSON INVARIANT, per event and person: seats in the person's live holds + tickets they bought (active or
// used, not hand-issued) <= MAX_TICKETS_PER_PERSON when each hold is placed. Checked under the same event lock,
// so it holds against that person's concurrent checkouts too. A payment arriving after its hold ran out still
// gets its tickets if stock remains (the money was taken), which may leave a person above the cap.
//
// INVENTORY INVARIANT, at every instant and under any concurrency, per event:
//     active + used tickets + live holds  <=  total_tickets
// where a live hold is an order with status 'created' and hold_expires_at > now. Every transaction that
// can raise the left side (placing a hold here; issuing tickets for a late payment in fulfilment.ts) or
// lower the right side (editing the event) first locks the event row (lockEvent: SELECT ... FOR UPDATE on
// PostgreSQL, shared by all server processes; SQLite runs one transaction at a time), then counts with one
// statement and writes only if the result still fits. Turning a live hold into tickets moves seats from
// one term to the other inside one transaction; expiry only lowers the left side.
//
// Why the hold comes before the Razorpay order: our row must exist before anyone can pay, and no provider
// call may run inside the locked transaction (a slow Razorpay would stall every buyer behind the lock).
// So: (1) check stock and insert the hold with no Razorpay id, commit; (2) create the Razorpay order;
// (3) store its id. Until (3) the order cannot be paid, because the buyer has not been given its id. If
// (2) fails, the hold is released (status failed) and nothing was charged; if (2) succeeded but we crash
// before (3), that Razorpay order is never shown to anyone, so it is simply abandoned, and the hold
// expires on its own. A SOLD_OUT refusal happens in (1), before any Razorpay order exists.

export interface CheckoutOrder {
  /** Razorpay's order id: what checkout.js opens and what verify-payment sends back. */
  orderId: string;
  /** Rupees (guest-side §7: the client multiplies by 100 for the provider). */
  amount: number;
  /** The same amount in paise, exactly as Razorpay's order carries it (what our web client hands checkout.js). */
  amountPaise: number;
  currency: string;
  key: string;
  quantity: number;
  pricePerTicket: number;
  pricingTier: string;
  total: number;
  holdExpiresAt: string;
}

export interface ClientOrder extends ClientPrice {
  quantity: number;
  eventId: string;
  /** Who each ticket is for (issue 17); blank or missing entries carry the buyer's name. */
  ticketNames?: string[] | undefined;
}

/** POST /tickets/create-order: the client's price must be the server's, else nothing is held or charged. */
export async function createOrder(
  ctx: AppContext,
  caller: UserRow,
  input: ClientOrder,
  queuePass?: string,
): Promise<CheckoutOrder> {
  const event = await findCurrentEvent(ctx.db);
  if (!event || event.id !== input.eventId) throw eventGone();
  await admitToCheckout(ctx, caller, event, queuePass);
  return placeOrder(ctx, caller, event.id, input.quantity, input, orderTicketNames(input.ticketNames));
}

/** POST /tickets: the booking path prices the order itself and starts the same checkout. */
export async function startBooking(
  ctx: AppContext,
  caller: UserRow,
  quantity: number,
  queuePass?: string,
): Promise<CheckoutOrder> {
  const event = await findCurrentEvent(ctx.db);
  if (!event) throw eventGone();
  await admitToCheckout(ctx, caller, event, queuePass);
  return placeOrder(ctx, caller, event.id, quantity, null, null);
}

/** Sales must be open, and while the waiting room is on the caller must hold their own pass from it. */
async function admitToCheckout(
  ctx: AppContext,
  caller: UserRow,
  event: EventRow,
  queuePass: string | undefined,
): Promise<void> {
  requireSalesOpen(event, ctx.now());
  await requireQueuePass(ctx, caller, event, queuePass);
}

async function placeOrder(
  ctx: AppContext,
  caller: UserRow,
  eventId: string,
  quantity: number,
  clientPrice: ClientPrice | null,
  ticketNames: string[] | null,
): Promise<CheckoutOrder> {
  const now = ctx.now();
  const orderId = randomUUID();

  // (1) The hold. Price and stock are both judged on the locked event row, so an admin's edit cannot
  // slip between the check and the insert.
  const { order, serverQuote } = await transaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, eventId);
    if (!event) throw eventGone();
    const serverQuote = quoteFor(event, quantity);
    if (clientPrice && !matchesQuote(clientPrice, serverQuote)) throw priceChanged(serverQuote);
    const taken = await countTaken(trx, event.id, now);
    if (taken + quantity > event.total_tickets) throw soldOut(event.total_tickets - taken);
    // Seats that come back while people wait in the waitlist are theirs, in line order (offers.ts).
    if (await anyoneWaiting(trx, event.id)) throw soldOut(0);
    await assertWithinPersonLimit(trx, ctx, caller.id, event.id, quantity, now);
    const order: OrderRow = {
      id: orderId,
      razorpay_order_id: null,
      user_id: caller.id,
      event_id: event.id,
      quantity,
      price_per_ticket_paise: rupeesToPaise(serverQuote.pricePerTicket),
      amount_paise: rupeesToPaise(serverQuote.pricePerTicket) * quantity,
      pricing_tier: serverQuote.pricingTier,
      status: 'created',
      hold_expires_at: new Date(now.getTime() + ctx.config.holdMinutes * 60_000).toISOString(),
      razorpay_payment_id: null,
      razorpay_refund_id: null,
      created_at: now.toISOString(),
      paid_at: null,
      refunded_at: null,
      refund_settled_at: null,
      ticket_names: ticketNames ? JSON.stringify(ticketNames) : null,
      updated_at: now.toISOString(),
    };
    await insertOrder(trx, order);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'order.created',
        entity: 'order',
        entityId: order.id,
        data: { quantity, amountPaise: order.amount_paise, ...(ticketNames ? { ticketNames } : {}) },
      },
      now,
    );
    return { order, serverQuote };
  });

  // (2) The Razorpay order, outside any transaction.
  let razorpayOrder: RazorpayOrder;
  try {
    razorpayOrder = await ctx.razorpay().createOrder({
      amount: order.amount_paise,
      currency: CURRENCY,
      receipt: order.id,
      notes: { orderId: order.id, eventId: order.event_id, userId: caller.id, quantity },
      payment_capture: true,
    });
    if (razorpayOrder.amount !== order.amount_paise) throw new Error('Razorpay order amount differs');
  } catch (error) {
    await markOrderFailed(ctx.db, order.id, ctx.now());
    await recordAudit(
      ctx.db,
      {
        actorUserId: null,
        action: 'order.failed',
        entity: 'order',
        entityId: order.id,
        data: { reason: 'razorpay' },
      },
      ctx.now(),
    );
    ctx.log.error({ err: error, orderId: order.id }, 'creating the Razorpay order failed; hold released');
    throw new AppError(
      'PAYMENT_PROVIDER_ERROR',
      'We could not start the payment right now. You have not been charged. Please try again in a moment.',
    );
  }

  // (3) Only now can the order be paid: the buyer gets this id in the response.
  if (!(await setRazorpayOrderId(ctx.db, order.id, razorpayOrder.id, ctx.now()))) {
    throw new Error(`order ${order.id} already had a Razorpay order`);
  }
  return {
    orderId: razorpayOrder.id,
    amount: paiseToRupees(order.amount_paise),
    amountPaise: order.amount_paise,
    currency: CURRENCY,
    key: ctx.config.razorpay.keyId,
    quantity,
    pricePerTicket: serverQuote.pricePerTicket,
    pricingTier: serverQuote.pricingTier,
    total: paiseToRupees(order.amount_paise),
    holdExpiresAt: order.hold_expires_at,
  };
}

export interface VerifiedPurchase {
  orderId: string;
  tickets: TicketView[];
}

/**
 * POST /tickets/verify-payment. Replays and races with the webhook return the same tickets. The quantity
 * always comes from our order: a request naming another quantity is refused and issues nothing (the
 * payment, if real, is still honoured by the webhook or the reconciliation job).
 */
export async function verifyPayment(
  ctx: AppContext,
  caller: UserRow,
  input: VerifyPaymentInput,
): Promise<VerifiedPurchase> {
  const order = await findOrderByRazorpayId(ctx.db, input.razorpay_order_id);
  // Someone else's order looks exactly like a missing one.
  if (!order || order.user_id !== caller.id || !order.razorpay_order_id) {
    throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  }
  // Signed over OUR stored order id: proves Razorpay's checkout saw this payment for this order.
  if (
    !verifyCheckoutSignature(
      order.razorpay_order_id,
      input.razorpay_payment_id,
      input.razorpay_signature,
      ctx.config.razorpay.keySecret,
    )
  ) {
    throw new AppError(
      'PAYMENT_NOT_VERIFIED',
      'Payment verification failed: the payment signature is not valid. No tickets were issued.',
    );
  }
  if (input.quantity !== undefined && input.quantity !== order.quantity) {
    throw new AppError(
      'BAD_REQUEST',
      `This order is for ${order.quantity} ticket${order.quantity === 1 ? '' : 's'}, not ${input.quantity}. No tickets were issued.`,
    );
  }
  // Replays of a settled payment answer from our rows, without asking Razorpay again.
  if (order.razorpay_payment_id === input.razorpay_payment_id) {
    if (order.status === 'paid') {
      return { orderId: order.razorpay_order_id, tickets: await findTicketsOfOrder(ctx.db, order.id) };
    }
    if (order.status === 'refunded') {
      throw refundedLate(order, order.razorpay_refund_id !== null || (await refundLatePayment(ctx, order)));
    }
  }

  const payment = await capturedPaymentFor(ctx, order, input.razorpay_payment_id);
  const result = await fulfilOrder(ctx, order.id, payment, 'verify');
  if (result.outcome === 'refunded') throw refundedLate(order, result.refundSent);
  return { orderId: order.razorpay_order_id, tickets: result.tickets };
}

function refundedLate(order: OrderRow, refundSent: boolean): AppError {
  const amount = formatRupees(paiseToRupees(order.amount_paise));
  return new AppError(
    'SOLD_OUT',
    `Sorry, the tickets sold out before your payment completed. Your payment of ${amount} ${
      refundSent ? 'has been' : 'will be'
    } refunded in full.`,
  );
}

function quoteFor(event: EventRow, quantity: number): Quote {
  return quote(
    {
      ticketPrice: paiseToRupees(event.ticket_price_paise),
      groupPrice4: event.group_price4_paise === null ? null : paiseToRupees(event.group_price4_paise),
    },
    quantity,
  );
}

function priceChanged(serverQuote: Quote): AppError {
  const each = formatRupees(serverQuote.pricePerTicket);
  const total = formatRupees(serverQuote.total);
  const tickets = `${serverQuote.quantity} ticket${serverQuote.quantity === 1 ? '' : 's'}`;
  return new AppError(
    'PRICE_CHANGED',
    `The price has changed: ${tickets} now cost ${total} (${each} each, ${serverQuote.pricingTier}). Please review the new price and try again. You have not been charged.`,
  );
}

function soldOut(left: number): AppError {
  if (left <= 0) return new AppError('SOLD_OUT', 'Sorry, this event is sold out.');
  return new AppError(
    'SOLD_OUT',
    `Only ${left} ticket${left === 1 ? ' is' : 's are'} left. Please choose ${left === 1 ? '1 ticket' : `${left} or fewer`}.`,
  );
}

function eventGone(): AppError {
  return new AppError('EVENT_NOT_FOUND', 'This event is not on sale. Please reload the page.');
}
