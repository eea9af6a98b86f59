import { randomUUID } from 'node:crypto';
import { CURRENCY } from '@utsav/domain/constants';
import { fitsPersonLimit, personAllowance } from '@utsav/domain/person-limit';
import { type Quote, rupeesToPaise } from '@utsav/domain/pricing';
import { type ClientPrice, matchesQuote } from '@utsav/domain/purchase-schema';
import { auditRow, insertAuditRow, recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type { EventRow, OrderRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { RazorpayOrder } from '../../platform/payments/razorpay-client';
import { lockEvent } from '../event/repo';
import { eventGone, priceChanged, quoteFor, soldOut } from './checkout-errors';
import { findHoldFigures, writeHoldReadingFigures } from './hold-figures';
import { providerCallOnItsWay, rememberSeatsLeft, roomToSpare } from './inventory-hint';
import { personLimitRefusal } from './person-limit';
import { insertOrder, markOrderFailed, setRazorpayOrderId } from './repo';

// Placing a checkout: a hold on seats and a Razorpay order to pay it. No provider call may run inside the locked
// transaction (a slow Razorpay would stall every buyer behind the lock), so the two happen one after the other,
// in the order that suits the stock:
//
// - Room to spare (inventory-hint.ts): the Razorpay order first, then one transaction that judges price and
//   stock on the locked event row and writes the hold with its Razorpay id. One commit per hold (the other order
//   needs a second write for the id: bench/RESULTS.md). If the hold is refused, or the process dies before it,
//   the Razorpay order is abandoned unpaid: its id was never given to anyone, so nobody can pay it.
// - Contested (the last seats, or no recent figure): the hold first, committed without a Razorpay id, then the
//   Razorpay order, then its id stored. A buyer refused for stock costs no provider call, however many arrive
//   at once. Until the id is stored the hold cannot be paid (the buyer has not been given it); if the provider
//   call fails the hold is released (failed); if we die before storing the id, the hold expires on its own.
//
// Either way the hold is judged under the event lock (the INVENTORY INVARIANT of purchase-service.ts).

/** What the buyer asked for. */
export interface Checkout {
  quantity: number;
  /** The client's price (create-order); null on the booking path, which takes the server's. */
  clientPrice: ClientPrice | null;
  /** Who each ticket is for (issue 17), or null: the buyer's name on each. */
  ticketNames: string[] | null;
}

export interface PlacedOrder {
  order: OrderRow;
  razorpayOrderId: string;
  serverQuote: Quote;
}

export async function placeCheckout(
  ctx: AppContext,
  caller: UserRow,
  event: EventRow,
  checkout: Checkout,
): Promise<PlacedOrder> {
  const { quantity } = checkout;
  if (!roomToSpare(ctx, event.id, quantity)) return holdThenOrder(ctx, caller, event.id, checkout);
  const done = providerCallOnItsWay(ctx, event.id, quantity);
  try {
    return await orderThenHold(ctx, caller, event, checkout);
  } finally {
    done();
  }
}

async function orderThenHold(
  ctx: AppContext,
  caller: UserRow,
  event: EventRow,
  checkout: Checkout,
): Promise<PlacedOrder> {
  const { quantity } = checkout;
  const orderId = randomUUID();
  // Priced on the copy the checkout was admitted on; the hold checks the locked row asks the same amount.
  const amountPaise = rupeesToPaise(quoteFor(event, quantity).pricePerTicket) * quantity;
  const razorpayOrder = await createRazorpayOrder(ctx, caller, {
    id: orderId,
    eventId: event.id,
    quantity,
    amountPaise,
  });
  const { order, serverQuote } = await hold(ctx, caller, event.id, checkout, {
    orderId,
    razorpayOrderId: razorpayOrder.id,
    amountPaise,
  });
  return { order, razorpayOrderId: razorpayOrder.id, serverQuote };
}

async function holdThenOrder(
  ctx: AppContext,
  caller: UserRow,
  eventId: string,
  checkout: Checkout,
): Promise<PlacedOrder> {
  const { quantity } = checkout;
  const { order, serverQuote } = await hold(ctx, caller, eventId, checkout, {
    orderId: randomUUID(),
    razorpayOrderId: null,
    amountPaise: null,
  });
  let razorpayOrder: RazorpayOrder;
  try {
    razorpayOrder = await createRazorpayOrder(ctx, caller, {
      id: order.id,
      eventId,
      quantity,
      amountPaise: order.amount_paise,
    });
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
    throw error;
  }
  // Only now can the order be paid: the buyer gets this id in the response.
  if (!(await setRazorpayOrderId(ctx.db, order.id, razorpayOrder.id, ctx.now()))) {
    throw new Error(`order ${order.id} already had a Razorpay order`);
  }
  return {
    order: { ...order, razorpay_order_id: razorpayOrder.id },
    razorpayOrderId: razorpayOrder.id,
    serverQuote,
  };
}

interface HoldPlan {
  orderId: string;
  /** Set when the Razorpay order already exists (room to spare); null on the contested path. */
  razorpayOrderId: string | null;
  /** The amount that Razorpay order asks for; the hold is refused (PRICE_CHANGED) if the price moved since. */
  amountPaise: number | null;
}

/**
 * The hold: price and stock judged on the locked event row, so an admin's edit cannot slip between the check
 * and the insert, and the person's cap under the same lock.
 */
async function hold(
  ctx: AppContext,
  caller: UserRow,
  eventId: string,
  checkout: Checkout,
  plan: HoldPlan,
): Promise<{ order: OrderRow; serverQuote: Quote }> {
  const { quantity, clientPrice, ticketNames } = checkout;
  return transaction(ctx.db, async (trx) => {
    const now = ctx.now();
    const event = await lockEvent(trx, eventId);
    if (!event) throw eventGone();
    const serverQuote = quoteFor(event, quantity);
    const amountPaise = rupeesToPaise(serverQuote.pricePerTicket) * quantity;
    if (clientPrice && !matchesQuote(clientPrice, serverQuote)) throw priceChanged(serverQuote);
    if (plan.amountPaise !== null && plan.amountPaise !== amountPaise) throw priceChanged(serverQuote);
    const order: OrderRow = {
      id: plan.orderId,
      razorpay_order_id: plan.razorpayOrderId,
      user_id: caller.id,
      event_id: event.id,
      quantity,
      price_per_ticket_paise: rupeesToPaise(serverQuote.pricePerTicket),
      amount_paise: amountPaise,
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
    const audit = auditRow(
      {
        actorUserId: caller.id,
        action: 'order.created',
        entity: 'order',
        entityId: order.id,
        data: { quantity, amountPaise, ...(ticketNames ? { ticketNames } : {}) },
      },
      now,
    );
    // Stock, the waitlist and the person's cap, read in one statement under the lock (hold-figures.ts). Every
    // round trip under the lock is time no other hold of the event can use: on PostgreSQL the same statement
    // also writes the hold and its audit row (read as they were before them), and a refusal below rolls the
    // two back with the transaction. SQLite has no round trips to save: judge first, then write.
    const writtenWithFigures = isPostgres(trx);
    const figures = writtenWithFigures
      ? await writeHoldReadingFigures(trx, order, audit, now)
      : await findHoldFigures(trx, event.id, caller.id, now);
    const left = event.total_tickets - figures.sold - figures.held;
    if (quantity > left) {
      rememberSeatsLeft(ctx, event.id, left);
      throw soldOut(left);
    }
    // Seats that come back while people wait in the waitlist are theirs, in line order (waitlist/offers.ts):
    // nothing is for sale to others, so the next checkouts go hold-first and cost no provider call.
    if (figures.anyoneWaiting) {
      rememberSeatsLeft(ctx, event.id, 0);
      throw soldOut(0);
    }
    rememberSeatsLeft(ctx, event.id, left - quantity);
    // Under the event lock, so two checkouts of the same person cannot both pass the cap (person-limit.ts).
    const allowance = personAllowance(ctx.config.maxTicketsPerPerson, figures.person);
    if (!fitsPersonLimit(allowance, quantity)) throw personLimitRefusal(allowance);
    if (!writtenWithFigures) {
      await insertOrder(trx, order);
      await insertAuditRow(trx, audit);
    }
    return { order, serverQuote };
  });
}

async function createRazorpayOrder(
  ctx: AppContext,
  caller: UserRow,
  order: { id: string; eventId: string; quantity: number; amountPaise: number },
): Promise<RazorpayOrder> {
  try {
    const created = await ctx.razorpay().createOrder({
      amount: order.amountPaise,
      currency: CURRENCY,
      receipt: order.id,
      notes: { orderId: order.id, eventId: order.eventId, userId: caller.id, quantity: order.quantity },
      payment_capture: true,
    });
    if (created.amount !== order.amountPaise) throw new Error('Razorpay order amount differs');
    return created;
  } catch (error) {
    ctx.log.error({ err: error, orderId: order.id }, 'creating the Razorpay order failed; nothing is held');
    throw new AppError(
      'PAYMENT_PROVIDER_ERROR',
      'We could not start the payment right now. You have not been charged. Please try again in a moment.',
    );
  }
}
