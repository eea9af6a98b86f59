import { createHmac } from 'node:crypto';
import razorpayEmulator from '@utsav/razorpay-emulator/plugin';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RazorpayClient, RazorpayError } from '../../../src/platform/payments/razorpay-client';

const KEY_ID = 'rzp_test_clientunit';
const KEY_SECRET = 'client-unit-key-secret';

let app: FastifyInstance;
let origin: string;
let client: RazorpayClient;

beforeAll(async () => {
  app = Fastify();
  await app.register(razorpayEmulator, {
    prefix: '/razorpay-emulator',
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
    webhookSecret: 'client-unit-webhook-secret',
    refundDelayMs: 50,
    testRoutes: true,
  });
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
  client = new RazorpayClient({
    baseUrl: `${origin}/razorpay-emulator/v1/`,
    keyId: KEY_ID,
    keySecret: KEY_SECRET,
  });
});

afterAll(async () => {
  await app.close();
});

/** Pays the order the way a buyer's checkout would. */
async function payAsBuyer(orderId: string, method: 'card' | 'upi' = 'upi') {
  const response = await fetch(`${origin}/razorpay-emulator/_test/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, method }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as {
    razorpay_order_id: string;
    razorpay_payment_id: string;
    razorpay_signature: string;
  };
}

/** Polls until `accept`; the ceiling only ends a real hang, never a slow machine. */
async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error('eventually: timed out');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function caught(promise: Promise<unknown>): Promise<RazorpayError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RazorpayError);
  return error as RazorpayError;
}

describe('RazorpayClient against the emulator', () => {
  it('runs a purchase and a partial refund end to end', async () => {
    const order = await client.createOrder({
      amount: 59_800,
      currency: 'INR',
      receipt: 'utsav-order-1',
      notes: { orderId: 'o-1' },
    });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 59_800,
      status: 'created',
      receipt: 'utsav-order-1',
    });

    const checkout = await payAsBuyer(order.id);
    expect(checkout.razorpay_signature).toBe(
      createHmac('sha256', KEY_SECRET).update(`${order.id}|${checkout.razorpay_payment_id}`).digest('hex'),
    );

    const payment = await client.fetchPayment(checkout.razorpay_payment_id);
    expect(payment).toMatchObject({ status: 'captured', captured: true, order_id: order.id, amount: 59_800 });
    expect((await client.fetchOrder(order.id)).status).toBe('paid');
    const payments = await client.fetchOrderPayments(order.id);
    expect(payments).toMatchObject({ entity: 'collection', count: 1 });
    expect(payments.items[0]!.id).toBe(payment.id);

    const refund = await client.createRefund(
      payment.id,
      { amount: 27_900, speed: 'normal', notes: { ticketId: 't-1' }, receipt: 'refund-t-1' },
      'refund-t-1-attempt-1',
    );
    expect(refund).toMatchObject({
      entity: 'refund',
      status: 'pending',
      amount: 27_900,
      payment_id: payment.id,
    });

    const again = await client.createRefund(
      payment.id,
      { amount: 27_900, speed: 'normal', notes: { ticketId: 't-1' }, receipt: 'refund-t-1' },
      'refund-t-1-attempt-1',
    );
    expect(again.id).toBe(refund.id);

    const processed = await eventually(
      () => client.fetchRefund(refund.id),
      (r) => r.status === 'processed',
    );
    expect(processed.acquirer_data.arn).toBeTruthy();
    expect(await client.fetchPayment(payment.id)).toMatchObject({
      amount_refunded: 27_900,
      refund_status: 'partial',
    });
    const refunds = await client.fetchPaymentRefunds(payment.id);
    expect(refunds.items.map((r) => r.id)).toEqual([refund.id]);
  });

  it('captures a payment of an order created for manual capture', async () => {
    const order = await client.createOrder({
      amount: 1000,
      currency: 'INR',
      receipt: 'manual',
      payment_capture: false,
    });
    const { razorpay_payment_id } = await payAsBuyer(order.id, 'card');
    expect((await client.fetchPayment(razorpay_payment_id)).status).toBe('authorized');
    const captured = await client.capturePayment(razorpay_payment_id, 1000, 'INR');
    expect(captured).toMatchObject({ status: 'captured', captured: true });
  });

  it('turns a refused refund into a RazorpayError with the description', async () => {
    const order = await client.createOrder({ amount: 1000, currency: 'INR', receipt: 'too-much' });
    const { razorpay_payment_id } = await payAsBuyer(order.id);
    const error = await caught(
      client.createRefund(razorpay_payment_id, { amount: 1001 }, 'too-much-refund-1'),
    );
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The refund amount provided is greater than amount captured.',
      retryable: false,
    });
  });

  it('reports a wrong key as a 401 RazorpayError', async () => {
    const wrong = new RazorpayClient({
      baseUrl: `${origin}/razorpay-emulator/v1`,
      keyId: KEY_ID,
      keySecret: 'nope',
    });
    const error = await caught(wrong.createOrder({ amount: 500, currency: 'INR', receipt: 'x' }));
    expect(error).toMatchObject({ status: 401, code: 'BAD_REQUEST_ERROR', retryable: false });
    expect(error.description).toBe('Authentication failed');
    expect(error.message).not.toContain('nope');
  });

  it('reports an unknown id as 400 "The id provided does not exist"', async () => {
    const error = await caught(client.fetchPayment('pay_AAAAAAAAAAAAAA'));
    expect(error).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The id provided does not exist',
      retryable: false,
    });
  });

  it('carries the field of a validation error', async () => {
    const error = await caught(client.createOrder({ amount: 50, currency: 'INR', receipt: 'small' }));
    expect(error).toMatchObject({
      status: 400,
      field: 'amount',
      description: 'The amount must be at least INR 1.00',
    });
  });
});

describe('RazorpayClient transport failures', () => {
  it('reports an unreachable server as a retryable NETWORK_ERROR', async () => {
    const closed = Fastify();
    const closedOrigin = await closed.listen({ host: '127.0.0.1', port: 0 });
    await closed.close();
    const offline = new RazorpayClient({
      baseUrl: `${closedOrigin}/v1`,
      keyId: KEY_ID,
      keySecret: KEY_SECRET,
    });
    const error = await caught(offline.fetchOrder('order_AAAAAAAAAAAAAA'));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', retryable: true });
  });

  it('gives up after timeoutMs with a retryable NETWORK_ERROR', async () => {
    const slow = Fastify();
    slow.get('/v1/orders/:id', () => new Promise(() => {}));
    const slowOrigin = await slow.listen({ host: '127.0.0.1', port: 0 });
    try {
      const impatient = new RazorpayClient({
        baseUrl: `${slowOrigin}/v1`,
        keyId: KEY_ID,
        keySecret: KEY_SECRET,
        timeoutMs: 100,
      });
      const error = await caught(impatient.fetchOrder('order_AAAAAAAAAAAAAA'));
      expect(error).toMatchObject({ code: 'NETWORK_ERROR', retryable: true });
      expect(error.description).toContain('100 ms');
    } finally {
      slow.server.closeAllConnections();
      await slow.close();
    }
  });

  it('reports a gateway error page as a retryable SERVER_ERROR', async () => {
    const fakeFetch: typeof fetch = async () => new Response('<html>Bad gateway</html>', { status: 502 });
    const flaky = new RazorpayClient({ keyId: KEY_ID, keySecret: KEY_SECRET, fetch: fakeFetch });
    const error = await caught(flaky.fetchRefund('rfnd_AAAAAAAAAAAAAA'));
    expect(error).toMatchObject({ status: 502, code: 'SERVER_ERROR', retryable: true });
  });

  it('sends Basic auth, JSON and the refund idempotency header to the default base URL', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const recordingFetch: typeof fetch = async (url, init) => {
      seen.push({ url: String(url), init: init ?? {} });
      return Response.json({ id: 'rfnd_AAAAAAAAAAAAAA', entity: 'refund', status: 'pending' });
    };
    const recording = new RazorpayClient({ keyId: KEY_ID, keySecret: KEY_SECRET, fetch: recordingFetch });
    await recording.createRefund('pay_AAAAAAAAAAAAAA', { amount: 100 }, 'idem-key-0001');
    const [call] = seen;
    expect(call!.url).toBe('https://api.razorpay.com/v1/payments/pay_AAAAAAAAAAAAAA/refund');
    const headers = call!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(headers['content-type']).toBe('application/json');
    expect(headers['x-refund-idempotency']).toBe('idem-key-0001');
    expect(JSON.parse(String(call!.init.body))).toEqual({ amount: 100 });
  });
});
