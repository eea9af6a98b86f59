import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { RazorpayClient } from '../../../src/platform/payments/razorpay-client';

// The Razorpay client's own transport (http-transport.ts) against a real HTTP server on loopback.

const ORDER = { id: 'order_AAAAAAAAAAAAAA', entity: 'order', status: 'created' };

let server: http.Server | undefined;

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server that answers every request with the order, except as `onRequest` decides; counts connections. */
async function start(
  onRequest: (request: http.IncomingMessage, response: http.ServerResponse, nth: number) => void,
  timeoutMs?: number,
) {
  const seen = { connections: 0, requests: 0 };
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => onRequest(request, response, ++seen.requests));
  });
  server.on('connection', () => {
    seen.connections += 1;
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = new RazorpayClient({
    baseUrl: `http://127.0.0.1:${port}/v1`,
    keyId: 'k',
    keySecret: 's',
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  return { client, seen };
}

const answer = (response: http.ServerResponse) => {
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(ORDER));
};

describe('the Razorpay client transport', () => {
  it('sends consecutive calls over kept-alive connections, not one connection per call', async () => {
    const { client, seen } = await start((_request, response) => answer(response));
    for (let i = 0; i < 20; i++) expect(await client.fetchOrder(ORDER.id)).toEqual(ORDER);
    // undici's pool may open a second connection when the next call goes out in the same turn as the answer
    // before it ends (the first is not yet marked free); beyond that, every call reuses one.
    expect(seen.connections).toBeLessThanOrEqual(2);
  });

  it('sends a call again on a new connection when the kept-alive one is reset under it', async () => {
    // The second request arrives on the kept-alive connection, which the server then resets without answering.
    const { client, seen } = await start((request, response, nth) => {
      if (nth === 2) request.socket.resetAndDestroy();
      else answer(response);
    });
    expect(await client.fetchOrder(ORDER.id)).toEqual(ORDER);
    expect(await client.fetchOrder(ORDER.id)).toEqual(ORDER);
    expect(seen).toEqual({ connections: 2, requests: 3 });
  });

  it('carries a JSON body with its length and reads a body that comes in pieces', async () => {
    let received = '';
    const { client } = await start((request, response) => {
      received = String(request.headers['content-length']);
      response.setHeader('content-type', 'application/json');
      const text = JSON.stringify({ ...ORDER, amount: 29900 });
      response.write(text.slice(0, 10));
      setTimeout(() => response.end(text.slice(10)), 20);
    });
    const order = await client.createOrder({ amount: 29900, currency: 'INR', receipt: 'r1' });
    expect(order).toMatchObject({ id: ORDER.id, amount: 29900 });
    expect(received).toBe(String(JSON.stringify({ amount: 29900, currency: 'INR', receipt: 'r1' }).length));
  });

  it('gives up on an answer that does not come within the time, as a timeout', async () => {
    // The server never answers: without the time limit the call would hang (the test's timeout ends that).
    const { client } = await start(() => {}, 150);
    await expect(client.fetchOrder(ORDER.id)).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      description: expect.stringContaining('No answer from Razorpay within 150 ms'),
    });
  });

  it("sends the request's path and hands back the provider's error answer", async () => {
    let asked = '';
    const { client } = await start((request, response) => {
      asked = request.url ?? '';
      response.statusCode = 400;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' },
        }),
      );
    });
    await expect(client.fetchOrder('order_X')).rejects.toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
    });
    expect(asked).toBe('/v1/orders/order_X');
  });
});
