import { paiseToRupees } from '@utsav/domain/pricing';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { DuplicatePaymentRow, OrderRow } from '../../platform/db/schema';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { RazorpayError, type RazorpayRefund } from '../../platform/payments/razorpay-client';
import { findUserById } from '../../stores/users';
import {
  clearFailedDuplicateRefund,
  clearFailedOrderRefund,
  findDuplicatePaymentByRefundId,
  findOrderByRefundId,
  findOwedDuplicateRefunds,
  findOwedRefunds,
  findUnsettledDuplicateRefunds,
  findUnsettledOrderRefunds,
  noteDuplicateRefundError,
  recordDuplicatePayment,
  setDuplicateRefundId,
  setOrderRefundId,
  settleDuplicateRefund,
  settleOrderRefund,
  touchDuplicatePayment,
  touchOrder,
} from './payment-refunds-repo';
import { createFullRefund, refundFailureReason } from './provider-refunds';

// Refunds of a whole payment that the purchase flow owes: a late payment whose seats were sold meanwhile
// (tracked on its order), and a second payment for an order already settled (duplicate_payments). Each is
// written down before Razorpay is asked, asked with an idempotency key every instance shares, and followed
// until Razorpay says it is processed: webhooks first, the reconciliation job's questions when they are lost.

/** A refund not heard of for this long is looked up at Razorpay. */
export const UNSETTLED_REFUND_CHECK_AFTER_MS = 120_000;
const BATCH = 100;

/**
 * Refunds an order marked refunded (late payment, no stock) in full. Safe to call any number of times,
 * from any instance: Razorpay sees one idempotency key per order, and only the first recorded refund id
 * queues the guest's mail. False when Razorpay could not be reached; the reconciliation job retries.
 */
export async function refundLatePayment(ctx: AppContext, order: OrderRow): Promise<boolean> {
  if (order.status !== 'refunded' || !order.razorpay_payment_id) return false;
  if (order.razorpay_refund_id) return true;
  const paymentId = order.razorpay_payment_id;
  let refundId: string;
  try {
    refundId = await createFullRefund(ctx, paymentId, order.amount_paise, `late-${order.id}`, {
      orderId: order.id,
      reason: 'late-payment-sold-out',
    });
  } catch (error) {
    ctx.log.error({ err: error, orderId: order.id, paymentId }, 'late payment refund failed; will retry');
    return false;
  }
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    if (!(await setOrderRefundId(trx, order.id, refundId, now))) return;
    // refunded_at survives a failed refund (latePaymentRefundFailed): the guest hears about the refund once.
    if (order.refunded_at !== null) return;
    // The payment was money received, so it is documented, and its credit note reverses it whole.
    await enqueueOutbox(trx, 'tax-document', { orderId: order.id, latePaymentRefund: true }, now);
    // A deleted buyer's address is an anonymised placeholder: nothing is mailed, the audit entry stays.
    if (await findUserById(trx, order.user_id)) {
      await enqueueOutbox(
        trx,
        'late-payment-refunded',
        {
          orderId: order.id,
          userId: order.user_id,
          amount: paiseToRupees(order.amount_paise),
          amountPaise: order.amount_paise,
        },
        now,
      );
    }
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: 'order.refunded',
        entity: 'order',
        entityId: order.id,
        data: { paymentId, refundId, amountPaise: order.amount_paise, reason: 'late-payment-sold-out' },
      },
      now,
    );
  });
  return true;
}

/**
 * refund.failed for the full refund of a late payment: the money is back in our Razorpay balance, not with the
 * guest. The order's refund id is cleared (only if it is this refund, so a stale or replayed event changes
 * nothing) and the refund is sent again at once; if that fails too, the reconciliation job retries it like any
 * owed refund. False when the refund is not a late-payment refund of ours.
 */
export async function latePaymentRefundFailed(ctx: AppContext, razorpayRefundId: string): Promise<boolean> {
  const now = ctx.now();
  const order = await transaction(ctx.db, async (trx) => {
    const cleared = await clearFailedOrderRefund(trx, razorpayRefundId, now);
    if (!cleared) return undefined;
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: 'order.refund_failed',
        entity: 'order',
        entityId: cleared.id,
        data: { refundId: razorpayRefundId, paymentId: cleared.razorpay_payment_id },
      },
      now,
    );
    return cleared;
  });
  if (!order) return false;
  await refundLatePayment(ctx, { ...order, razorpay_refund_id: null });
  return true;
}

/**
 * A second captured payment for an order that is already settled (two tabs, a retried checkout) is a
 * double charge: it goes back in full. Recorded first, so that if Razorpay cannot take the refund now the
 * reconciliation job asks again; keyed by the payment, so every caller asks for the same refund.
 */
