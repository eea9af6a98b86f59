import type { AppContext } from '../../platform/context';
import type { TransferRow } from '../../platform/db/schema';
import { RazorpayError } from '../../platform/payments/razorpay-client';
import { createFullRefund } from '../payments/provider-refunds';
import { findSentFeeRefunds, findUnsentFeeRefunds, setTransferRefund, touchTransfer } from './repo';

// The fee of a transfer that could not complete goes back in full. Sent right after the failure; when that call
// fails (Razorpay unreachable) or the refund later fails at the bank, the refund job sends it again. Safe on
// every instance at once: the idempotency key is the transfer's (tf-<id>, then tf-<id>-retry<n> after a failure
// at the bank, numbered by the failures Razorpay lists), so Razorpay makes one refund per attempt.

const BATCH = 20;
/** A sent refund is looked at again after this long, for this many days after the transfer started. */
const CHECK_AFTER_MS = 10 * 60_000;
const CHECK_FOR_MS = 7 * 24 * 60 * 60_000;

/** The whole fee back; true once Razorpay has accepted a refund that has not failed, and it is recorded. */
export async function refundTransferFee(
  ctx: AppContext,
  transfer: TransferRow,
  paymentId: string,
): Promise<boolean> {
  try {
    const refundId = await createFullRefund(ctx, paymentId, transfer.fee_paise, `tf-${transfer.id}`, {
      transferId: transfer.id,
    });
    if (refundId !== transfer.razorpay_refund_id) {
      await setTransferRefund(ctx.db, transfer.id, refundId, ctx.now());
    } else {
      await touchTransfer(ctx.db, transfer.id, ctx.now());
    }
    return true;
  } catch (error) {
    ctx.log.error(
      { err: error, transferId: transfer.id },
      'refunding a failed transfer fee failed; will retry',
    );
    return false;
  }
}

export interface FeeRefundReport {
  sent: number;
  checked: number;
  errors: number;
}

/** One pass of the refund job over transfer fees: unsent refunds sent, sent ones asked about and resent if failed. */
export async function followTransferFeeRefunds(ctx: AppContext): Promise<FeeRefundReport> {
  const report: FeeRefundReport = { sent: 0, checked: 0, errors: 0 };
  for (const transfer of await findUnsentFeeRefunds(ctx.db, BATCH)) {
    if (await refundTransferFee(ctx, transfer, transfer.razorpay_payment_id!)) report.sent++;
    else report.errors++;
  }
  const now = ctx.now().getTime();
  const sent = await findSentFeeRefunds(
    ctx.db,
    new Date(now - CHECK_FOR_MS),
    new Date(now - CHECK_AFTER_MS),
    BATCH,
  );
  for (const transfer of sent) {
    try {
      const refund = await ctx.razorpay().fetchRefund(transfer.razorpay_refund_id!);
      report.checked++;
      if (refund.status !== 'failed') {
        await touchTransfer(ctx.db, transfer.id, ctx.now());
        continue;
      }
      if (await refundTransferFee(ctx, transfer, transfer.razorpay_payment_id!)) report.sent++;
      else report.errors++;
    } catch (error) {
      report.errors++;
      const level = error instanceof RazorpayError && error.retryable ? 'warn' : 'error';
      ctx.log[level](
        { err: error, transferId: transfer.id },
        'checking a transfer fee refund failed; will retry',
      );
    }
  }
  return report;
}
