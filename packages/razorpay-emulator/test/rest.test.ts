import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { basicAuth, type Harness, KEY_ID, KEY_SECRET, startEmulator, waitFor } from './harness';

let rzp: Harness;

beforeEach(async () => {
  rzp = await startEmulator();
});
afterEach(async () => {
  await rzp.close();
});

async function newOrder(amount = 50_000) {
  const { status, body } = await rzp.api('POST', '/v1/orders', {
    amount,
    currency: 'INR',
    receipt: 'rcpt_1',
    notes: { ticketOrder: 'ord-1' },
  });
  expect(status).toBe(200);
  return body;
}

async function paidOrder(amount = 50_000) {
  const order = await newOrder(amount);
  const paid = await rzp.api('POST', '/_test/pay', { order_id: order.id, method: 'card' });
  expect(paid.status).toBe(200);
  return { order, paymentId: paid.body.razorpay_payment_id as string };
}

describe('orders', () => {
  it('creates an order with the entity fields and id format of the real API', async () => {
    const before = Math.floor(Date.now() / 1000);
    const order = await newOrder(29_900);
    const after = Math.ceil(Date.now() / 1000);
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      entity: 'order',
      amount: 29_900,
      amount_paid: 0,
      amount_due: 29_900,
      currency: 'INR',
      receipt: 'rcpt_1',
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: { ticketOrder: 'ord-1' },
      created_at: expect.any(Number),
    });
    // Stamped while it was created (Unix seconds), however long that took.
    expect(order.created_at).toBeGreaterThanOrEqual(before);
    expect(order.created_at).toBeLessThanOrEqual(after);
  });

  it('serialises empty notes as an empty array', async () => {
    const { body } = await rzp.api('POST', '/v1/orders', { amount: 100, currency: 'INR' });
    expect(body.notes).toEqual([]);
    expect(body.receipt).toBeNull();
  });

  it('refuses an amount below one rupee in Razorpay’s error shape', async () => {
    const { status, body } = await rzp.api('POST', '/v1/orders', { amount: 99, currency: 'INR' });
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'The amount must be at least INR 1.00',
        source: 'business',
        step: 'payment_initiation',
        reason: 'input_validation_failed',
        metadata: {},
        field: 'amount',
      },
    });
  });

  it.each([
    [{ currency: 'INR' }, 'amount'],
    [{ amount: 10.5, currency: 'INR' }, 'amount'],
    [{ amount: 500 }, 'currency'],
    [{ amount: 500, currency: 'INR', receipt: 'r'.repeat(41) }, 'receipt'],
    [
      {
        amount: 500,
        currency: 'INR',
        notes: Object.fromEntries([...Array(16).keys()].map((i) => [`k${i}`, 'v'])),
      },
      'notes',
    ],
  ])('refuses an invalid order %j naming the field', async (payload, field) => {
    const { status, body } = await rzp.api('POST', '/v1/orders', payload);
    expect(status).toBe(400);
    expect(body.error.code).toBe('BAD_REQUEST_ERROR');
    expect(body.error.field).toBe(field);
  });

  it('answers an unknown id with "The id provided does not exist"', async () => {
    for (const path of [
      '/v1/orders/order_AAAAAAAAAAAAAA',
      '/v1/payments/pay_AAAAAAAAAAAAAA',
      '/v1/refunds/rfnd_X',
    ]) {
      const { status, body } = await rzp.api('GET', path);
      expect(status).toBe(400);
      expect(body.error).toMatchObject({
        code: 'BAD_REQUEST_ERROR',
        description: 'The id provided does not exist',
      });
    }
  });

  it('moves an order created → attempted → paid and lists its payments as a collection', async () => {
    const order = await newOrder();
    await rzp.api('POST', '/_test/fail', { order_id: order.id });
    expect((await rzp.api('GET', `/v1/orders/${order.id}`)).body).toMatchObject({
      status: 'attempted',
      attempts: 1,
    });

    await rzp.api('POST', '/_test/pay', { order_id: order.id });
    const fetched = (await rzp.api('GET', `/v1/orders/${order.id}`)).body;
    expect(fetched).toMatchObject({ status: 'paid', attempts: 2, amount_paid: 50_000, amount_due: 0 });

    const payments = (await rzp.api('GET', `/v1/orders/${order.id}/payments`)).body;
    expect(payments.entity).toBe('collection');
    expect(payments.count).toBe(2);
    expect(payments.items.map((p: { status: string }) => p.status).sort()).toEqual(['captured', 'failed']);
  });
});

