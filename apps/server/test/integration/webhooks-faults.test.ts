import { beforeAll, expect, it } from 'vitest';
import { reconcileOrders } from '../../src/modules/purchase/jobs';
import { webhookSignature } from '../../src/platform/payments/signatures';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import {
  availableTickets,
  buy,
  createOrder,
  EMULATOR,
  emulatorState,
  expireHoldNow,
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
  ticketCount,
  verify,
  webhooksDelivered,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// Webhooks: deliveries that come twice, out of order, late, or forged, each ending in the state the
// books need. (purchase.test.ts covers a plain duplicate, a bad signature and a wrong amount; refunds.test.ts
// covers refund replays and the polling fallback.) Webhooks from the emulator are dropped throughout: each
// test delivers the events it needs by hand, signed as Razorpay signs them, in the order it wants.

const WEBHOOK = '/api/payments/razorpay/webhook';
const PRICE = 300;

describeEachDatabase('webhooks under faults', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let eventCounter = 0;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: PRICE, groupPrice4: 250 });
    await setWebhookMode(server, 'drop');
  });

  function deliver(body: string, eventId = `evt_Fault${String(++eventCounter).padStart(9, '0')}`) {
    return server.request('POST', WEBHOOK, {
      body,
      headers: {
        'x-razorpay-signature': webhookSignature(body, server.config.razorpay.webhookSecret),
        'x-razorpay-event-id': eventId,
      },
    });
  }

  /** The payment as Razorpay has it now, wrapped the way Razorpay wraps it for `name`. */
  async function paymentEvent(name: 'payment.captured' | 'order.paid', paymentId: string): Promise<string> {
    const payment = (await emulatorState(server)).payments.find((p: { id: string }) => p.id === paymentId);
    const order = (await emulatorState(server)).orders.find((o: { id: string }) => o.id === payment.order_id);
    const payload =
      name === 'order.paid'
        ? { payment: { entity: payment }, order: { entity: order } }
        : { payment: { entity: payment } };
    return JSON.stringify({
      entity: 'event',
      account_id: 'acc_Test00000000001',
      event: name,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  function refundEvent(
    name: 'refund.created' | 'refund.processed' | 'refund.failed',
    refund: object,
  ): string {
    return JSON.stringify({
      entity: 'event',
      account_id: 'acc_Test00000000001',
      event: name,
      contains: ['refund'],
      payload: { refund: { entity: refund } },
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  async function confirmationMails(orderId: string): Promise<number> {
    return (await outboxRows(server, 'tickets-confirmation')).filter((m) => m.payload.orderId === orderId)
      .length;
  }

  it('order.paid before payment.captured: tickets once, one mail, and both events are acknowledged', async () => {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 2);
    const checkout = await pay(server, order.body.orderId);
    const row = await orderRow(server, order.body.orderId);

    const first = await deliver(await paymentEvent('order.paid', checkout.razorpay_payment_id));
    expect(first.body.result).toBe('handled');
    const second = await deliver(await paymentEvent('payment.captured', checkout.razorpay_payment_id));
    expect(second.status).toBe(200);
    expect(await ticketCount(server, row.id)).toBe(2);
    expect(await confirmationMails(row.id)).toBe(1);
    // The guest's own verify afterwards answers with the same tickets.
    const verified = await verify(server, buyer, checkout);
    expect(verified.status).toBe(200);
    expect(verified.body.tickets).toHaveLength(2);
    expect(await ticketCount(server, row.id)).toBe(2);
  });

  it('the same payment event delivered twice at the same moment issues tickets once', async () => {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 3);
    const checkout = await pay(server, order.body.orderId);
    const body = await paymentEvent('payment.captured', checkout.razorpay_payment_id);
    const answers = await Promise.all([
      deliver(body, 'evt_SameMoment0001'),
      deliver(body, 'evt_SameMoment0001'),
      deliver(await paymentEvent('order.paid', checkout.razorpay_payment_id)),
      verify(server, buyer, checkout),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const row = await orderRow(server, order.body.orderId);
    expect(row.status).toBe('paid');
    expect(await ticketCount(server, row.id)).toBe(3);
    expect(await confirmationMails(row.id)).toBe(1);
  });

  it('a webhook after the hold expired still issues tickets while seats remain', async () => {
    await leaveSeats(server, event.id, 5);
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 2);
    const checkout = await pay(server, order.body.orderId);
    const row = await orderRow(server, order.body.orderId);
    await expireHoldNow(server, row.id);
    await reconcileOrders(server.ctx);
    // The job asked Razorpay first and found the payment: paid, not expired.
    expect((await orderRow(server, order.body.orderId)).status).toBe('paid');

    // A second order, paid, whose hold ran out and which the job has not reached: the webhook settles it.
    const late = await createOrder(server, await newUser(server), event, 2);
    const lateCheckout = await pay(server, late.body.orderId);
    const lateRow = await orderRow(server, late.body.orderId);
    await expireHoldNow(server, lateRow.id);
    const delivered = await deliver(await paymentEvent('payment.captured', lateCheckout.razorpay_payment_id));
    expect(delivered.body.result).toBe('handled');
    expect((await orderRow(server, late.body.orderId)).status).toBe('paid');
    expect(await ticketCount(server, lateRow.id)).toBe(2);
    expect(checkout.razorpay_payment_id).not.toBe(lateCheckout.razorpay_payment_id);
  });

  it('a webhook after the hold expired and the seats were sold refunds in full, once, however often it comes', async () => {
    await leaveSeats(server, event.id, 2);
    const late = await newUser(server);
    const order = await createOrder(server, late, event, 2);
    const checkout = await pay(server, order.body.orderId);
    const row = await orderRow(server, order.body.orderId);
    await expireHoldNow(server, row.id);
    await buy(server, await newUser(server), event, 2);

    const body = await paymentEvent('payment.captured', checkout.razorpay_payment_id);
    const answers = await Promise.all([
      deliver(body),
      deliver(body),
      deliver(await paymentEvent('order.paid', checkout.razorpay_payment_id)),
    ]);
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    await reconcileOrders(server.ctx);

    const refunded = await orderRow(server, order.body.orderId);
    expect(refunded.status).toBe('refunded');
    expect(await ticketCount(server, row.id)).toBe(0);
    const refunds = (await emulatorState(server)).refunds.filter(
      (refund: { payment_id: string }) => refund.payment_id === checkout.razorpay_payment_id,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(2 * PRICE * 100);
    expect(refunded.razorpay_refund_id).toBe(refunds[0].id);
    expect(await availableTickets(server)).toBe(0);
    // The guest's verify, arriving last, is told the truth.
    const verified = await verify(server, late, checkout);
    expect(verified.body.code).toBe('SOLD_OUT');
  });

  it('a payment made after the hold expired, whose webhooks are all lost and who never verifies, gets tickets from the job', async () => {
    await leaveSeats(server, event.id, 5);
    const order = await createOrder(server, await newUser(server), event, 2);
    const row = await orderRow(server, order.body.orderId);
    await expireHoldNow(server, row.id);
    await reconcileOrders(server.ctx);
    expect((await orderRow(server, order.body.orderId)).status).toBe('expired');
    // Razorpay's order is still payable: the checkout was left open past the hold.
    await pay(server, order.body.orderId);
    const report = await reconcileOrders(server.ctx);
    expect(report.rechecked).toBeGreaterThanOrEqual(1);
    expect((await orderRow(server, order.body.orderId)).status).toBe('paid');
    expect(await ticketCount(server, row.id)).toBe(2);
  });

  it('the same, when the seats were sold meanwhile: the job refunds the payment in full', async () => {
    await leaveSeats(server, event.id, 1);
    const order = await createOrder(server, await newUser(server), event, 1);
    const row = await orderRow(server, order.body.orderId);
    await expireHoldNow(server, row.id);
    await reconcileOrders(server.ctx);
    await buy(server, await newUser(server), event, 1);
    const checkout = await pay(server, order.body.orderId);
    await reconcileOrders(server.ctx);
    const refunded = await orderRow(server, order.body.orderId);
    expect(refunded.status).toBe('refunded');
    const refunds = (await emulatorState(server)).refunds.filter(
      (r: { payment_id: string }) => r.payment_id === checkout.razorpay_payment_id,
    );
    expect(refunds).toHaveLength(1);
    expect(refunded.razorpay_refund_id).toBe(refunds[0].id);
  });

  it('refund events for a late-payment refund that arrive before our refund id is stored, or twice, change nothing', async () => {
    const { order, checkout, row } = await latePaymentWithSeatsGone(server, event);
    await reconcileOrders(server.ctx);
    const refunded = await orderRow(server, order.body.orderId);
    const refund = (await emulatorState(server)).refunds.find(
      (r: { payment_id: string }) => r.payment_id === checkout.razorpay_payment_id,
    );
    // As if our process had crashed after Razorpay accepted the refund but before the transaction that stores
    // its id (and queues the guest's mail) committed.
    await server.ctx.db
      .updateTable('orders')
      .set({ razorpay_refund_id: null, refunded_at: null })
      .where('id', '=', row.id)
      .execute();
    await server.ctx.db
      .deleteFrom('outbox')
      .where('kind', '=', 'late-payment-refunded')
      .where('payload', 'like', `%${row.id}%`)
      .execute();
    for (const name of ['refund.processed', 'refund.created', 'refund.processed'] as const) {
      expect((await deliver(refundEvent(name, { ...refund, status: name.split('.')[1] }))).status).toBe(200);
    }
    await reconcileOrders(server.ctx);
    const after = await orderRow(server, order.body.orderId);
    expect(after.status).toBe('refunded');
    expect(after.razorpay_refund_id).toBe(refunded.razorpay_refund_id);
    const refunds = (await emulatorState(server)).refunds.filter(
      (r: { payment_id: string }) => r.payment_id === checkout.razorpay_payment_id,
    );
    expect(refunds).toHaveLength(1);
    const mails = (await outboxRows(server, 'late-payment-refunded')).filter(
      (m) => m.payload.orderId === row.id,
    );
    expect(mails).toHaveLength(1);
  });

  it('a late-payment refund that fails at Razorpay is sent again, so the guest still gets the money back', async () => {
    const { order, checkout, row } = await latePaymentWithSeatsGone(server, event);
    const failNext = await server.request('POST', `${EMULATOR}/_test/refunds/fail-next`, {
      body: { count: 1 },
    });
    expect(failNext.status).toBe(200);
    // From here Razorpay's refund webhooks are delivered: refund.failed is how we hear of the failure.
    await setWebhookMode(server, 'normal');
    try {
      await reconcileOrders(server.ctx);
      expect((await orderRow(server, order.body.orderId)).status).toBe('refunded');
      const refundsOf = async () =>
        (await emulatorState(server)).refunds.filter(
          (r: { payment_id: string }) => r.payment_id === checkout.razorpay_payment_id,
        );
      await expect
        .poll(
          async () => {
            // Razorpay settles what it holds: the first refund fails, its webhook has ours send another.
            await settleRefunds(server);
            await webhooksDelivered(server);
            return (await refundsOf()).map((r: { status: string }) => r.status).sort();
          },
          { interval: 300 },
        )
        .toEqual(['failed', 'processed']);
      await reconcileOrders(server.ctx);
      const payment = (await emulatorState(server)).payments.find(
        (p: { id: string }) => p.id === checkout.razorpay_payment_id,
      );
      expect(payment.amount_refunded).toBe(PRICE * 100);
      const processed = (await refundsOf()).find((r: { status: string }) => r.status === 'processed');
      expect((await orderRow(server, order.body.orderId)).razorpay_refund_id).toBe(processed.id);
      // Told once that the money is coming back, not once per attempt.
      const mails = (await outboxRows(server, 'late-payment-refunded')).filter(
        (m) => m.payload.orderId === row.id,
      );
      expect(mails).toHaveLength(1);
      // Its refund.processed settles it: the job will not ask Razorpay about it again.
      await webhooksDelivered(server);
      expect((await orderRow(server, order.body.orderId)).refund_settled_at).not.toBeNull();
    } finally {
      await webhooksDelivered(server);
      await setWebhookMode(server, 'drop');
    }
  });

  it('forged deliveries change nothing: wrong secret, the key secret instead of the webhook secret, a body altered after signing', async () => {
    await leaveSeats(server, event.id, 5);
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 1);
    const checkout = await pay(server, order.body.orderId);
    const row = await orderRow(server, order.body.orderId);
    const body = await paymentEvent('payment.captured', checkout.razorpay_payment_id);
    const attempts = [
      { body, signature: webhookSignature(body, 'not-the-secret') },
      { body, signature: webhookSignature(body, server.config.razorpay.keySecret) },
      {
        body: body.replace('"captured"', '"captured" '),
        signature: webhookSignature(body, server.config.razorpay.webhookSecret),
      },
      { body, signature: '' },
    ];
    for (const [index, attempt] of attempts.entries()) {
      const response = await server.request('POST', WEBHOOK, {
        body: attempt.body,
        headers: {
          'x-razorpay-signature': attempt.signature,
          'x-razorpay-event-id': `evt_Forged${index}00000`,
        },
      });
      expect(response.status, `attempt ${index}`).toBe(400);
    }
    expect((await orderRow(server, order.body.orderId)).status).toBe('created');
    expect(await ticketCount(server, row.id)).toBe(0);
    // A forged delivery's event id is not remembered: the genuine event with that id is still handled.
    const genuine = await deliver(body, 'evt_Forged000000');
    expect(genuine.body.result).toBe('handled');
    expect(await ticketCount(server, row.id)).toBe(1);
  });
});
