import type { AppContext } from '../../platform/context';
import type { OrderRow, PaymentEventsTable } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import type { RazorpayPayment, RazorpayWebhookEvent } from '../../platform/payments/razorpay-client';
import { verifyWebhookSignature } from '../../platform/payments/signatures';
import { findOrderByRazorpayId } from '../../stores/orders';
import { paymentEventSeen, recordPaymentEvent } from '../../stores/payment-events';
import { paysOrder } from './captured-payment';
import type { PaymentNewsHandlers } from './payment-news';
import { applyPaymentRefundNews } from './payment-refunds';

// Razorpay's webhooks: the path by which a guest who paid and closed the tab still gets tickets.
// Deliveries are at least once, late, and in any order; everything here is idempotent, and the event id
// is recorded only after the event was handled, so a delivery that failed half-way is handled again. What a
// delivery sets off in other modules (tickets issued, a transfer completed, a cancelled ticket's refund moved)
// is done by the handlers they contribute (payment-news.ts).

export type WebhookResult = 'handled' | 'duplicate' | 'ignored';

export async function handleRazorpayWebhook(
  ctx: AppContext,
  handlers: PaymentNewsHandlers,
  rawBody: Buffer,
  signature: string | string[] | undefined,
  eventIdHeader: string | string[] | undefined,
): Promise<WebhookResult> {
  if (!verifyWebhookSignature(rawBody, signature, ctx.config.razorpay.webhookSecret)) {
    throw new AppError('BAD_REQUEST', 'Invalid webhook signature');
  }
  const eventId = typeof eventIdHeader === 'string' && eventIdHeader !== '' ? eventIdHeader : undefined;

  let event: RazorpayWebhookEvent;
  try {
    event = JSON.parse(rawBody.toString('utf8')) as RazorpayWebhookEvent;
  } catch {
    throw new AppError('BAD_REQUEST', 'The webhook body is not JSON');
  }
  if (!event || typeof event !== 'object' || typeof event.event !== 'string') {
    throw new AppError('BAD_REQUEST', 'The webhook body is not a Razorpay event');
  }

  const payment = event.payload?.payment?.entity;
  const captured = event.event === 'payment.captured' || event.event === 'order.paid';
  // News of a captured payment is about one order, read first: when that order is already paid by this very
  // payment (verify-payment or the other of the two events got there first, the usual case), the delivery
  // changes nothing, and is acknowledged without locking, issuing or recording anything: the order row is
  // the record. A replay of it finds the same row.
  const order =
    captured && payment?.order_id ? await findOrderByRazorpayId(ctx.db, payment.order_id) : undefined;
  if (order && payment && order.status === 'paid' && order.razorpay_payment_id === payment.id)
    return 'duplicate';
  if (eventId && (await paymentEventSeen(ctx.db, eventId))) return 'duplicate';

  const delivery: PaymentEventsTable | undefined = eventId
    ? {
        id: eventId,
        event: event.event,
        razorpay_order_id: payment?.order_id ?? event.payload?.order?.entity?.id ?? null,
        razorpay_payment_id: payment?.id ?? null,
        razorpay_refund_id: event.payload?.refund?.entity?.id ?? null,
        payload: rawBody.toString('utf8'),
        received_at: ctx.now().toISOString(),
      }
    : undefined;

  let result: WebhookResult;
  // When the delivery issues tickets, its row is written with them (one commit, not two); every other outcome
  // records it here, after the event was handled.
  let recorded = false;
  switch (event.event) {
    case 'payment.captured':
    case 'order.paid': {
      const settled = payment
        ? await settleCapturedPayment(ctx, handlers, payment, order, event.event, delivery)
        : 'ignored';
      recorded = settled === 'issued';
      result = settled === 'issued' ? 'handled' : settled;
      break;
    }
    case 'refund.created':
    case 'refund.processed':
    case 'refund.failed':
      result = await onRefundEvent(ctx, handlers, event);
      break;
    default:
      // payment.authorized (orders are auto-captured; payment.captured follows), payment.failed, others.
      result = 'ignored';
  }

  if (delivery && !recorded) await recordPaymentEvent(ctx.db, delivery);
  return result;
}

/**
 * `order`: ours for the payment's Razorpay order, as just read (undefined: none). 'issued': this delivery issued
 * the tickets, and `delivery` was recorded with them.
 */
async function settleCapturedPayment(
  ctx: AppContext,
  handlers: PaymentNewsHandlers,
  payment: RazorpayPayment,
  order: OrderRow | undefined,
  eventName: string,
  delivery: PaymentEventsTable | undefined,
): Promise<WebhookResult | 'issued'> {
  if (payment.status !== 'captured' || !payment.order_id) return 'ignored';
  // A transfer's fee (the guest paid and closed the tab): completed the same way verify-payment does.
  if (!order) {
    for (const otherOrderPaid of handlers.otherOrderPaid) {
      if (await otherOrderPaid(ctx, { ...payment, order_id: payment.order_id })) return 'handled';
    }
  }
  if (!order) {
    // Another integration on the same Razorpay account, or an order from a wiped database.
    ctx.log.warn({ event: eventName, razorpayOrderId: payment.order_id }, 'webhook for an unknown order');
    return 'ignored';
  }
  if (!paysOrder(payment, order)) {
    ctx.log.error(
      { event: eventName, orderId: order.id, paymentId: payment.id, amount: payment.amount },
      'webhook payment does not match its order; nothing issued',
    );
    return 'ignored';
  }
  const settled = await handlers.orderPaid(ctx, order, { id: payment.id, amount: payment.amount }, delivery);
  return settled === 'issued' ? 'issued' : 'handled';
}

/**
 * refund.created / refund.processed / refund.failed: moves the refund of a cancelled ticket (refunds module),
 * or settles (processed) or sends again (failed) the full refund of a late or duplicate payment.
 */
async function onRefundEvent(
  ctx: AppContext,
  handlers: PaymentNewsHandlers,
  event: RazorpayWebhookEvent,
): Promise<WebhookResult> {
  const refund = event.payload?.refund?.entity;
  if (!refund || typeof refund.id !== 'string') return 'ignored';
  for (const refundNews of handlers.refundNews) {
    if (await refundNews(ctx, refund)) return 'handled';
  }
  return (await applyPaymentRefundNews(ctx, refund)) ? 'handled' : 'ignored';
}
