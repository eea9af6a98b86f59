import type { AppContext } from '../../platform/context';
import { RazorpayError, type RazorpayRefund } from '../../platform/payments/razorpay-client';

// Refunds as Razorpay takes them: a whole payment back with an idempotency key every instance shares (a late or
// duplicate payment here, a failed transfer's fee in modules/transfers), and Razorpay's reason when one fails.

export async function createFullRefund(
  ctx: AppContext,
  paymentId: string,
  amount: number,
  idempotencyKey: string,
  notes: Record<string, string>,
): Promise<string> {
  const razorpay = ctx.razorpay();
  const body = { amount, speed: 'normal' as const, notes };
  try {
    // The body must be identical on every retry: Razorpay refuses a reused key with a different body.
    let refund = await razorpay.createRefund(paymentId, body, idempotencyKey);
    // A key whose refund failed at the bank answers with that failed refund forever, so a new attempt needs a
    // new key. It is numbered by the failures Razorpay lists for the payment: every instance retrying at once
    // asks for the same attempt, and Razorpay makes one refund of it.
    for (let round = 0; refund.status === 'failed' && round < 3; round++) {
      const failed = (await razorpay.fetchPaymentRefunds(paymentId)).items.filter(
        (earlier) => earlier.status === 'failed',
      ).length;
      refund = await razorpay.createRefund(paymentId, body, `${idempotencyKey}-retry${failed}`);
    }
    if (refund.status === 'failed') throw new Error(`refund ${refund.id} of ${paymentId} failed at Razorpay`);
    return refund.id;
  } catch (error) {
    // Refunded earlier under a key Razorpay no longer remembers: find that refund instead of failing forever.
    if (error instanceof RazorpayError && /fully refunded already/i.test(error.description)) {
      const refunds = await razorpay.fetchPaymentRefunds(paymentId);
      const earlier = refunds.items.find((refund) => refund.status !== 'failed');
      if (earlier) return earlier.id;
    }
    throw error;
  }
}

/** Razorpay's reason for a failed refund, or a plain one when it gave none. */
export function refundFailureReason(gatewayRefund: RazorpayRefund): string {
  const detail = (gatewayRefund as { error_description?: unknown }).error_description;
  return typeof detail === 'string' && detail ? detail : 'the bank or payment gateway declined it';
}
