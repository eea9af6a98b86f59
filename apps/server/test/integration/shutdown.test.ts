import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { enqueueOutbox } from '../../src/platform/outbox/repo';
import { createOutboxWorker } from '../../src/platform/outbox/worker';
import { webhookSignature } from '../../src/platform/payments/signatures';
import { describeEachDatabase, type ProvisionedDatabase, provisionDatabase } from '../../support/databases';
import { testConfig } from '../../support/server';

// Shutdown as a deploy restart does it: app.close() while a request is still being answered.

// close() used to wait out the keep-alive timeout (72 s) of a connection still answering when it began: a close
// still running after this ceiling is that hang. How fast a busy machine closes is not asserted.
const HANG_AFTER_MS = 30_000;

describeEachDatabase('shutdown', (engine) => {
  let database: ProvisionedDatabase | undefined;
  let app: FastifyInstance | undefined;
  let closing: Promise<unknown> | undefined;

  afterEach(async () => {
    // A connection left open would otherwise hold close() for Fastify's keep-alive timeout (72 s).
    app?.server.closeAllConnections();
    await (closing ?? app?.close());
    await database?.drop();
    app = undefined;
    closing = undefined;
    database = undefined;
  });

  it('a webhook still being handled when close() begins gets its answer, and close() ends without waiting out the keep-alive', async () => {
    database = await provisionDatabase(engine);
    const config = testConfig(database);
    app = await buildApp(config);
    const url = await app.listen({ host: '127.0.0.1', port: 0 });

    // An event for an order we never made: handled (ignored) without touching Razorpay.
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_Test00000000001',
      event: 'payment.captured',
      contains: ['payment'],
      payload: {
        payment: {
          entity: { id: 'pay_Shutdown000001', order_id: 'order_Shutdown00001', status: 'captured' },
        },
      },
      created_at: Math.floor(Date.now() / 1000),
    });
    // The body arrives in two parts, the second only once close() has begun, so the request is in flight
    // over a keep-alive connection exactly as the Razorpay emulator's self-delivered webhooks are.
    let sendRest: () => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(body);
        controller.enqueue(bytes.subarray(0, 10));
        sendRest = () => {
          controller.enqueue(bytes.subarray(10));
          controller.close();
        };
      },
    });
    // Fastify's own 'request' listener runs first: once this one fires, the request is routed, past the check
    // that answers requests arriving during close with 503.
    const received = once(app.server, 'request');
    const delivery = fetch(`${url}/api/payments/razorpay/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(body, config.razorpay.webhookSecret),
        'x-razorpay-event-id': 'evt_Shutdown000001',
      },
      body: stream,
      duplex: 'half',
    });
    await received;

    closing = app.close();
    const closed = closing.then(() => 'closed' as const);
    sendRest();
    const response = await delivery;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, result: 'ignored' });

    const outcome = await Promise.race([
      closed,
      new Promise<'still closing'>((resolve) =>
        setTimeout(() => resolve('still closing'), HANG_AFTER_MS).unref(),
      ),
    ]);
    expect(outcome).toBe('closed');
  });
});

describeEachDatabase('while the server closes', (engine) => {
  let database: ProvisionedDatabase | undefined;
  let app: FastifyInstance | undefined;

  afterEach(async () => {
    app?.server.closeAllConnections();
    await app?.close();
    await database?.drop();
    app = undefined;
    database = undefined;
  });

  /**
   * An app whose close stops at a step the test holds (a preClose hook of its own, after the platform's): the
   * state "closing has begun, the listener still accepts" for as long as the test needs it.
   */
  async function closingApp() {
    database = await provisionDatabase(engine);
    const config = testConfig(database);
    const built = await buildApp(config);
    app = built;
    let reached: () => void = () => {};
    const closingBegan = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    built.addHook('preClose', async () => {
      reached();
      await held;
    });
    const url = await built.listen({ host: '127.0.0.1', port: 0 });
    return { app: built, config, url, closingBegan, release };
  }

  it('answers the envelope with Retry-After and the security headers; paid-order paths are still served', async () => {
    const { app: closing, config, url, closingBegan, release } = await closingApp();
    const closed = closing.close();
    await closingBegan;

    for (const path of ['/api/auth/me', '/api/event', '/api/health']) {
      const response = await fetch(`${url}${path}`);
      expect(response.status, path).toBe(503);
      expect(await response.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      expect(response.headers.get('retry-after')).toEqual(expect.stringMatching(/^\d+$/));
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('connection')).toBe('close');
    }

    // A Razorpay webhook is a paid-order path: handled (an order we never made is ignored), not refused.
    const body = JSON.stringify({
      entity: 'event',
      event: 'payment.captured',
      contains: ['payment'],
      payload: { payment: { entity: { id: 'pay_Closing0000001', order_id: 'order_Closing000001' } } },
      created_at: Math.floor(Date.now() / 1000),
    });
    const webhook = await fetch(`${url}/api/payments/razorpay/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': webhookSignature(body, config.razorpay.webhookSecret),
        'x-razorpay-event-id': 'evt_Closing0000001',
      },
      body,
    });
    expect(webhook.status).toBe(200);
    expect(await webhook.json()).toEqual({ success: true, result: 'ignored' });
    // verify-payment is answered for what it is (here: signed out), never 503.
    const verify = await fetch(`${url}/api/tickets/verify-payment`, { method: 'POST' });
    expect(verify.status).toBe(401);

    release();
    await closed;
    app = undefined;
  });

  it('a mail still being made when the outbox stops is released for another instance, and the stop returns', async () => {
    database = await provisionDatabase(engine);
    const config = testConfig(database);
    const built = await buildApp(config);
    app = built;
    const db = built.ctx.db;
    let handlerStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      handlerStarted = resolve;
    });
    const worker = createOutboxWorker({
      db,
      log: built.log,
      // A mail whose PDF never finishes: the state a shutdown meets with a 500-ticket issuance's mail.
      handlers: {
        'never-ends': () => {
          handlerStarted();
          return new Promise<void>(() => {});
        },
      },
    });
    const id = await enqueueOutbox(db, 'never-ends', {});
    void worker.drain();
    await started;
    const claimed = await outboxRow(db, id);
    expect(Date.parse(claimed.next_attempt_at)).toBeGreaterThan(Date.now());

    await worker.stop({ graceMs: 50 });
    const released = await outboxRow(db, id);
    expect(released.status).toBe('pending');
    expect(Date.parse(released.next_attempt_at)).toBeLessThanOrEqual(Date.now());
  });
});

function outboxRow(db: FastifyInstance['ctx']['db'], id: string) {
  return db
    .selectFrom('outbox')
    .select(['status', 'next_attempt_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}
