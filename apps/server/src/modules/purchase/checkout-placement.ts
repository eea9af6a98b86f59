import { CURRENCY } from '@utsav/domain/constants';
import type { PricedOrder } from '@utsav/domain/order-lines';
import type { Quote } from '@utsav/domain/pricing';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import type { EventRow, OrderRow, UserRow } from '../../platform/db/schema';
import { hasSqliteFile } from '../../platform/db/sqlite-now';
import { timeOrderedId } from '../../platform/db/time-ordered-id';
import { AppError } from '../../platform/errors';
import type { RazorpayOrder } from '../../platform/payments/razorpay-client';
import { setRazorpayOrderId } from '../../stores/orders';
import { fulfilOrder } from './fulfilment';
import type { Checkout, Held, HoldPlan, HoldRequest } from './hold-judgement';
import { holdOnPostgres } from './hold-on-postgres';
import { holdOnSqlite } from './hold-on-sqlite';
import { providerCallOnItsWay, roomToSpare } from './inventory-hint';
import { markOrderFailed } from './repo';

export type { Checkout } from './hold-judgement';

// Placing a checkout: a hold on seats and a Razorpay order to pay it. No provider call may run inside the locked
// transaction (a slow Razorpay would stall every buyer behind the lock), so the two happen one after the other,
// in the order that suits the stock:
//
// - Room to spare (inventory-hint.ts) and an amount known before the hold (Checkout.prePriced: the spec's price on a
//   plain default type, or an order of types priced on this instance's price list and latest counters, far from
//   every limit it touches): the Razorpay order first, then one transaction that judges price and stock on the
//   locked event row and writes the hold with its Razorpay id. One commit per hold (the other order needs a second
//   write for the id: bench/RESULTS.md). If the hold is refused, or the process dies before it, the Razorpay order
//   is abandoned unpaid: its id was never given to anyone, so nobody can pay it. If the lock prices the order
//   differently (a phase sold out on another instance meanwhile), a client's price is refused PRICE_CHANGED as
//   ever; the booking path, which showed no price, has its hold written without that Razorpay id and goes on as
//   below.
// - Contested (the last seats, a limit within reach, or no recent figure): the hold first, committed without a
//   Razorpay id, then the Razorpay order, then its id stored. A buyer refused for stock costs no provider call,
//   however many arrive at once. Until the id is stored the hold cannot be paid (the buyer has not been given
//   it); if the provider call fails the hold is released (failed); if we die before storing the id, the hold
//   expires on its own.
// - A ₹0 order (a free type, a 100% code) has nothing to pay: its hold is issued at once (fulfilment.ts).
//
// Either way the hold is judged under the event lock (the INVENTORY INVARIANT of service.ts).

export interface PlacedOrder {
  order: OrderRow;
  razorpayOrderId: string;
  serverQuote: Quote;
  priced?: PricedOrder | undefined;
  names?: ((ticketTypeId: string) => string) | undefined;
  /** A ₹0 order, issued at once without a payment (razorpayOrderId is then our order's id). */
  free: boolean;
}

export async function placeCheckout(
  ctx: AppContext,
  caller: UserRow,
  event: EventRow,
  checkout: Checkout,
): Promise<PlacedOrder> {
  const { prePriced } = checkout;
  if (!prePriced || prePriced.amountPaise === 0 || !roomToSpare(ctx, event.id, prePriced.people)) {
    const held = await hold(ctx, caller, event.id, checkout, {
      orderId: timeOrderedId(),
      razorpayOrderId: null,
      amountPaise: null,
    });
    return settleHold(ctx, caller, held);
  }
  const done = providerCallOnItsWay(ctx, event.id, prePriced.people);
  try {
    return await orderThenHold(ctx, caller, event, checkout, prePriced.amountPaise);
  } finally {
    done();
  }
}

async function orderThenHold(
  ctx: AppContext,
  caller: UserRow,
  event: EventRow,
  checkout: Checkout,
  amountPaise: number,
): Promise<PlacedOrder> {
  // Time-ordered, like the audit row's: the order's key goes in at the end of its indexes (time-ordered-id.ts).
  const orderId = timeOrderedId();
  const razorpayOrder = await createRazorpayOrder(ctx, caller, {
    id: orderId,
    eventId: event.id,
    quantity: checkout.quantity,
    amountPaise,
  });
  const held = await hold(ctx, caller, event.id, checkout, {
    orderId,
    razorpayOrderId: razorpayOrder.id,
    amountPaise,
  });
  // Priced differently under the lock (the booking path only): written without this Razorpay order, settled below.
  if (held.order.razorpay_order_id === null) return settleHold(ctx, caller, held);
  return { ...held, razorpayOrderId: razorpayOrder.id, free: false };
}

/** A hold written without a Razorpay order: issued at once if free, else its Razorpay order made and stored. */
async function settleHold(ctx: AppContext, caller: UserRow, held: Held): Promise<PlacedOrder> {
  const { order } = held;
  // A ₹0 order (a free type, a 100% code) has nothing to pay: issued now, counted against every limit like any
  // other, its hold turned into tickets exactly as a payment would (fulfilment.ts).
  if (order.amount_paise === 0) {
    await fulfilOrder(ctx, order, { id: `free_${order.id}`, amount: 0 }, 'verify');
    return { ...held, order: { ...order, status: 'paid' }, razorpayOrderId: order.id, free: true };
  }
  let razorpayOrder: RazorpayOrder;
  try {
    razorpayOrder = await createRazorpayOrder(ctx, caller, {
      id: order.id,
      eventId: order.event_id,
      quantity: order.quantity,
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
    ...held,
    order: { ...order, razorpay_order_id: razorpayOrder.id },
    razorpayOrderId: razorpayOrder.id,
    free: false,
  };
}

function hold(
  ctx: AppContext,
  caller: UserRow,
  eventId: string,
  checkout: Checkout,
  plan: HoldPlan,
): Promise<Held> {
  return placeHold(ctx, { caller, language: checkout.language, eventId, checkout, plan });
}

/**
 * The hold, judged under the event lock (hold-judgement.ts), grouped with the holds of the event that arrive with
 * it: SQLite synchronously (hold-on-sqlite.ts), PostgreSQL in one transaction per batch (hold-on-postgres.ts).
 */
export function placeHold(ctx: AppContext, request: HoldRequest): Promise<Held> {
  if (hasSqliteFile(ctx.db)) return holdOnSqlite(ctx, request);
  return holdOnPostgres(ctx, request);
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
