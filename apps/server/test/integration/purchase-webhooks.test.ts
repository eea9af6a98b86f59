import { beforeAll, expect, it } from 'vitest';
import { webhookSignature } from '../../src/platform/payments/signatures';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import {
  createOrder,
  newEvent,
  orderRow,
  outboxRows,
  PURCHASE_ENV,
  pay,
  setWebhookMode,
  type TestEvent,
  ticketCount,
  verify,
  webhooksDelivered,
} from '../../support/purchase';
import { useServer } from '../../support/server';

const WEBHOOK = '/api/payments/razorpay/webhook';

// Razorpay's webhooks for payments over real HTTP against the emulator, on SQLite and PostgreSQL: a
// payment nobody verifies is fulfilled by its webhook; forged, foreign, duplicated, late and unknown events
// change nothing. The checkout itself is purchase.test.ts.

describeEachDatabase('purchase webhooks', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500, ticketPrice: 299, groupPrice4: 249 });
  });

  function signedWebhook(body: string, eventId: string) {
    return server.request('POST', WEBHOOK, {
      body,
      headers: {
        'x-razorpay-signature': webhookSignature(body, server.config.razorpay.webhookSecret),
        'x-razorpay-event-id': eventId,
      },
    });
  }

  it('a payment nobody verifies is fulfilled by the webhook', async () => {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 2);
    await pay(server, order.body.orderId);
    await webhooksDelivered(server);
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: buyer.token });
    expect(mine.body.tickets).toHaveLength(2);
    expect((await orderRow(server, order.body.orderId)).status).toBe('paid');
  });

  it('a webhook with a bad signature is 400 and changes nothing', async () => {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 1);
    const body = JSON.stringify(capturedEvent(order.body.orderId, 29900));
    const response = await server.request('POST', WEBHOOK, {
      body,
      headers: {
        'x-razorpay-signature': webhookSignature(body, 'not-the-secret'),
        'x-razorpay-event-id': 'evt_Forged0000001',
      },
    });
    expect(response.status).toBe(400);
    const unsigned = await server.request('POST', WEBHOOK, { body });
    expect(unsigned.status).toBe(400);
    const row = await orderRow(server, order.body.orderId);
    expect(row.status).toBe('created');
    expect(await ticketCount(server, row.id)).toBe(0);
  });

  it('a signed webhook for a payment Razorpay never saw does not pay a different amount', async () => {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 2);
    const body = JSON.stringify(capturedEvent(order.body.orderId, 100));
    const response = await signedWebhook(body, 'evt_WrongAmount001');
    expect(response.status).toBe(200);
    expect(response.body.result).toBe('ignored');
    expect(await ticketCount(server, (await orderRow(server, order.body.orderId)).id)).toBe(0);
  });

  it('duplicated webhook deliveries issue tickets once', async () => {
    await setWebhookMode(server, 'duplicate');
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 2);
    const checkout = await pay(server, order.body.orderId);
    await webhooksDelivered(server);
    await setWebhookMode(server, 'normal');
    const row = await orderRow(server, order.body.orderId);
    expect(row.status).toBe('paid');
    expect(await ticketCount(server, row.id)).toBe(2);

    // The same signed event twice more by hand: the order row already says this payment paid it.
    const body = JSON.stringify(capturedEvent(order.body.orderId, 59800, checkout.razorpay_payment_id));
    expect((await signedWebhook(body, 'evt_SameEvent00001')).body.result).toBe('duplicate');
    expect((await signedWebhook(body, 'evt_SameEvent00001')).body.result).toBe('duplicate');
    expect(await ticketCount(server, row.id)).toBe(2);
    const mails = (await outboxRows(server, 'tickets-confirmation')).filter(
      (m) => m.payload.orderId === row.id,
    );
    expect(mails).toHaveLength(1);
  });

  it('a payment event for an order verify-payment already paid is acknowledged as a duplicate and records nothing', async () => {
    await setWebhookMode(server, 'drop');
    try {
      const buyer = await newUser(server);
      const order = await createOrder(server, buyer, event, 2);
      const checkout = await pay(server, order.body.orderId);
      expect((await verify(server, buyer, checkout)).status).toBe(200);
      const row = await orderRow(server, order.body.orderId);

      const body = JSON.stringify(capturedEvent(order.body.orderId, 59800, checkout.razorpay_payment_id));
      const answer = await signedWebhook(body, 'evt_AfterVerify0001');
      expect(answer.status).toBe(200);
      expect(answer.body.result).toBe('duplicate');
      const recorded = await server.ctx.db
        .selectFrom('payment_events')
        .select('id')
        .where('id', '=', 'evt_AfterVerify0001')
        .execute();
      expect(recorded).toEqual([]);
      expect(await ticketCount(server, row.id)).toBe(2);
      const mails = (await outboxRows(server, 'tickets-confirmation')).filter(
        (m) => m.payload.orderId === row.id,
      );
      expect(mails).toHaveLength(1);
    } finally {
      await setWebhookMode(server, 'normal');
    }
  });

  it('an event that changed nothing for another reason is still recognised by its id when it comes again', async () => {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 1);
    const body = JSON.stringify(capturedEvent(order.body.orderId, 100));
    expect((await signedWebhook(body, 'evt_IgnoredTwice01')).body.result).toBe('ignored');
    expect((await signedWebhook(body, 'evt_IgnoredTwice01')).body.result).toBe('duplicate');
  });

  it('unknown webhook events are acknowledged and ignored', async () => {
    const body = JSON.stringify({
      entity: 'event',
      event: 'subscription.charged',
      payload: {},
      contains: [],
    });
    const response = await signedWebhook(body, 'evt_Unknown0000001');
    expect(response.status).toBe(200);
    expect(response.body.result).toBe('ignored');
  });
});

function capturedEvent(orderId: string, amount: number, paymentId = 'pay_NotAtRazorpay01') {
  return {
    entity: 'event',
    account_id: 'acc_Test00000000001',
    event: 'payment.captured',
    contains: ['payment'],
    payload: {
      payment: {
        entity: {
          id: paymentId,
          entity: 'payment',
          amount,
          currency: 'INR',
          status: 'captured',
          order_id: orderId,
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  };
}
