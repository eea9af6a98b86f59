import { CURRENCY } from '@utsav/domain/constants';
import { type Quote, rupeesToPaise } from '@utsav/domain/pricing';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { EventRow, OrderRow, UserRow } from '../../platform/db/schema';
import { hasSqliteFile } from '../../platform/db/sqlite-now';
import { timeOrderedId } from '../../platform/db/time-ordered-id';
import { AppError } from '../../platform/errors';
import type { RazorpayOrder } from '../../platform/payments/razorpay-client';
import { lockEvent } from '../../stores/events';
import { setRazorpayOrderId } from '../../stores/orders';
import { quoteFor } from './checkout-errors';
import { liveHeldOf, liveHeldQuery, writeHoldReadingFigures } from './hold-figures';
import {
  type Checkout,
  draftHold,
  type Held,
  type HoldPlan,
  type HoldRequest,
  judgeHold,
  seatsLeftAtLeast,
} from './hold-judgement';
import { holdOnPostgres } from './hold-on-postgres';
import { holdOnSqlite } from './hold-on-sqlite';
import { providerCallOnItsWay, roomToSpare } from './inventory-hint';
import { markOrderFailed } from './repo';

export type { Checkout } from './hold-judgement';

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
// Either way the hold is judged under the event lock (the INVENTORY INVARIANT of service.ts).

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
  // Time-ordered, like the audit row's: the order's key goes in at the end of its indexes (time-ordered-id.ts).
  const orderId = timeOrderedId();
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
    orderId: timeOrderedId(),
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

function hold(
  ctx: AppContext,
  caller: UserRow,
  eventId: string,
  checkout: Checkout,
  plan: HoldPlan,
): Promise<Held> {
  return placeHold(ctx, { caller, eventId, checkout, plan });
}

/**
 * The hold, judged under the event lock (hold-judgement.ts), grouped with the holds of the event that arrive with
 * it: SQLite synchronously (hold-on-sqlite.ts), PostgreSQL in one transaction per batch (hold-on-postgres.ts).
 */
export function placeHold(ctx: AppContext, request: HoldRequest): Promise<Held> {
  if (hasSqliteFile(ctx.db)) return holdOnSqlite(ctx, request);
  return holdOnPostgres(ctx, request, (alone) => holdInTransaction(ctx, alone));
}

/** PostgreSQL, one hold alone: a transaction of three round trips (a batch that failed places each so). */
async function holdInTransaction(ctx: AppContext, request: HoldRequest): Promise<Held> {
  const { quantity } = request.checkout;
  return transaction(ctx.db, async (trx) => {
    const now = ctx.now();
    const event = await lockEvent(trx, request.eventId);
    const draft = draftHold(ctx, request, event, now);
    const { order, audit } = draft;
    // Every round trip under the lock is time no other hold of the event can use: the statement that reads the
    // figures also writes the hold and its audit row (read as they were before them), and a refusal rolls the
    // two back with the transaction (hold-figures.ts).
    const figures = await writeHoldReadingFigures(trx, order, audit, now);
    let left = seatsLeftAtLeast(event!, figures);
    if (quantity > left) {
      // Sold read again with the exact holds (one snapshot): a hold paid since the figures moved seats between them.
      const exact = liveHeldOf(
        await trx.executeQuery(liveHeldQuery(trx, order.event_id, now.toISOString(), order.id)),
      );
      left = event!.total_tickets - exact.sold - exact.held;
    }
    judgeHold(ctx, order.event_id, quantity, left, figures);
    return { order, serverQuote: draft.serverQuote };
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