export async function refundDuplicatePayment(
  ctx: AppContext,
  order: OrderRow,
  payment: { id: string; amount: number },
): Promise<void> {
  const row = await recordDuplicatePayment(
    ctx.db,
    { orderId: order.id, paymentId: payment.id, amount: payment.amount },
    ctx.now(),
  );
  await sendDuplicateRefund(ctx, row);
}

/** Asks Razorpay for a duplicate payment's refund unless one is already recorded. False when it could not. */
async function sendDuplicateRefund(ctx: AppContext, row: DuplicatePaymentRow): Promise<boolean> {
  if (row.razorpay_refund_id) return true;
  let refundId: string;
  try {
    refundId = await createFullRefund(ctx, row.payment_id, row.amount_paise, `dup-${row.payment_id}`, {
      orderId: row.order_id,
      reason: 'duplicate-payment',
    });
  } catch (error) {
    ctx.log.error(
      { err: error, orderId: row.order_id, paymentId: row.payment_id },
      'duplicate payment refund failed; will retry',
    );
    await noteDuplicateRefundError(ctx.db, row.payment_id, errorText(error), ctx.now());
    return false;
  }
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    if (!(await setDuplicateRefundId(trx, row.payment_id, refundId, now))) return;
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: 'order.duplicate_payment_refunded',
        entity: 'order',
        entityId: row.order_id,
        data: { paymentId: row.payment_id, refundId, amountPaise: row.amount_paise },
      },
      now,
    );
  });
  return true;
}

/**
 * What Razorpay says of a whole-payment refund of ours (webhook or the job's question): processed settles it;
 * failed makes it owed again and sends it again. False when the refund is not one of these.
 */
export async function applyPaymentRefundNews(ctx: AppContext, refund: RazorpayRefund): Promise<boolean> {
  const now = ctx.now();
  const order = await findOrderByRefundId(ctx.db, refund.id);
  if (order) {
    if (refund.status === 'processed') await settleOrderRefund(ctx.db, order.id, refund.id, now);
    else if (refund.status === 'failed') await latePaymentRefundFailed(ctx, refund.id);
    else await touchOrder(ctx.db, order.id, now);
    return true;
  }
  const duplicate = await findDuplicatePaymentByRefundId(ctx.db, refund.id);
  if (!duplicate) return false;
  if (refund.status === 'processed')
    await settleDuplicateRefund(ctx.db, duplicate.payment_id, refund.id, now);
  else if (refund.status === 'failed') {
    const owed = await clearFailedDuplicateRefund(ctx.db, refund.id, refundFailureReason(refund), now);
    if (owed) await sendDuplicateRefund(ctx, owed);
  } else await touchDuplicatePayment(ctx.db, duplicate.payment_id, now);
  return true;
}

export interface PaymentRefundReport {
  /** Owed refunds Razorpay accepted this pass. */
  sent: number;
  /** Refunds asked about at Razorpay (their webhooks may have been lost). */
  checked: number;
  errors: number;
}

/**
 * The job's part: sends owed refunds again, and asks Razorpay about refunds not settled after a while, so a
 * lost refund.processed or refund.failed webhook neither leaves a refund unfollowed nor a guest unpaid.
 */
export async function followPaymentRefunds(ctx: AppContext): Promise<PaymentRefundReport> {
  const report: PaymentRefundReport = { sent: 0, checked: 0, errors: 0 };
  for (const order of await findOwedRefunds(ctx.db, BATCH)) {
    if (await refundLatePayment(ctx, order)) report.sent++;
    else report.errors++;
  }
  for (const row of await findOwedDuplicateRefunds(ctx.db, BATCH)) {
    if (await sendDuplicateRefund(ctx, row)) report.sent++;
    else report.errors++;
  }
  const before = new Date(ctx.now().getTime() - UNSETTLED_REFUND_CHECK_AFTER_MS);
  const unsettled = [
    ...(await findUnsettledOrderRefunds(ctx.db, before, BATCH)).map((order) => order.razorpay_refund_id!),
    ...(await findUnsettledDuplicateRefunds(ctx.db, before, BATCH)).map((row) => row.razorpay_refund_id!),
  ];
  for (const refundId of unsettled) {
    try {
      await applyPaymentRefundNews(ctx, await ctx.razorpay().fetchRefund(refundId));
      report.checked++;
    } catch (error) {
      report.errors++;
      const level = error instanceof RazorpayError && error.retryable ? 'warn' : 'error';
      ctx.log[level]({ err: error, refundId }, 'checking a payment refund at Razorpay failed; will retry');
    }
  }
  return report;
}

function errorText(error: unknown): string {
  if (error instanceof RazorpayError) return error.description;
  return error instanceof Error ? error.message : String(error);
}
