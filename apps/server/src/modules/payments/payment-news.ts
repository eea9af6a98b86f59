import type { AppContext } from '../../platform/context';
import type { OrderRow, PaymentEventsTable } from '../../platform/db/schema';
import type { RazorpayRefund } from '../../platform/payments/razorpay-client';
import type { CapturedPayment } from './captured-payment';

// What Razorpay's news sets off in the modules that sell: this module hears it (the webhook) and hands it on,
// and the modules that act on it depend on payments, never the other way round. The handlers are composed
// once, in src/payment-news.ts, and given to the webhook's routes (app.ts), so the module graph stays one-way:
// purchase, transfers and refunds import payments; payments imports none of them.

/** A captured payment for a Razorpay order that is not one of our ticket orders. */
export interface OtherOrderPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: string;
}

export interface PaymentNewsHandlers {
  /**
   * A captured payment that pays one of our ticket orders in full (modules/purchase fulfilOrder). `delivery`
   * is to be recorded with the tickets when this issues them, and only then: 'issued'; any other outcome
   * (already issued, refunded) is 'settled', and the webhook records the delivery itself.
   */
  orderPaid(
    ctx: AppContext,
    order: OrderRow,
    payment: CapturedPayment,
    delivery: PaymentEventsTable | undefined,
  ): Promise<'issued' | 'settled'>;
  /**
   * A captured payment for a Razorpay order that is not a ticket order, asked in turn: true when it was the
   * handler's (a transfer's fee, modules/transfers settleTransferPayment).
   */
  otherOrderPaid: readonly ((ctx: AppContext, payment: OtherOrderPayment) => Promise<boolean>)[];
  /**
   * Razorpay's news of a refund, asked in turn before this module's own whole-payment refunds: true when the
   * refund was the handler's (a cancelled ticket's refund, modules/refunds applyRazorpayRefund).
   */
  refundNews: readonly ((ctx: AppContext, refund: RazorpayRefund) => Promise<boolean>)[];
}