describe('authentication', () => {
  it('refuses a call without credentials or with an unknown key id', async () => {
    for (const auth of [null, basicAuth('rzp_test_other', KEY_SECRET), 'Bearer abc']) {
      const { status, body } = await rzp.api('GET', '/v1/orders/order_AAAAAAAAAAAAAA', undefined, { auth });
      expect(status).toBe(401);
      expect(body.error).toMatchObject({
        code: 'BAD_REQUEST_ERROR',
        description: 'The api key provided is invalid',
      });
    }
  });

  it('refuses the right key id with the wrong secret', async () => {
    const { status, body } = await rzp.api(
      'POST',
      '/v1/orders',
      { amount: 500, currency: 'INR' },
      {
        auth: basicAuth(KEY_ID, 'wrong'),
      },
    );
    expect(status).toBe(401);
    expect(body.error.description).toBe('Authentication failed');
  });
});

describe('payments', () => {
  it('pays like a buyer: a captured payment and a checkout signature over order_id|payment_id', async () => {
    const order = await newOrder();
    const { status, body } = await rzp.api('POST', '/_test/pay', { order_id: order.id, method: 'upi' });
    expect(status).toBe(200);
    expect(body.razorpay_order_id).toBe(order.id);
    expect(body.razorpay_payment_id).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    const expected = createHmac('sha256', KEY_SECRET)
      .update(`${order.id}|${body.razorpay_payment_id}`)
      .digest('hex');
    expect(body.razorpay_signature).toBe(expected);

    const payment = (await rzp.api('GET', `/v1/payments/${body.razorpay_payment_id}`)).body;
    expect(payment).toMatchObject({
      entity: 'payment',
      amount: 50_000,
      currency: 'INR',
      status: 'captured',
      captured: true,
      order_id: order.id,
      method: 'upi',
      vpa: 'success@razorpay',
      amount_refunded: 0,
      refund_status: null,
      error_code: null,
    });
    expect(payment.fee).toBeGreaterThan(0);
  });

  it('refuses to pay an order twice', async () => {
    const { order } = await paidOrder();
    const again = await rzp.api('POST', '/_test/pay', { order_id: order.id });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('BAD_REQUEST_ERROR');
  });

  it('records a failed payment with its error fields', async () => {
    const order = await newOrder();
    const failed = await rzp.api('POST', '/_test/fail', { order_id: order.id });
    expect(failed.body.error).toMatchObject({ reason: 'payment_failed', metadata: { order_id: order.id } });
    const payment = (await rzp.api('GET', `/v1/payments/${failed.body.error.metadata.payment_id}`)).body;
    expect(payment).toMatchObject({ status: 'failed', captured: false, error_code: 'BAD_REQUEST_ERROR' });
  });

  it('leaves a manual-capture payment authorized until it is captured for the full amount', async () => {
    const { body: order } = await rzp.api('POST', '/v1/orders', {
      amount: 1000,
      currency: 'INR',
      payment_capture: 0,
    });
    const paid = (await rzp.api('POST', '/_test/pay', { order_id: order.id })).body;
    const id = paid.razorpay_payment_id;
    expect((await rzp.api('GET', `/v1/payments/${id}`)).body.status).toBe('authorized');
    expect((await rzp.api('GET', `/v1/orders/${order.id}`)).body.status).toBe('attempted');

    const wrong = await rzp.api('POST', `/v1/payments/${id}/capture`, { amount: 999, currency: 'INR' });
    expect(wrong.status).toBe(400);
    const captured = await rzp.api('POST', `/v1/payments/${id}/capture`, { amount: 1000, currency: 'INR' });
    expect(captured.body).toMatchObject({ status: 'captured', captured: true });
    expect((await rzp.api('GET', `/v1/orders/${order.id}`)).body.status).toBe('paid');
    expect(
      (await rzp.api('POST', `/v1/payments/${id}/capture`, { amount: 1000, currency: 'INR' })).status,
    ).toBe(400);
  });
});

