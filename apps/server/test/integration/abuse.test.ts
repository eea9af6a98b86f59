import { Worker } from 'node:worker_threads';
import { expect, it } from 'vitest';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser, tokenFor, uniqueEmail } from '../../support/factories';
import { newEvent, orderPayload, type TestEvent } from '../../support/purchase';
import { send, type TestResponse, type TestServer, useServer } from '../../support/server';

// Abuse: the rate limits hold under a flood from one client, and everyone else is still served while it goes on
// (other people's tickets and roles: abuse-access.test.ts). How much a flood slows others is a speed, measured
// by ABUSE_VERBOSE=1 here and not asserted: on a busy machine it says nothing about the server.

// ---------------------------------------------------------------------------------------------------------
// Floods

const FLOOD = 500;
const FLOOD_CONCURRENCY = 50;

interface FloodRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** JSON text; `{{n}}` is replaced by the request's number (each sign-in attempt a different token). */
  body?: string;
}

interface FloodAnswer {
  status: number;
  code: string | undefined;
  retryAfter: string | null;
}

// The flooding client runs in its own thread, as a real one runs on its own machine: in the server's thread its
// own fetch machinery would compete with the server for the event loop and blur what is measured.
const FLOOD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { request, count, concurrency } = workerData;
  const answers = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      const n = next++;
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body === undefined ? undefined : request.body.replaceAll('{{n}}', String(n)),
      });
      const text = await response.text();
      let code;
      try { code = JSON.parse(text).code; } catch {}
      answers.push({ status: response.status, code, retryAfter: response.headers.get('retry-after') });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  parentPort.postMessage(answers);
})();
`;

function flood(request: FloodRequest): Promise<FloodAnswer[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(FLOOD_WORKER, {
      eval: true,
      workerData: { request, count: FLOOD, concurrency: FLOOD_CONCURRENCY },
    });
    worker.once('message', (answers: FloodAnswer[]) => {
      resolve(answers);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Sequential calls, each answered with `expectStatus`; the latency of each in milliseconds (for ABUSE_VERBOSE). */
async function timed(
  count: number,
  call: () => Promise<TestResponse>,
  expectStatus: number,
): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await call();
    latencies.push(performance.now() - started);
    expect(response.status, response.text).toBe(expectStatus);
  }
  return latencies;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Floods with one client: exactly `allowed` answers are not 429 and the rest are 429 envelopes with
 * Retry-After. Then, with the allowance spent, a second flood of 429s runs while a second client keeps calling:
 * its calls all succeed. (The excess is refused before any work: each refusal is a 429, never the route's own
 * answer such as a 401 for a bad token.)
 */
async function expectFloodContained(options: {
  allowed: number;
  flooder: FloodRequest;
  bystander: () => Promise<TestResponse>;
  bystanderStatus: number;
  bystanderCalls: number;
}): Promise<void> {
  const half = Math.floor(options.bystanderCalls / 2);
  const idle = await timed(half, options.bystander, options.bystanderStatus);

  const first = await flood(options.flooder);
  const limited = first.filter((answer) => answer.status === 429);
  expect(first.length - limited.length, 'flood requests let through').toBe(options.allowed);
  expect(limited).toHaveLength(FLOOD - options.allowed);

  const second = flood(options.flooder);
  // Let the flood get going before the bystander calls again.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const during = await timed(options.bystanderCalls - half, options.bystander, options.bystanderStatus);
  const refused = await second;
  expect(refused.filter((answer) => answer.status !== 429)).toEqual([]);
  for (const answer of [...limited, ...refused]) {
    expect(answer.code).toBe('RATE_LIMITED');
    expect(answer.retryAfter).toMatch(/^\d+$/);
  }

  if (process.env.ABUSE_VERBOSE)
    console.info(
      `flood: bystander median idle ${median(idle).toFixed(1)} ms, during ${median(during).toFixed(1)} ms`,
    );
}

function floodOf(
  server: TestServer,
  method: string,
  path: string,
  options: { address?: string; token?: string; body?: string },
): FloodRequest {
  const headers: Record<string, string> = {};
  if (options.address) headers['x-forwarded-for'] = options.address;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return { url: `${server.url}${path}`, method, headers, body: options.body };
}

function asClient(server: TestServer, address: string) {
  return (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
    send(server.url, method, path, { ...options, headers: { 'x-forwarded-for': address } });
}

const crashReport = { error: { message: 'boom', name: 'Error' }, url: 'http://localhost/', timestamp: 'now' };

describeEachDatabase('abuse: floods from one client', (engine) => {
  // The suite plays the proxy in front of the server (trusted on loopback), so X-Forwarded-For names the client.
  const server = useServer(engine, {
    env: {
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_AUTH_PER_MINUTE: '30',
      RATE_LIMIT_LOG_ERROR_PER_MINUTE: '10',
      RATE_LIMIT_CREATE_ORDER_PER_MINUTE: '10',
      HOLD_SWEEP_SECONDS: '86400',
    },
  });

  // The limits are counted in the app's memory (@fastify/rate-limit's store), the same on either engine. The
  // sign-in and crash-report floods never reach the database (a refused token, a log line), so they run once, on
  // SQLite; the order and scan floods write and read it (holds, the PostgreSQL gate's batches): both engines.
  it.runIf(engine === 'sqlite')(
    'sign-in: 30 a minute per address, the rest 429, another address signs in as usual',
    async () => {
      const bystander = asClient(server, '198.51.100.8');
      const token = await tokenFor(server, uniqueEmail('bystander'));
      await expectFloodContained({
        allowed: 30,
        flooder: floodOf(server, 'POST', '/api/auth/google-signin', {
          address: '198.51.100.7',
          body: '{"idToken":"not.a.real.token.attempt-number-{{n}}"}',
        }),
        bystander: () => bystander('POST', '/api/auth/google-signin', { body: { idToken: token } }),
        bystanderStatus: 200,
        bystanderCalls: 20,
      });
    },
  );

  it.runIf(engine === 'sqlite')(
    'log-error: 10 a minute per address, the rest 429, another address still reports',
    async () => {
      const bystander = asClient(server, '203.0.113.51');
      await expectFloodContained({
        allowed: 10,
        flooder: floodOf(server, 'POST', '/api/log-error', {
          address: '203.0.113.50',
          body: JSON.stringify(crashReport),
        }),
        bystander: () => bystander('POST', '/api/log-error', { body: crashReport }),
        bystanderStatus: 204,
        bystanderCalls: 8,
      });
    },
  );

  it('create-order: 10 a minute per buyer (so 10 holds at most), another buyer on the same address buys', async () => {
    const event = await newEvent(server, { totalTickets: 1000 });
    const attacker = await newUser(server);
    const buyer = await newUser(server);
    // Both behind one venue Wi-Fi address: the limit is per account, so the buyer is not punished for it.
    const sameWifi = '192.0.2.10';
    await expectFloodContained({
      allowed: 10,
      flooder: floodOf(server, 'POST', '/api/tickets/create-order', {
        address: sameWifi,
        token: attacker.token,
        body: JSON.stringify(orderPayload(event, 1)),
      }),
      bystander: () =>
        asClient(server, sameWifi)('POST', '/api/tickets/create-order', {
          token: buyer.token,
          body: orderPayload(event, 1),
        }),
      bystanderStatus: 200,
      bystanderCalls: 8,
    });
    const holds = await server.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', attacker.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(holds.count)).toBe(10);
  });

  it('scanning: 300 a minute per checker, the rest 429, another gate keeps scanning', async () => {
    const event = (await server.request('GET', '/api/event')).body.data as TestEvent;
    expect(event, 'the create-order test made the event').toBeTruthy();
    const guest = await newUser(server);
    const tickets = await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: guest.user.id,
      quantity: 2,
    });
    const runaway = await newUser(server, { role: 'qrchecker' });
    const gate = await newUser(server, { role: 'qrchecker' });
    await expectFloodContained({
      allowed: 300,
      flooder: floodOf(server, 'POST', '/api/tickets/verify-qr', {
        token: runaway.token,
        body: JSON.stringify({ qrCode: tickets[0]!.qr_token, deviceId: 'runaway-phone' }),
      }),
      bystander: () =>
        server.request('POST', '/api/tickets/verify-qr', {
          token: gate.token,
          body: { qrCode: tickets[1]!.qr_token, deviceId: 'gate-2' },
        }),
      bystanderStatus: 200,
      bystanderCalls: 20,
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Other people's tickets and refunds
