import { compiledOnce } from '../platform/db/compiled';
import type { Db } from '../platform/db/database';
import { isPostgres } from '../platform/db/dialect';
import type { OrderRow } from '../platform/db/schema';

// SQL for orders (holds) that more than one module reads or writes: purchase places and settles them, the
// waitlist places its offers as holds, payments finds the order a webhook is about, refunds locks the order
// of a ticket it cancels, admin releases a deleted person's holds. No business rule lives here; the conditions
// in the updates are the concurrency guards the services rely on, named in each comment. Purchase's own moves
// of an order (paid, refund owed, expired, failed) are in modules/purchase/repo.ts.

export async function insertOrder(db: Db, order: OrderRow): Promise<void> {
  await db.insertInto('orders').values(order).execute();
}

export async function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  return (await orderById(db, id))[0];
}

export async function findOrderByRazorpayId(db: Db, razorpayOrderId: string): Promise<OrderRow | undefined> {
  return (await orderByRazorpayId(db, razorpayOrderId))[0];
}

// Read by every verify-payment and every webhook delivery: compiled once.
const orderById = compiledOnce((db: Db, id: string) =>
  db.selectFrom('orders').selectAll().where('id', '=', id),
);

const orderByRazorpayId = compiledOnce((db: Db, razorpayOrderId: string) =>
  db.selectFrom('orders').selectAll().where('razorpay_order_id', '=', razorpayOrderId),
);

/** Reads the order and, on PostgreSQL, row-locks it until commit (SQLite transactions are serial). */
export function lockOrder(trx: Db, id: string): Promise<OrderRow | undefined> {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', id);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** Gives a hold made before its Razorpay order (modules/purchase/checkout-placement.ts, the contested path) its Razorpay id. */
export async function setRazorpayOrderId(
  db: Db,
  id: string,
  razorpayOrderId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ razorpay_order_id: razorpayOrderId, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('razorpay_order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends one live hold: back on sale at once (an offer the person gave up, a resale offer whose listing its seller
 * withdrew). Marked expired with the hold ending now, like a deleted account's holds (releaseHoldsOfUser), so a
 * payment started anyway is still found by the reconciliation job's re-check and honoured or refunded.
 */
export async function endHold(db: Db, orderId: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  await db
    .updateTable('orders')
    .set({ status: 'expired', hold_expires_at: stamp, updated_at: stamp })
    .where('id', '=', orderId)
    .where('status', '=', 'created')
    .where('hold_expires_at', '>', stamp)
    .execute();
}

/**
 * Ends every checkout of a person still `created` (their account is being deleted): the seats go back to sale
 * at once. Marked expired with the hold ending now, so the reconciliation job's re-check of expired orders
 * still asks Razorpay about them, and a payment made anyway is found and refunded. Returns the orders' ids.
 */
export function releaseHoldsOfUser(trx: Db, userId: string, now: Date): Promise<string[]> {
  return releaseHolds(trx, 'user_id', userId, now);
}

/** The same for every checkout of the event (it was called off): nobody's seat is held any more. */
export function releaseHoldsOfEvent(trx: Db, eventId: string, now: Date): Promise<string[]> {
  return releaseHolds(trx, 'event_id', eventId, now);
}

async function releaseHolds(
  trx: Db,
  column: 'user_id' | 'event_id',
  id: string,
  now: Date,
): Promise<string[]> {
  const stamp = now.toISOString();
  const rows = await trx
    .updateTable('orders')
    .set((eb) => ({
      status: 'expired',
      // Never later than it was: a hold that ran out an hour ago keeps its place in the re-check window.
      hold_expires_at: eb
        .case()
        .when('hold_expires_at', '>', stamp)
        .then(stamp)
        .else(eb.ref('hold_expires_at'))
        .end(),
      updated_at: stamp,
    }))
    .where(column, '=', id)
    .where('status', '=', 'created')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}
