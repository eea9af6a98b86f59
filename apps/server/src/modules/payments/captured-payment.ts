import { CURRENCY } from '@utsav/domain/constants';
import type { AppContext } from '../../platform/context';
import type { OrderRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { RazorpayError, type RazorpayPayment } from '../../platform/payments/razorpay-client';

// What a payment must be before anything is given for it: captured, for our Razorpay order, in our currency, for
// exactly the amount. Checked against Razorpay's own answer (verify-payment of an order or of a transfer's fee,
// the reconciliation job) or a signed webhook, never against what the browser sent.

/** A payment confirmed with Razorpay (or by a signed webhook) to be captured for this order's amount. */
export interface CapturedPayment {
  id: string;
  amount: number;
}

/**
 * Fetches the payment from Razorpay and checks it pays this order in full; an authorized payment is
 * captured. Only what Razorpay says counts, never what the browser sent.
 */
export async function capturedPaymentFor(
  ctx: AppContext,
  order: PayableOrder,
  paymentId: string,
): Promise<CapturedPayment> {
  const razorpay = ctx.razorpay();
  let payment: RazorpayPayment;
  try {
    payment = await razorpay.fetchPayment(paymentId);
  } catch (error) {
    if (error instanceof RazorpayError && error.status === 400) throw notVerified();
    throw providerUnavailable(error);
  }
  if (!paysOrder(payment, order)) throw notVerified();
  if (payment.status === 'authorized') {
    try {
      payment = await razorpay.capturePayment(payment.id, order.amount_paise, CURRENCY);
    } catch (error) {
      // Captured meanwhile by auto-capture: read it again rather than fail the guest.
      payment = await razorpay.fetchPayment(paymentId).catch(() => {
        throw providerUnavailable(error);
      });
    }
  }
  if (payment.status !== 'captured' || !paysOrder(payment, order)) throw notVerified();
  return { id: payment.id, amount: payment.amount };
}

/** What a payment is checked against: an order of tickets, or a transfer's fee (modules/transfers). */
export type PayableOrder = Pick<OrderRow, 'razorpay_order_id' | 'amount_paise'>;

/** The payment belongs to this order, in our currency, for exactly its amount. */
export function paysOrder(payment: RazorpayPayment, order: PayableOrder): boolean {
  return (
    payment.order_id === order.razorpay_order_id &&
    payment.amount === order.amount_paise &&
    payment.currency === CURRENCY
  );
}

function notVerified(): AppError {
  return new AppError(
    'PAYMENT_NOT_VERIFIED',
    'We could not confirm this payment. If money left your account, your tickets will appear in My Tickets shortly, or the amount will be refunded.',
  );
}

function providerUnavailable(cause: unknown): AppError {
  const error = new AppError(
    'PAYMENT_PROVIDER_ERROR',
    'We could not reach the payment provider to confirm your payment. If you were charged, your tickets will appear in My Tickets within a few minutes.',
  );
  error.cause = cause;
  return error;
}
