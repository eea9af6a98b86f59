import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, startEmulator, WEBHOOK_SECRET, waitFor } from './harness';

interface Received {
  raw: Buffer;
  headers: Record<string, string | string[] | undefined>;
  body: {
    entity: string;
    event: string;
    contains: string[];
    payload: Record<string, { entity: Record<string, unknown> }>;
  };
}

let receiver: FastifyInstance;
let received: Received[];
let rzp: Harness;
/** Status the receiver answers with, per delivery attempt, before it starts accepting. */
let failuresBeforeSuccess: number;

beforeEach(async () => {
  received = [];
  failuresBeforeSuccess = 0;
  receiver = Fastify();
  // Keep the exact bytes: the signature is over them, never over a re-serialised body.
  receiver.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );
  receiver.post('/hook', async (request, reply) => {
    const raw = request.body as Buffer;
    received.push({ raw, headers: request.headers, body: JSON.parse(raw.toString('utf8')) });
    if (failuresBeforeSuccess > 0) {
      failuresBeforeSuccess--;
      return reply.status(503).send();
    }
    return { ok: true };
  });
  const receiverOrigin = await receiver.listen({ host: '127.0.0.1', port: 0 });
  rzp = await startEmulator({ webhookUrl: `${receiverOrigin}/hook` });
});

afterEach(async () => {
  await rzp.close();
  await receiver.close();
});

