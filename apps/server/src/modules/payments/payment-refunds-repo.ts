import type { Db } from '../../platform/db/database';
import type { DuplicatePaymentRow, OrderRow } from '../../platform/db/schema';

// SQL for the purchase flow's whole-payment refunds (payment-refunds.ts): a late payment's refund, kept on
// its order, and duplicate payments. The conditions in the updates are the guards that let every instance
// (verify, webhook, job) run the same steps at once: only the first recording of a refund id wins.

// ---- late payments (orders)

/** True only for the first caller: the "refund sent" side effects (mail) hang off this one update. */
export async function setOrderRefundId(db: Db, id: string, refundId: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable('orders')
    .set({ razorpay_refund_id: refundId, refunded_at: stamp, updated_at: stamp })
    .where('id', '=', id)
    .where('status', '=', 'refunded')
    .where('razorpay_refund_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The refund recorded for a refunded order failed at Razorpay: the refund is owed again (findOwedRefunds).
 * Only when it is still this refund, so a replayed or stale event cannot undo a newer one. refunded_at stays.
 */
export async function clearFailedOrderRefund(
  db: Db,
  razorpayRefundId: string,
  now: Date,
): Promise<OrderRow | undefined> {
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('razorpay_refund_id', '=', razorpayRefundId)
    .where('status', '=', 'refunded')
    .executeTakeFirst();
  if (!order) return undefined;
  const result = await db
    .updateTable('orders')
    .set({ razorpay_refund_id: null, updated_at: now.toISOString() })
    .where('id', '=', order.id)
    .where('razorpay_refund_id', '=', razorpayRefundId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? order : undefined;
}

export function findOwedRefunds(db: Db, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'refunded')
    .where('razorpay_refund_id', 'is', null)
    .where('razorpay_payment_id', 'is not', null)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

export function findOrderByRefundId(db: Db, razorpayRefundId: string): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('razorpay_refund_id', '=', razorpayRefundId)
    .executeTakeFirst();
}

/** Razorpay reported the order's current refund processed. A replay, or news of an older refund, changes nothing. */
export async function settleOrderRefund(
  db: Db,
  id: string,
  razorpayRefundId: string,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  await db
    .updateTable('orders')
    .set({ refund_settled_at: stamp, updated_at: stamp })
    .where('id', '=', id)
    .where('razorpay_refund_id', '=', razorpayRefundId)
    .where('refund_settled_at', 'is', null)
    .execute();
}

/** Sent refunds not yet reported processed, least recently looked at first. */
export function findUnsettledOrderRefunds(db: Db, updatedBefore: Date, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'refunded')
    .where('razorpay_refund_id', 'is not', null)
    .where('refund_settled_at', 'is', null)
    .where('updated_at', '<', updatedBefore.toISOString())
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** Asked about and still pending at Razorpay: next in line after the others. */
export async function touchOrder(db: Db, id: string, now: Date): Promise<void> {
  await db.updateTable('orders').set({ updated_at: now.toISOString() }).where('id', '=', id).execute();
}

// ---- duplicate payments

/** The row for this payment, created by the first caller to notice it; later callers get the same row. */
export async function recordDuplicatePayment(
  db: Db,
  payment: { orderId: string; paymentId: string; amount: number },
  now: Date,
): Promise<DuplicatePaymentRow> {
  const stamp = now.toISOString();
  await db
    .insertInto('duplicate_payments')
    .values({
      payment_id: payment.paymentId,
      order_id: payment.orderId,
      amount_paise: payment.amount,
      razorpay_refund_id: null,
      refund_settled_at: null,
      last_error: null,
      created_at: stamp,
      updated_at: stamp,
    })
    .onConflict((conflict) => conflict.column('payment_id').doNothing())
    .execute();
  return db
    .selectFrom('duplicate_payments')
    .selectAll()
    .where('payment_id', '=', payment.paymentId)
    .executeTakeFirstOrThrow();
}

/** True only for the first caller to record the refund. */
export async function setDuplicateRefundId(
  db: Db,
  paymentId: string,
  refundId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('duplicate_payments')
    .set({ razorpay_refund_id: refundId, last_error: null, updated_at: now.toISOString() })
    .where('payment_id', '=', paymentId)
    .where('razorpay_refund_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function noteDuplicateRefundError(
  db: Db,
  paymentId: string,
  error: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('duplicate_payments')
    .set({ last_error: error.slice(0, 500), updated_at: now.toISOString() })
    .where('payment_id', '=', paymentId)
    .where('razorpay_refund_id', 'is', null)
    .execute();
}

export function findDuplicatePaymentByRefundId(
  db: Db,
  razorpayRefundId: string,
): Promise<DuplicatePaymentRow | undefined> {
  return db
    .selectFrom('duplicate_payments')
    .selectAll()
    .where('razorpay_refund_id', '=', razorpayRefundId)
    .executeTakeFirst();
}

export async function settleDuplicateRefund(
  db: Db,
  paymentId: string,
  razorpayRefundId: string,
  now: Date,
): Promise<void> {
  const stamp = now.toISOString();
  await db
    .updateTable('duplicate_payments')
    .set({ refund_settled_at: stamp, updated_at: stamp })
    .where('payment_id', '=', paymentId)
    .where('razorpay_refund_id', '=', razorpayRefundId)
    .where('refund_settled_at', 'is', null)
    .execute();
}

/** The refund failed at the bank: owed again, only if it is still this refund. The row when it changed. */
export async function clearFailedDuplicateRefund(
  db: Db,
  razorpayRefundId: string,
  reason: string,
  now: Date,
): Promise<DuplicatePaymentRow | undefined> {
  const row = await findDuplicatePaymentByRefundId(db, razorpayRefundId);
  if (!row || row.refund_settled_at !== null) return undefined;
  const result = await db
    .updateTable('duplicate_payments')
    .set({ razorpay_refund_id: null, last_error: reason.slice(0, 500), updated_at: now.toISOString() })
    .where('payment_id', '=', row.payment_id)
    .where('razorpay_refund_id', '=', razorpayRefundId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { ...row, razorpay_refund_id: null } : undefined;
}

export function findOwedDuplicateRefunds(db: Db, limit: number): Promise<DuplicatePaymentRow[]> {
  return db
    .selectFrom('duplicate_payments')
    .selectAll()
    .where('razorpay_refund_id', 'is', null)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

export function findUnsettledDuplicateRefunds(
  db: Db,
  updatedBefore: Date,
  limit: number,
): Promise<DuplicatePaymentRow[]> {
  return db
    .selectFrom('duplicate_payments')
    .selectAll()
    .where('razorpay_refund_id', 'is not', null)
    .where('refund_settled_at', 'is', null)
    .where('updated_at', '<', updatedBefore.toISOString())
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

export async function touchDuplicatePayment(db: Db, paymentId: string, now: Date): Promise<void> {
  await db
    .updateTable('duplicate_payments')
    .set({ updated_at: now.toISOString() })
    .where('payment_id', '=', paymentId)
    .execute();
}
