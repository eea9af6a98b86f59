import { beforeAll, expect, it } from 'vitest';
import { refundDuplicatePayment } from '../../src/modules/payments/payment-refunds';
import { reconcileOrders } from '../../src/modules/purchase/jobs';
import { RazorpayClient } from '../../src/platform/payments/razorpay-client';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import { sample } from '../../support/metrics';
import {
  buy,
  EMULATOR,
  emulatorState,
  latePaymentWithSeatsGone,
  leaveSeats,
  newEvent,
  orderRow,
  outboxRows,
  PURCHASE_ENV,
  pay,
  settleRefunds,
  setWebhookMode,
  type TestEvent,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// Refunds of a whole payment (a late payment whose seats were sold, a duplicate payment) are
// followed until Razorpay says they are processed, with every webhook lost: the reconciliation job asks.

const PRICE = 300;

interface EmulatorRefund {
  id: string;
  payment_id: string;
  status: string;
}

describeEachDatabase('whole-payment refunds with their webhooks lost', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: PRICE });
    await setWebhookMode(server, 'drop');
  });

  async function refundsOf(paymentId: string): Promise<EmulatorRefund[]> {
    return (await emulatorState(server)).refunds.filter((r: EmulatorRefund) => r.payment_id === paymentId);
  }

  /** Razorpay settles the refunds it holds; then the refund is in `status` there. */
  async function refundReaches(refundId: string, status: string): Promise<void> {
    await settleRefunds(server);
    const refund = (await emulatorState(server)).refunds.find((r: EmulatorRefund) => r.id === refundId);
    expect(refund?.status).toBe(status);
  }

  /** As if three minutes had passed since we last heard of any refund: the job asks about them all. */
  async function timePasses(): Promise<void> {
    const earlier = new Date(Date.now() - 3 * 60_000).toISOString();
    await server.ctx.db
      .updateTable('orders')
      .set({ updated_at: earlier })
      .where('refund_settled_at', 'is', null)
      .execute();
    await server.ctx.db
      .updateTable('duplicate_payments')
      .set({ updated_at: earlier })
      .where('refund_settled_at', 'is', null)
      .execute();
  }

  it('a late-payment refund that fails at the bank, its refund.failed lost, is found by the job and sent again', async () => {
    const { order, checkout, row } = await latePaymentWithSeatsGone(server, event);
    await server.request('POST', `${EMULATOR}/_test/refunds/fail-next`, { body: { count: 1 } });

    await reconcileOrders(server.ctx);
    const first = (await orderRow(server, order.body.orderId)).razorpay_refund_id!;
    expect(first).toMatch(/^rfnd_/);
    await refundReaches(first, 'failed');

    // Just sent: not asked about yet.
    expect((await reconcileOrders(server.ctx)).refundsChecked).toBe(0);
    await timePasses();
    expect((await reconcileOrders(server.ctx)).refundsChecked).toBe(1);
    const second = (await orderRow(server, order.body.orderId)).razorpay_refund_id!;
    expect(second).toMatch(/^rfnd_/);
    expect(second).not.toBe(first);
    await refundReaches(second, 'processed');

    await timePasses();
    await reconcileOrders(server.ctx);
    const settled = await orderRow(server, order.body.orderId);
    expect(settled.refund_settled_at).not.toBeNull();
    expect(settled.razorpay_refund_id).toBe(second);
    const payment = (await emulatorState(server)).payments.find(
      (p: { id: string }) => p.id === checkout.razorpay_payment_id,
    );
    expect(payment.amount_refunded).toBe(PRICE * 100);
    // Settled: never asked about again.
    await timePasses();
    expect((await reconcileOrders(server.ctx)).refundsChecked).toBe(0);
    const mails = (await outboxRows(server, 'late-payment-refunded')).filter(
      (m) => m.payload.orderId === row.id,
    );
    expect(mails).toHaveLength(1);
  });

  it('a duplicate payment whose refund Razorpay could not take is written down and refunded by the job, once', async () => {
    await leaveSeats(server, event.id, 5);
    const buyer = await newUser(server);
    const { order } = await buy(server, buyer, event, 1);
    const paidOrder = await orderRow(server, order.orderId);
    // A second captured payment of the same amount (a second tab, a retried checkout).
    const other = await server.ctx.razorpay().createOrder({
      amount: paidOrder.amount_paise,
      currency: 'INR',
      receipt: 'second-tab',
    });
    const second = await pay(server, other.id);
    const duplicate = { id: second.razorpay_payment_id, amount: paidOrder.amount_paise };

    const real = server.ctx.razorpay;
    server.ctx.razorpay = () =>
      new RazorpayClient({ baseUrl: 'http://127.0.0.1:9/v1', keyId: 'k', keySecret: 's', timeoutMs: 500 });
    try {
      await refundDuplicatePayment(server.ctx, paidOrder, duplicate);
    } finally {
      server.ctx.razorpay = real;
    }
    const owed = await server.ctx.db
      .selectFrom('duplicate_payments')
      .selectAll()
      .where('payment_id', '=', duplicate.id)
      .executeTakeFirstOrThrow();
    expect(owed).toMatchObject({ order_id: paidOrder.id, razorpay_refund_id: null });
    expect(owed.last_error).toMatch(/NETWORK_ERROR|ECONNREFUSED|fetch failed/i);
    expect(await refundsOf(duplicate.id)).toHaveLength(0);
    const owedNow = (await server.request('GET', '/metrics')).text;
    expect(sample(owedNow, 'utsav_payment_refunds', { kind: 'duplicate', state: 'owed' })).toBe(1);

    // The job and a late caller noticing the same payment, at once: one refund.
    await Promise.all([
      reconcileOrders(server.ctx),
      refundDuplicatePayment(server.ctx, paidOrder, duplicate),
    ]);
    const refunds = await refundsOf(duplicate.id);
    expect(refunds).toHaveLength(1);
    await refundReaches(refunds[0]!.id, 'processed');
    await timePasses();
    await reconcileOrders(server.ctx);
    const done = await server.ctx.db
      .selectFrom('duplicate_payments')
      .selectAll()
      .where('payment_id', '=', duplicate.id)
      .executeTakeFirstOrThrow();
    expect(done.razorpay_refund_id).toBe(refunds[0]!.id);
    expect(done.refund_settled_at).not.toBeNull();
    // The order's own payment and tickets are untouched.
    expect(await refundsOf(paidOrder.razorpay_payment_id!)).toHaveLength(0);
    expect((await orderRow(server, order.orderId)).status).toBe('paid');
    const metrics = (await server.request('GET', '/metrics')).text;
    expect(sample(metrics, 'utsav_payment_refunds', { kind: 'duplicate', state: 'settled' })).toBe(1);
    expect(sample(metrics, 'utsav_payment_refunds', { kind: 'duplicate', state: 'owed' })).toBe(0);
    expect(sample(metrics, 'utsav_payment_refunds', { kind: 'late', state: 'settled' })).toBe(1);
  });
});