function signatureIsValid(delivery: Received): boolean {
  const expected = createHmac('sha256', WEBHOOK_SECRET).update(delivery.raw).digest();
  const given = Buffer.from(String(delivery.headers['x-razorpay-signature']), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function payNewOrder(amount = 20_000) {
  const { body: order } = await rzp.api('POST', '/v1/orders', { amount, currency: 'INR' });
  const { body: paid } = await rzp.api('POST', '/_test/pay', { order_id: order.id });
  return { orderId: order.id as string, paymentId: paid.razorpay_payment_id as string };
}

const events = () => received.map((delivery) => delivery.body.event);

describe('webhooks', () => {
  it('sends payment.captured and order.paid, signed over the raw body', async () => {
    const { orderId, paymentId } = await payNewOrder();
    await waitFor(() => received.length >= 2);
    expect(events()).toEqual(['payment.captured', 'order.paid']);
    for (const delivery of received) {
      expect(signatureIsValid(delivery)).toBe(true);
      expect(delivery.headers['x-razorpay-event-id']).toMatch(/^evt_[A-Za-z0-9]{14}$/);
      expect(delivery.body).toMatchObject({
        entity: 'event',
        account_id: expect.stringMatching(/^acc_/),
        created_at: expect.any(Number),
      });
    }
    const [captured, paid] = received;
    expect(captured!.body.contains).toEqual(['payment']);
    expect(captured!.body.payload.payment!.entity).toMatchObject({ id: paymentId, status: 'captured' });
    expect(paid!.body.contains).toEqual(['payment', 'order']);
    expect(paid!.body.payload.order!.entity).toMatchObject({
      id: orderId,
      status: 'paid',
      amount_paid: 20_000,
    });
    expect(captured!.headers['x-razorpay-event-id']).not.toBe(paid!.headers['x-razorpay-event-id']);
  });

  it('fails verification when the body is changed by even one byte', async () => {
    await payNewOrder();
    await waitFor(() => received.length >= 1);
    const tampered = {
      ...received[0]!,
      raw: Buffer.from(received[0]!.raw.toString('utf8').replace('20000', '20001')),
    };
    expect(signatureIsValid(tampered)).toBe(false);
  });

  it('delivers every event twice with the same event id in duplicate mode', async () => {
    await rzp.api('POST', '/_test/webhooks', { mode: 'duplicate' });
    await payNewOrder();
    await waitFor(() => received.length >= 4);
    const ids = received.map((delivery) => delivery.headers['x-razorpay-event-id']);
    expect(new Set(ids).size).toBe(2);
    expect(events().sort()).toEqual(['order.paid', 'order.paid', 'payment.captured', 'payment.captured']);
    const [first, second] = received.filter((delivery) => delivery.body.event === 'order.paid');
    expect(first!.raw.equals(second!.raw)).toBe(true);
  });

  it('sends nothing in drop mode', async () => {
    await rzp.api('POST', '/_test/webhooks', { mode: 'drop' });
    await payNewOrder();
    const state = (await rzp.api('GET', '/_test/webhooks?wait=1')).body;
    expect(state.deliveries.map((d: { status: string }) => d.status)).toEqual(['dropped', 'dropped']);
    expect(received).toHaveLength(0);
  });

  it('retries a delivery the receiver refused, with the same event id and signature', async () => {
    failuresBeforeSuccess = 1;
    await payNewOrder();
    await waitFor(() => received.length >= 3);
    const captured = received.filter((delivery) => delivery.body.event === 'payment.captured');
    expect(captured).toHaveLength(2);
    expect(captured[0]!.headers['x-razorpay-event-id']).toBe(captured[1]!.headers['x-razorpay-event-id']);
    expect(captured.every(signatureIsValid)).toBe(true);
  });

  it('never fails the API call when the receiver is down', async () => {
    await receiver.close();
    const { paymentId } = await payNewOrder();
    expect(paymentId).toMatch(/^pay_/);
    const state = (await rzp.api('GET', '/_test/webhooks?wait=1')).body;
    expect(state.idle).toBe(true);
    expect(
      state.deliveries.every(
        (d: { status: string; attempts: number }) => d.status === 'failed' && d.attempts === 3,
      ),
    ).toBe(true);
  });

  it('sends refund.created then refund.processed with the refund and the payment', async () => {
    const { paymentId } = await payNewOrder();
    await waitFor(() => received.length >= 2);
    received = [];
    const { body: refund } = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 5000 });
    await waitFor(() => received.length >= 2);
    expect(events()).toEqual(['refund.created', 'refund.processed']);
    const [created, processed] = received;
    expect(created!.body.contains).toEqual(['refund', 'payment']);
    expect(created!.body.payload.refund!.entity).toMatchObject({ id: refund.id, status: 'pending' });
    expect(processed!.body.payload.refund!.entity).toMatchObject({ id: refund.id, status: 'processed' });
    expect(processed!.body.payload.payment!.entity).toMatchObject({ id: paymentId, amount_refunded: 5000 });
    expect(received.every(signatureIsValid)).toBe(true);
  });

  it('sends refund.failed for a refund forced to fail', async () => {
    const { paymentId } = await payNewOrder();
    await rzp.api('POST', '/_test/refunds/fail-next', {});
    await rzp.api('POST', `/v1/payments/${paymentId}/refund`, {});
    await waitFor(() => events().includes('refund.failed'));
    const failed = received.find((delivery) => delivery.body.event === 'refund.failed')!;
    expect(failed.body.payload.refund!.entity.status).toBe('failed');
    expect(failed.body.payload.payment!.entity).toMatchObject({ amount_refunded: 0, refund_status: null });
  });
});

describe('webhook url given as a path', () => {
  it('is resolved against the address the server listens on', async () => {
    const app = Fastify();
    const hits: string[] = [];
    app.post('/api/payments/razorpay/webhook', async (request) => {
      hits.push(String(request.headers['x-razorpay-event-id']));
      return {};
    });
    const { default: razorpayEmulator } = await import('../src/plugin');
    await app.register(razorpayEmulator, {
      prefix: '/razorpay-emulator',
      keyId: 'rzp_test_x',
      keySecret: 'secret',
      webhookSecret: 'whsec',
      webhookUrl: '/api/payments/razorpay/webhook',
      testRoutes: true,
    });
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const auth = `Basic ${Buffer.from('rzp_test_x:secret').toString('base64')}`;
      const order = (await (
        await fetch(`${origin}/razorpay-emulator/v1/orders`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 500, currency: 'INR' }),
        })
      ).json()) as { id: string };
      await fetch(`${origin}/razorpay-emulator/_test/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: order.id }),
      });
      await waitFor(() => hits.length >= 2);
      expect(hits).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});
