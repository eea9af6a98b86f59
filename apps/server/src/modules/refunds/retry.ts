import { recordAudit } from '../../platform/audit/repo';
import type { Db } from '../../platform/db/database';
import type { RefundRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { lockOrder } from '../../stores/orders';
import { HISTORY_NOTES } from './gateway';
import { appendHistory, reopenFailedRefund, sumRefundsOfPayment } from './repo';

/**
 * In the caller's transaction: a failed refund becomes pending again under a new attempt (and so a new
 * idempotency key, as Razorpay would return the failed refund for the old one). Razorpay gave a failed refund's
 * money back to the payment; the sum, under the order's lock, checks that this payment is still not refunded
 * beyond its amount. False when the refund is no longer failed (someone retried it first). An admin's retry and
 * the call-off job's both come here.
 */
export async function reopenForRetry(
  trx: Db,
  refund: RefundRow,
  actorUserId: string | null,
  now: Date,
): Promise<boolean> {
  const order = await lockOrder(trx, refund.order_id);
  if (!order) return false;
  const promised = await sumRefundsOfPayment(trx, refund.payment_id, {
    excludeRefundId: refund.id,
    excludeFailed: true,
  });
  if (promised + refund.refund_amount_paise > order.amount_paise) {
    throw new AppError('CONFLICT', 'This payment has already been refunded in full');
  }
  if (!(await reopenFailedRefund(trx, refund, now))) return false;
  await appendHistory(trx, refund.id, 'pending', HISTORY_NOTES.retried, now);
  await recordAudit(
    trx,
    {
      actorUserId,
      action: 'refund.retried',
      entity: 'refund',
      entityId: refund.id,
      data: { attempt: refund.attempts + 1, previousError: refund.last_error },
    },
    now,
  );
  return true;
}
