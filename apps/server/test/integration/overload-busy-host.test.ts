import { type ClientRequest, request as httpRequest } from 'node:http';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { PAID_ORDER_LOOK, shedTier } from '../../src/platform/overload';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, uniqueEmail } from '../../support/factories';
import { sample, shedTotal } from '../../support/metrics';
import { buy, createOrder, newEvent, PURCHASE_ENV, pay, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// Shedding protects, never punishes. A CPU hog runs beside the server, in its own process's event loop: a
// loop that blocks for 300 ms, lets the loop run for 50 ms, blocks again, as a PDF built on the main thread
// or a noisy neighbour taking the CPU would. The server runs with the production limits (in-flight 256, loop delay 200 ms, floor 16).
// People who come one at a time are all served; only once requests queue up (16 held open here) is
// deferrable work refused, and then with the envelope, Retry-After and the security headers, while paid-order
// paths are still served. Every assertion is on a state reached (statuses, the server's own gauges), not on
// how long anything took.

const WEBHOOK = '/api/payments/razorpay/webhook';
const BUSY_MS = 300;

describeEachDatabase('shedding on a busy host', (engine) => {
  const server = useServer(engine, {
    env: {
      ...PURCHASE_ENV,
      OVERLOAD_MAX_IN_FLIGHT: '256',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '200',
      OVERLOAD_MIN_IN_FLIGHT: '16',
      OVERLOAD_RETRY_AFTER_SECONDS: '2',
      MAX_TICKETS_PER_PERSON: '10',
    },
  });
  let event: TestEvent;
  let admin: TestUser;
  let stopHog: (() => void) | undefined;
  const held: ClientRequest[] = [];

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 3, startTime: '19:00' });
    admin = await newUser(server, { role: 'admin' });
  });

  afterEach(async () => {
    stopHog?.();
    stopHog = undefined;
    for (const pending of held.splice(0)) pending.destroy();
    await expect.poll(() => gauge('utsav_requests_in_flight')).toBe(1);
  });

  /** Blocks this process's event loop for BUSY_MS at a time, free for 50 ms in between, until stopped. */
  function hogTheLoop(): () => void {
    let on = true;
    const burn = () => {
      if (!on) return;
      const until = performance.now() + BUSY_MS;
      while (performance.now() < until) {
        // Busy: nothing else on this thread runs meanwhile.
      }
      setTimeout(burn, 50);
    };
    setTimeout(burn, 1);
    return () => {
      on = false;
    };
  }

  async function metrics(): Promise<string> {
    return (await server.request('GET', '/metrics')).text;
  }

  async function gauge(name: string): Promise<number> {
    return sample(await metrics(), name) ?? 0;
  }

  /** The hog is on and the server itself measures its loop as slow (at or above the 200 ms limit). */
  async function loopIsSlow(): Promise<void> {
    stopHog = hogTheLoop();
    await expect
      .poll(() => gauge('utsav_event_loop_delay_ms'), { message: 'the loop never read as slow' })
      .toBeGreaterThanOrEqual(200);
  }

  /** A webhook delivery whose body never finishes arriving: one request in flight until released. */
  async function holdOpen(count: number): Promise<void> {
    const before = await gauge('utsav_requests_in_flight');
    for (let i = 0; i < count; i++) {
      const pending = httpRequest(new URL(WEBHOOK, server.url), {
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': '1000' },
      });
      pending.on('error', () => undefined);
      pending.write('{"event":');
      held.push(pending);
    }
    await expect.poll(() => gauge('utsav_requests_in_flight')).toBe(before + count);
  }

  it('one-at-a-time requests are all served while the loop is slow: sign-in, purchase, transfer and its payment, waitlist, My Tickets, a role change', async () => {
    await loopIsSlow();
    const shedBefore = shedTotal(await metrics());

    const asha = await newUser(server, { name: 'Asha Patel' });
    const me = await server.request('GET', '/api/auth/me', { token: asha.token });
    expect(me.status, me.text).toBe(200);
    const { tickets } = await buy(server, asha, event, 3);

    const transfer = await server.request('POST', `/api/tickets/${tickets[0].id}/transfer`, {
      token: asha.token,
      body: { recipientEmail: uniqueEmail('bina'), recipientName: 'Bina Rao' },
    });
    expect(transfer.status, transfer.text).toBe(200);
    const fee = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: asha.token,
      body: await pay(server, transfer.body.orderId),
    });
    expect(fee.status, fee.text).toBe(200);

    const chetan = await newUser(server);
    const joined = await server.request('POST', '/api/waitlist', {
      token: chetan.token,
      body: { quantity: 1 },
    });
    expect(joined.status, joined.text).toBe(200);

    for (let i = 0; i < 10; i++) {
      const mine = await server.request('GET', '/api/tickets/my-tickets', { token: asha.token });
      expect(mine.status, mine.text).toBe(200);
    }
    const role = await server.request('PATCH', `/api/admin/users/${chetan.user.id}/role`, {
      token: admin.token,
      body: { role: 'qrchecker' },
    });
    expect(role.status, role.text).toBe(200);

    const after = await metrics();
    expect(shedTotal(after) - shedBefore).toBe(0);
    expect(sample(after, 'utsav_event_loop_delay_ms')).toBeGreaterThanOrEqual(200);
  }, 180_000);

  it('once requests queue up on the slow loop, deferrable work is refused with the envelope, Retry-After and security headers; paid-order paths are not', async () => {
    const buyer = await newUser(server);
    await loopIsSlow();
    await holdOpen(16);

    const refused = await server.request('GET', '/api/tickets/my-tickets', { token: buyer.token });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, code: 'OVERLOADED', error: expect.any(String) });
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
    expect(refused.headers.get('content-security-policy')).toEqual(expect.any(String));
    expect(refused.headers.get('x-request-id')).toEqual(expect.any(String));

    // Paid-order paths are answered for what they are, never for the load.
    const checkout = await server.request('POST', '/api/waitlist/me/checkout', { token: buyer.token });
    expect(checkout.status, checkout.text).not.toBe(503);
    const verify = await server.request('POST', '/api/tickets/verify-payment', {
      token: buyer.token,
      body: { razorpay_order_id: 'order_None', razorpay_payment_id: 'pay_None', razorpay_signature: 'x' },
    });
    expect(verify.status, verify.text).not.toBe(503);
    // Sales work (a checkout) is refused only at twice the limit: the slow loop is below 400 ms.
    const order = await createOrder(server, buyer, event, 1);
    expect(order.status, order.text).not.toBe(503);
  }, 180_000);

  it('every route whose path looks like a payment step says whether it is a paid-order path, and those that are are never shed', () => {
    const paymentSteps = server.app.routeCatalog.filter(
      (route) =>
        typeof route.url === 'string' && route.url.startsWith('/api/') && PAID_ORDER_LOOK.test(route.url),
    );
    const declared = paymentSteps.map((route) => [
      `${route.method} ${route.url}`,
      route.config?.paidOrder,
      shedTier(String(route.method), route.url, route.config ?? {}),
    ]);
    expect(declared).toEqual(
      expect.arrayContaining([
        ['POST /api/tickets/verify-payment', true, 'never'],
        ['POST /api/tickets/transfer/verify-payment', true, 'never'],
        ['POST /api/waitlist/me/checkout', true, 'never'],
        ['POST /api/payments/razorpay/webhook', true, 'never'],
      ]),
    );
    for (const [route, paidOrder] of declared)
      expect({ route, paidOrder }).toEqual({ route, paidOrder: expect.any(Boolean) });
  });
});