describe('refunds', () => {
  it('creates a pending refund that is processed after the delay', async () => {
    const { paymentId } = await paidOrder();
    const { status, body: refund } = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, {
      amount: 10_000,
      notes: { ticket: 't1' },
      receipt: 'refund-t1',
    });
    expect(status).toBe(200);
    expect(refund).toEqual({
      id: expect.stringMatching(/^rfnd_[A-Za-z0-9]{14}$/),
      entity: 'refund',
      amount: 10_000,
      currency: 'INR',
      payment_id: paymentId,
      notes: { ticket: 't1' },
      receipt: 'refund-t1',
      acquirer_data: { arn: null },
      created_at: expect.any(Number),
      batch_id: null,
      status: 'pending',
      speed_processed: null,
      speed_requested: 'normal',
    });
    const processed = await waitFor(async () => {
      const { body } = await rzp.api('GET', `/v1/refunds/${refund.id}`);
      return body.status === 'processed' ? body : undefined;
    });
    expect(processed.acquirer_data.arn).toMatch(/^\d+$/);
    expect((await rzp.api('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({
      status: 'captured',
      amount_refunded: 10_000,
      refund_status: 'partial',
    });
  });

  it('refunds the remaining amount when none is given and then refuses another refund', async () => {
    const { paymentId } = await paidOrder(30_000);
    await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 10_000 });
    const rest = await rzp.api('POST', `/v1/payments/${paymentId}/refund`);
    expect(rest.body.amount).toBe(20_000);
    expect((await rzp.api('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({
      status: 'refunded',
      amount_refunded: 30_000,
      refund_status: 'full',
    });
    const again = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 100 });
    expect(again.status).toBe(400);
    expect(again.body.error.description).toBe('The payment has been fully refunded already.');

    const list = (await rzp.api('GET', `/v1/payments/${paymentId}/refunds`)).body;
    expect(list).toMatchObject({ entity: 'collection', count: 2 });
  });

  it('refuses a refund larger than what is left of the payment', async () => {
    const { paymentId } = await paidOrder(30_000);
    await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 20_000 });
    const { status, body } = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 10_001 });
    expect(status).toBe(400);
    expect(body.error.description).toBe('The refund amount provided is greater than amount captured.');
  });

  it('refunds only captured payments', async () => {
    const order = await newOrder();
    const failed = await rzp.api('POST', '/_test/fail', { order_id: order.id });
    const { status } = await rzp.api(
      'POST',
      `/v1/payments/${failed.body.error.metadata.payment_id}/refund`,
      {},
    );
    expect(status).toBe(400);
  });

  it('fails a forced refund and gives its amount back to the payment', async () => {
    const { paymentId } = await paidOrder(30_000);
    await rzp.api('POST', '/_test/refunds/fail-next', { count: 1 });
    const { body: refund } = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 30_000 });
    expect(refund.status).toBe('pending');
    await waitFor(async () => (await rzp.api('GET', `/v1/refunds/${refund.id}`)).body.status === 'failed');
    expect((await rzp.api('GET', `/v1/payments/${paymentId}`)).body).toMatchObject({
      status: 'captured',
      amount_refunded: 0,
      refund_status: null,
    });
    // Only the next refund was forced to fail: a retry goes through.
    const { body: retry } = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 30_000 });
    await waitFor(async () => (await rzp.api('GET', `/v1/refunds/${retry.id}`)).body.status === 'processed');
  });

  it('returns the same refund for a repeated idempotency key and body, and refuses a changed body', async () => {
    const { paymentId } = await paidOrder();
    const headers = { 'x-refund-idempotency': 'ticket-0001-refund' };
    const first = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 5000 }, { headers });
    const second = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 5000 }, { headers });
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
    expect((await rzp.api('GET', `/v1/payments/${paymentId}`)).body.amount_refunded).toBe(5000);

    const changed = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 6000 }, { headers });
    expect(changed.status).toBe(400);
    expect(changed.body.error.code).toBe('BAD_REQUEST_ERROR');

    const short = await rzp.api(
      'POST',
      `/v1/payments/${paymentId}/refund`,
      { amount: 5000 },
      {
        headers: { 'x-refund-idempotency': 'short' },
      },
    );
    expect(short.status).toBe(400);
  });
});

describe('refunds that wait to be settled (refundDelayMs null)', () => {
  it('stay pending until POST /_test/refunds/settle, which settles each as its delay would have', async () => {
    await rzp.close();
    rzp = await startEmulator({ refundDelayMs: null });
    const { paymentId } = await paidOrder(30_000);
    const { body: kept } = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 10_000 });
    await rzp.api('POST', '/_test/refunds/fail-next', { count: 1 });
    const { body: failing } = await rzp.api('POST', `/v1/payments/${paymentId}/refund`, { amount: 10_000 });
    // Nothing settles by itself, however long the test takes.
    expect((await rzp.api('GET', `/v1/refunds/${kept.id}`)).body.status).toBe('pending');
    expect((await rzp.api('POST', '/_test/refunds/settle')).body).toEqual({ settled: 2 });
    expect((await rzp.api('GET', `/v1/refunds/${kept.id}`)).body.status).toBe('processed');
    expect((await rzp.api('GET', `/v1/refunds/${failing.id}`)).body.status).toBe('failed');
    expect((await rzp.api('GET', `/v1/payments/${paymentId}`)).body.amount_refunded).toBe(10_000);
    expect((await rzp.api('POST', '/_test/refunds/settle')).body).toEqual({ settled: 0 });
  });
});

describe('checkout calls', () => {
  it('serves the checkout script as JavaScript', async () => {
    const response = await fetch(`${rzp.base}/checkout.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
    expect(await response.text()).toContain('window.Razorpay');
  });

  it('pays through the sheet’s endpoint only with the right key id', async () => {
    const order = await newOrder();
    const wrong = await rzp.api(
      'POST',
      '/checkout/pay',
      { key: 'rzp_test_other', order_id: order.id, method: 'card' },
      { auth: null },
    );
    expect(wrong.status).toBe(401);
    const paid = await rzp.api(
      'POST',
      '/checkout/pay',
      { key: KEY_ID, order_id: order.id, method: 'card' },
      { auth: null },
    );
    expect(paid.status).toBe(200);
    expect(paid.body.razorpay_order_id).toBe(order.id);
  });
});
