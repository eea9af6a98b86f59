import { randomUUID } from 'node:crypto';
import { loadOrCreateSigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import razorpayEmulator from '@utsav/razorpay-emulator/plugin';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { EMULATOR_RAZORPAY } from '../../src/platform/config';
import { createDatabase, type Db } from '../../src/platform/db/database';
import type { OrderRow, TicketRow } from '../../src/platform/db/schema';
import { expectCalledOffBooks, seedPaidOrders } from '../../support/call-off';
import type { EmulatorState } from '../../support/cluster-books';
import { freePort } from '../../support/cluster-harness';
import {
  describeEachDatabase,
  type ProvisionedDatabase,
  provisionMigratedDatabase,
} from '../../support/databases';
import { newEventBody } from '../../support/factories';
import { send } from '../../support/server';
import { serverBundle } from '../../support/server-bundle';
import { type ServerProcess, serverProcess } from '../../support/server-process';

// The call-off's done-when, for real, on SQLite (a file) and PostgreSQL: a night with many paid orders called off,
// Razorpay failing a third of the refunds, and the server *process* (the bundle `npm start` runs) killed with SIGKILL
// half-way through its refunds, then started again on the same database. At the end every order is refunded once,
// in full, at Razorpay and in our books; none twice; the progress view and the books add up.
//
// Half-way is a state, not a time: Razorpay (the emulator, in this test process so it outlives the server) takes
// the first half of the refund requests and holds the next ones as if the network hung; the kill comes once the
// job's rows show it stuck there, and Razorpay then makes the held refunds whose answers the dead server never
// heard. Refunds settle when the test says so (no refund delay), and the job runs every second in the server.
//
// 2,000 orders, the done-when's own scale: about 33 CPU seconds on SQLite and 50 (and PostgreSQL's own 21) on
// PostgreSQL on a shared 2-core box (bench/RESULTS.md). CALL_OFF_KILL_ORDERS=300 for a quicker run by hand.

const ORDERS = Number(process.env.CALL_OFF_KILL_ORDERS ?? 2000);
const PRICE_PAISE = 29_900;
const CHANGE = '/api/admin/event/change';
const EMULATOR_PREFIX = '/razorpay-emulator';
const WEBHOOK_PATH = '/api/payments/razorpay/webhook';

describeEachDatabase('a call-off whose server is killed with SIGKILL half-way', (engine) => {
  let database: ProvisionedDatabase;
  let emulator: FastifyInstance;
  let server: ServerProcess;
  let db: Db;
  let adminToken = '';
  let eventId = '';
  let orders: OrderRow[] = [];
  let tickets: TicketRow[] = [];
  let totalPaise = 0;

  /** A call to the emulator's own routes, in this process (no socket). */
  async function razorpay(method: 'GET' | 'POST', path: string, body?: unknown, auth = false) {
    const response = await emulator.inject({
      method,
      url: `${EMULATOR_PREFIX}${path}`,
      ...(body === undefined ? {} : { payload: body as object }),
      headers: auth
        ? {
            authorization: `Basic ${Buffer.from(`${EMULATOR_RAZORPAY.keyId}:${EMULATOR_RAZORPAY.keySecret}`).toString('base64')}`,
          }
        : {},
    });
    if (response.statusCode !== 200)
      throw new Error(`emulator ${path}: ${response.statusCode} ${response.body}`);
    return response.json();
  }

  async function rowsByState() {
    const rows = await db
      .selectFrom('call_off_orders')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .where('event_id', '=', eventId)
      .groupBy('state')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.state, Number(row.n)]));
  }

  async function refundsByStatus() {
    const rows = await db
      .selectFrom('refunds')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  }

  beforeAll(async () => {
    database = await provisionMigratedDatabase(engine);
    const port = await freePort();
    emulator = Fastify({ logger: false });
    await emulator.register(razorpayEmulator, {
      prefix: EMULATOR_PREFIX,
      keyId: EMULATOR_RAZORPAY.keyId,
      keySecret: EMULATOR_RAZORPAY.keySecret,
      webhookSecret: EMULATOR_RAZORPAY.webhookSecret,
      webhookUrl: `http://127.0.0.1:${port}${WEBHOOK_PATH}`,
      refundDelayMs: null,
      // Razorpay retries a webhook for a day; a few retries here over a minute, so a delivery that timed out on a
      // busy machine is not lost (the refund poller would find it only after minutes, 100 refunds a minute).
      webhookRetryDelaysMs: [500, 2000, 5000, 10_000, 20_000, 30_000],
      testRoutes: true,
    });
    const emulatorBase = await emulator.listen({ host: '127.0.0.1', port: 0 });
    const adminEmail = `call-off-admin.${randomUUID()}@example.test`;
    server = await serverProcess({
      entry: await serverBundle(inject('serverBundleDir')),
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      emulatorUrl: `${emulatorBase}${EMULATOR_PREFIX}`,
      port,
      // CALL_OFF_KILL_PROFILE=<dir>: each server start writes a CPU profile there (the test's own is --cpu-prof).
      ...(process.env.CALL_OFF_KILL_PROFILE
        ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.CALL_OFF_KILL_PROFILE}`] }
        : {}),
      env: {
        ADMIN_EMAILS: adminEmail,
        // The call-off job (and the refund and hold jobs) run every second.
        HOLD_SWEEP_SECONDS: '1',
        // The mails and credit notes the refunds queue are not this test's subject: the outbox waits.
        OUTBOX_INTERVAL_MS: '86400000',
      },
    });
    db = createDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    await server.start();

    adminToken = await signIdToken(await loadOrCreateSigningKeys(database.dataDir), {
      email: adminEmail,
      name: 'Call-off Admin',
    });
    const signIn = await send(server.url, 'POST', '/api/auth/google-signin', {
      body: { idToken: adminToken },
    });
    expect(signIn.status, signIn.text).toBe(200);
    const created = await send(server.url, 'POST', '/api/event', {
      token: adminToken,
      body: newEventBody({ totalTickets: ORDERS * 3, ticketPrice: 299 }),
    });
    expect(created.status, created.text).toBe(200);
    eventId = created.body.data.id;

    // Paid orders written straight to the database, their payments captured at Razorpay; no webhook about them
    // (the server must not hear of payments for orders it does not know yet).
    await razorpay('POST', '/_test/webhooks', { mode: 'drop' });
    ({ orders, tickets } = await seedPaidOrders(
      db,
      {
        createOrder: async (amount, receipt) =>
          (await razorpay('POST', '/v1/orders', { amount, currency: 'INR', receipt }, true)).id,
        pay: async (id) => (await razorpay('POST', '/_test/pay', { order_id: id })).razorpay_payment_id,
      },
      { eventId, orders: ORDERS, pricePaise: PRICE_PAISE, receipt: 'kill', concurrency: 50 },
    ));
    totalPaise = orders.reduce((sum, order) => sum + order.amount_paise, 0);
    await razorpay('POST', '/_test/webhooks', { mode: 'normal' });
  }, 300_000);

  afterAll(async () => {
    await server?.stop();
    await emulator?.close();
    await db?.destroy();
    await database?.drop();
  });

  it('refunds every order once, in full, through Razorpay failing a third and a kill -9 half-way', async () => {
    // Razorpay fails a third of the refunds (the first it is asked for: each fails when it settles), and takes half
    // of the refund requests before it starts holding them.
    await razorpay('POST', '/_test/refunds/fail-next', { count: Math.floor(tickets.length / 3) });
    await razorpay('POST', '/_test/refunds/hold-after', { count: Math.floor(tickets.length / 2) });

    const dry = await send(server.url, 'POST', CHANGE, {
      token: adminToken,
      body: { kind: 'call-off', dryRun: true },
    });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.body).toMatchObject({
      orders: ORDERS,
      tickets: tickets.length,
      refundTotal: totalPaise / 100,
    });
    const codeRow = dry.body.codeRequired
      ? await db
          .selectFrom('outbox')
          .select('payload')
          .where('kind', '=', 'call-off-code')
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow()
      : undefined;
    const code = codeRow ? (JSON.parse(codeRow.payload).code as string) : undefined;
    const confirmed = await send(server.url, 'POST', CHANGE, {
      token: adminToken,
      body: { kind: 'call-off', confirm: newEventBody().name, ...(code ? { code } : {}) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    // Seconds from the confirmation, for the log line (nothing waits on them).
    const started = performance.now();
    const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

    // Half-way: the job's rows show more refunds created than Razorpay takes, and the job waits on Razorpay for the
    // next answer.
    const half = Math.floor(tickets.length / 2);
    for (;;) {
      const { n } = await db
        .selectFrom('refunds')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(n) > half && (await razorpay('GET', '/_test/refunds/held')).refundsHeld > 0) break;
      if (!server.running) throw new Error(`the server died:\n${server.logs()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    await server.kill9();
    const atKill = { orders: await rowsByState(), refunds: await refundsByStatus() };
    console.info(`[${engine}] call-off killed half-way after ${elapsed()}: ${JSON.stringify(atKill)}`);
    expect(atKill.orders.queued ?? 0, JSON.stringify(atKill)).toBeGreaterThan(0);
    expect(atKill.orders.refunding ?? 0, JSON.stringify(atKill)).toBeGreaterThanOrEqual(
      Math.floor(ORDERS / 3),
    );
    // Razorpay makes the refunds it held, answering a server that is gone.
    const { released } = await razorpay('POST', '/_test/refunds/release');
    expect(released).toBeGreaterThan(0);

    await server.start();
    console.info(`[${engine}] restarted after ${elapsed()}`);
    // Razorpay settles what it holds (a third fails: the job retries those under a new attempt) and tells the server
    // in its webhooks, which go on in the background; until the progress view says every order is done. (Waiting
    // for the webhooks to go idle each time, `?wait=1`, polls every delivery in flight every 50 ms and answers the
    // list of all deliveries: with thousands of retries pending it kept this process, Razorpay's, too busy to
    // deliver them in time.)
    let progress: Record<string, unknown> = {};
    let polls = 0;
    for (;;) {
      await razorpay('POST', '/_test/refunds/settle');
      const answer = await send(server.url, 'GET', CHANGE, { token: adminToken });
      expect(answer.status, answer.text).toBe(200);
      progress = answer.body;
      if (progress.done === ORDERS) break;
      if (++polls % 30 === 0)
        console.info(`[${engine}] ${elapsed()}: ${JSON.stringify(progress).slice(0, 200)}`);
      if (!server.running) throw new Error(`the restarted server died:\n${server.logs()}`);
      // The job runs every second: asking more often only costs the server a progress view.
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    console.info(`[${engine}] every order done after ${elapsed()}`);
    expect(progress).toMatchObject({
      kind: 'call-off',
      status: 'called-off',
      done: ORDERS,
      pending: 0,
      failed: 0,
      refundedTotal: totalPaise / 100,
      pendingTotal: 0,
      failedTotal: 0,
      failedOrders: [],
    });
    expect(server.starts).toBe(2);
  }, 900_000);

  it('the books: one processed refund per ticket, each order refunded exactly what it paid, here and at Razorpay', async () => {
    const { processed, failed } = await expectCalledOffBooks(
      db,
      (await razorpay('GET', '/_test/state')) as EmulatorState,
      orders,
      tickets.map((ticket) => ticket.id),
      { eventId, scope: 'whole', failedAtRazorpay: Math.floor(tickets.length / 3) },
    );
    expect(await rowsByState()).toEqual({ refunding: ORDERS });
    console.info(
      `[${engine}] call-off after kill -9: ${ORDERS} orders, ${tickets.length} tickets, ` +
        `${processed} refunds processed, ${failed} failed at Razorpay and retried`,
    );
  });
});
