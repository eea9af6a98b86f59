import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
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
