import { CURRENCY } from '@utsav/domain/constants';
import type { PricedOrder } from '@utsav/domain/order-lines';
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
import { eventGone, quoteFor } from './checkout-errors';
import { fulfilOrder } from './fulfilment';
import { insertHoldsWithAudits } from './hold-batch-insert';
import { findHoldFigures, liveHeldOf, liveHeldQuery } from './hold-figures';
import type { Checkout, Held, HoldPlan, HoldRequest } from './hold-judgement';
import { holdOnPostgres } from './hold-on-postgres';
import { holdOnSqlite } from './hold-on-sqlite';
import { codesOf, type Exact, judgePricedHold } from './hold-priced-judgement';
import { BatchLedger } from './hold-pricing';
import { providerCallOnItsWay, roomToSpare } from './inventory-hint';
import { markOrderFailed } from './repo';
import { readExact, readSnapshot } from './sales-snapshot';

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
  const { quantity } = checkout;
  // The Razorpay order first needs the amount before the hold: only the spec's payload on a plain default type
  // (priced by the event row, as ever) knows it; an order of items, with a code, or of a default type with
  // phases or limits is priced under the lock and goes hold-first.
  const prePriced = checkout.items === null && checkout.promoCode === null && checkout.plainDefaultType;
  if (!prePriced || !roomToSpare(ctx, event.id, quantity))
    return holdThenOrder(ctx, caller, event.id, checkout);
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
  const held = await hold(ctx, caller, event.id, checkout, {
    orderId,
    razorpayOrderId: razorpayOrder.id,
    amountPaise,
  });
  return { ...held, razorpayOrderId: razorpayOrder.id, free: false };
}

async function holdThenOrder(
  ctx: AppContext,
  caller: UserRow,
  eventId: string,
  checkout: Checkout,
): Promise<PlacedOrder> {
  const { quantity } = checkout;
  const held = await hold(ctx, caller, eventId, checkout, {
    orderId: timeOrderedId(),
    razorpayOrderId: null,
    amountPaise: null,
  });
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
  return holdOnPostgres(ctx, request, (alone) => holdInTransaction(ctx, alone));
}

/** PostgreSQL, one hold alone (a batch that failed places each so): the batch's steps for one buyer. */
async function holdInTransaction(ctx: AppContext, request: HoldRequest): Promise<Held> {
  return transaction(ctx.db, async (trx) => {
    const now = ctx.now();
    const nowIso = now.toISOString();
    const event = await lockEvent(trx, request.eventId);
    if (!event) throw eventGone();
    const figures = await findHoldFigures(trx, event.id, request.caller.id, now);
    const snapshot = await readSnapshot(trx, {
      eventId: event.id,
      buyers: [request.caller.id],
      codes: codesOf([request]),
      nowIso,
    });
    const ledger = new BatchLedger();
    let step = judgePricedHold(ctx, request, event, now, snapshot, figures, ledger, undefined);
    if ('exactNeeded' in step) {
      const live = liveHeldOf(await trx.executeQuery(liveHeldQuery(trx, event.id, nowIso, '')));
      const counters =
        step.exactNeeded === 'sales' ? await readExact(trx, event.id, nowIso) : snapshot.counters;
      const exact: Exact = { counters, ...live };
      step = judgePricedHold(ctx, request, event, now, snapshot, figures, ledger, exact);
    }
    if ('exactNeeded' in step) throw new Error('a hold judged on exact figures asked for them again');
    const { draft } = step;
    await insertHoldsWithAudits(trx, [draft.order], [draft.audit], draft.lines);
    return {
      order: draft.order,
      serverQuote: draft.serverQuote,
      lines: draft.lines,
      priced: draft.priced,
      names: draft.names,
    };
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
