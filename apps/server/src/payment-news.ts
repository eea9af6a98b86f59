import type { PaymentNewsHandlers } from './modules/payments/payment-news';
import { fulfilOrder } from './modules/purchase/fulfilment';
import { applyRazorpayRefund } from './modules/refunds/gateway';
import { settleTransferPayment } from './modules/transfers/service';

// Composition of what Razorpay's news sets off (modules/payments/payment-news.ts), as outbox.ts composes the
// mail handlers: each module that acts on a payment or a refund contributes its handler here, so payments, which
// hears the news, imports none of them.
export const paymentNewsHandlers: PaymentNewsHandlers = {
  orderPaid: async (ctx, order, payment, delivery) =>
    (await fulfilOrder(ctx, order, payment, 'webhook', delivery)).outcome === 'issued' ? 'issued' : 'settled',
  otherOrderPaid: [settleTransferPayment],
  refundNews: [(ctx, refund) => applyRazorpayRefund(ctx, refund, 'webhook')],
};
