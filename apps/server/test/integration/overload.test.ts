import { type ClientRequest, request as httpRequest } from 'node:http';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { sample } from '../../support/metrics';
import {
  createOrder,
  newEvent,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  verify,
  webhooksDelivered,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// Graceful overload (docs/decisions/1205-overload-by-tier.md). The in-flight limit is forced down to 1 so saturation is exact: a
// request whose body is still arriving is in flight from its first byte, so each `holdOpen()` occupies the
// server by one request for as long as the test wants. Event-loop delay never decides here (limit of 60 s).

const WEBHOOK = '/api/payments/razorpay/webhook';

describeEachDatabase('graceful overload', (engine) => {
  const server = useServer(engine, {
    env: { ...PURCHASE_ENV, OVERLOAD_MAX_IN_FLIGHT: '1', OVERLOAD_RETRY_AFTER_SECONDS: '3' },
  });
  let event: TestEvent;
  let buyer: TestUser;
  let checker: TestUser;
  const held: ClientRequest[] = [];

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 100 });
    buyer = await newUser(server);
    checker = await newUser(server, { role: 'qrchecker' });
  });

  afterEach(async () => {
    await releaseAll();
  });

  async function inFlight(): Promise<number> {
    // The scrape counts itself: /metrics is never shed and is in flight while it answers.
    const text = (await server.request('GET', '/metrics')).text;
    return (sample(text, 'utsav_requests_in_flight') ?? 0) - 1;
  }

  /** Polls the server's own count until it is `count` (a state; the poll's ceiling only ends a hang). */
  async function waitForInFlight(count: number): Promise<void> {
    await expect.poll(inFlight, { message: `requests in flight never reached ${count}` }).toBe(count);
  }

  /** A webhook delivery whose body never finishes arriving: the server is busy with it until released. */
  async function holdOpen(): Promise<void> {
    const before = await inFlight();
    const url = new URL(WEBHOOK, server.url);
    const pending = httpRequest(url, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': '1000' },
    });
    pending.on('error', () => undefined);
    pending.write('{"event":');
    held.push(pending);
    await waitForInFlight(before + 1);
  }

  async function releaseAll(): Promise<void> {
    for (const pending of held.splice(0)) pending.destroy();
    await waitForInFlight(0);
  }

  function shedCount(method: string, route: string, tier: string, text: string): number {
    return sample(text, 'utsav_requests_shed_total', { method, route, tier }) ?? 0;
  }

  it('a deferrable request is answered 503 with Retry-After and the OVERLOADED envelope, and counted', async () => {
    const before = (await server.request('GET', '/metrics')).text;
    await holdOpen();

    const refused = await server.request('GET', '/api/tickets/my-tickets', { token: buyer.token });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('3');
    expect(refused.body).toMatchObject({ success: false, code: 'OVERLOADED' });
    expect(refused.body.error).toMatch(/busy/);

    const after = (await server.request('GET', '/metrics')).text;
    const route = '/api/tickets/my-tickets';
    expect(shedCount('GET', route, 'deferrable', after) - shedCount('GET', route, 'deferrable', before)).toBe(
      1,
    );

    await releaseAll();
    const served = await server.request('GET', '/api/tickets/my-tickets', { token: buyer.token });
    expect(served.status).toBe(200);
  });

  it('sales work (create-order) is shed only at twice the limit, after deferrable work', async () => {
    await holdOpen();
    expect((await server.request('GET', '/api/refunds/my-refunds', { token: buyer.token })).status).toBe(503);
    const atLimit = await createOrder(server, buyer, event, 1);
    expect(atLimit.status, atLimit.text).toBe(200);

    await holdOpen();
    const overTwice = await createOrder(server, buyer, event, 1);
    expect(overTwice.status).toBe(503);
    expect(overTwice.headers.get('retry-after')).toBe('3');
    expect(overTwice.body.code).toBe('OVERLOADED');
  });

  it('verify-payment and the Razorpay webhooks are never shed: a purchase completes while the server is saturated', async () => {
    const before = (await server.request('GET', '/metrics')).text;
    const order = await createOrder(server, buyer, event, 2);
    expect(order.status).toBe(200);
    for (let i = 0; i < 3; i++) await holdOpen();

    // The emulator delivers payment.captured and order.paid to our webhook while three requests are in flight.
    const checkout = await pay(server, order.body.orderId);
    await webhooksDelivered(server);
    const verified = await verify(server, buyer, checkout);
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.tickets).toHaveLength(2);
    // An unsigned delivery is refused for its signature, not for the load.
    const forged = await server.request('POST', WEBHOOK, { body: '{"event":"payment.captured"}' });
    expect(forged.status).not.toBe(503);

    const after = (await server.request('GET', '/metrics')).text;
    for (const route of ['/api/tickets/verify-payment', WEBHOOK]) {
      expect(shedCount('POST', route, 'never', after)).toBe(0);
      const answered = (status: string, text: string) =>
        sample(text, 'http_requests_total', { method: 'POST', route, status }) ?? 0;
      expect(answered('503', after) - answered('503', before)).toBe(0);
    }
    expect(
      (sample(after, 'http_requests_total', { method: 'POST', route: WEBHOOK, status: '200' }) ?? 0) -
        (sample(before, 'http_requests_total', { method: 'POST', route: WEBHOOK, status: '200' }) ?? 0),
    ).toBeGreaterThanOrEqual(2);
  });

  it('the gate is never shed: verify-qr and mark-used admit a guest while the server is saturated', async () => {
    const [ticket] = await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: buyer.user.id,
      quantity: 1,
    });
    for (let i = 0; i < 3; i++) await holdOpen();
    const body = { qrCode: ticket!.qr_token };
    const verified = await server.request('POST', '/api/tickets/verify-qr', { token: checker.token, body });
    expect(verified.status, verified.text).toBe(200);
    const marked = await server.request('POST', '/api/tickets/mark-used', { token: checker.token, body });
    expect(marked.status, marked.text).toBe(200);
    expect((await server.request('GET', '/api/health')).status).toBe(200);
  });
});
