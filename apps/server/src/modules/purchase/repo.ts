import { compiledOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import type { OrderRow, OrderStatus, TicketRow } from '../../platform/db/schema';
import type { OrderLineRow } from '../../platform/db/schema-sales';

// SQL for purchase's own moves of an order (failed, paid, refund owed, expired) and the tickets a paid order
// gets. No business rule lives here; the conditions in the updates are the concurrency guards fulfilment.ts and
// jobs.ts rely on. Orders other modules also read or write: src/stores/orders.ts.

/** Releases a hold whose Razorpay order could not be created (never had a Razorpay id, so never payable). */
export async function markOrderFailed(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'failed', updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .where('razorpay_order_id', 'is', null)
    .execute();
}

/** Guarded by the status the caller read under its locks: 0 rows means someone else moved the order. */
export async function markOrderPaid(
  trx: Db,
  id: string,
  expected: OrderStatus,
  paymentId: string,
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await trx
    .updateTable('orders')
    .set({ status: 'paid', razorpay_payment_id: paymentId, paid_at: stamp, updated_at: stamp })
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The order will never get tickets; its payment is owed back until razorpay_refund_id is set. */
export async function markOrderRefundOwed(
  trx: Db,
  id: string,
  expected: OrderStatus,
  paymentId: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: 'refunded', razorpay_payment_id: paymentId, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Safe on every instance at once: only an order still `created` whose hold has run out changes, so a
 * payment that fulfilled it a moment earlier (status `paid`) is never overwritten.
 */
export async function expireHold(db: Db, id: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable('orders')
    .set({ status: 'expired', updated_at: stamp })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .where('hold_expires_at', '<=', stamp)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findExpiredHolds(db: Db, now: Date, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'created')
    .where('hold_expires_at', '<=', now.toISOString())
    .orderBy('hold_expires_at')
    .limit(limit)
    .execute();
}

/**
 * Expired orders whose hold ran out after `since`, least recently looked at first. Razorpay keeps an order
 * payable after our hold ran out, so these are looked at again for a while (see jobs.ts).
 */
export function findExpiredOrdersToRecheck(db: Db, since: Date, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'expired')
    .where('razorpay_order_id', 'is not', null)
    .where('hold_expires_at', '>', since.toISOString())
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** Records that an expired order was looked at (updated_at), so the next re-check moves on to others. */
export async function touchExpiredOrder(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'expired')
    .execute();
}

/**
 * All of an order's tickets in one statement. A conflict on (order_id, seq) means they were issued
 * already (a racing verify, webhook or job): nothing is inserted and the caller reads the existing ones.
 */
export async function insertTicketsOnce(trx: Db, tickets: TicketRow[]): Promise<number> {
  if (tickets.length === 0) return 0;
  const result = await trx
    .insertInto('tickets')
    .values(tickets)
    .onConflict((conflict) => conflict.columns(['order_id', 'seq']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** What the order's hold was quoted, line by line (migration 0024): what its tickets are issued at. */
export async function findOrderLines(db: Db, orderId: string): Promise<OrderLineRow[]> {
  return orderLines(db, orderId);
}

const orderLines = compiledOnce((db: Db, orderId: string) =>
  db.selectFrom('order_lines').selectAll().where('order_id', '=', orderId).orderBy('line_no'),
);

export interface BuyerTax {
  gstin: string | null;
  legalName: string | null;
  address: string | null;
}

/** The buyer's GST details, on an order not yet paid (the hold just placed). */
export async function recordBuyerTax(db: Db, orderId: string, buyer: BuyerTax): Promise<void> {
  await db
    .updateTable('orders')
    .set({ buyer_gstin: buyer.gstin, buyer_legal_name: buyer.legalName, buyer_address: buyer.address })
    .where('id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
}

export function findTicketRow(db: Db, id: string): Promise<TicketRow | undefined> {
  return db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A seller's ticket cancelled by its resale's sale: active → cancelled, one conditional statement, so a gate
 * admitting it, a cancellation or a transfer that got there first makes it change 0 rows (resale-sale.ts).
 */
export async function resellTicketRow(trx: Db, id: string, reason: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await trx
    .updateTable('tickets')
    .set({
      status: 'cancelled',
      cancelled_at: stamp,
      cancellation_reason: reason,
      resold_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
