// Purchase-rush benchmark (issues 3 and 7): B buyers at once for the last N seats, over real HTTP, on SQLite
// and on PostgreSQL, with a bare Fastify route measured by the same load generator as the ceiling.
//
//   npx tsx bench/purchase-rush/run.ts [--total 1000] [--left 500] [--buyers 2000] [--concurrency 64]
//                                      [--bare-requests 20000] [--engines sqlite,postgres]
//
// PostgreSQL: BENCH_DATABASE_URL, else the throwaway test server (`scripts/test-postgres.sh start`); the bench
// creates and drops its own database. The app runs in this process (buildApp, listening on 127.0.0.1:0) with
// the Razorpay emulator mounted on it, as `npm start` runs; the load generator shares the event loop and the
// machine's cores, so every number includes the client's own work. Clients use fetch (undici, keep-alive).
//
// Each buyer, one person each (token pre-minted, signed in before the clock starts), quantity 1 or 2
// alternately: create-order -> emulator /_test/pay -> verify-payment. At most --concurrency buyers in flight.
// The emulator's webhooks (payment.captured, order.paid) reach the app during the rush, as in production.
// Afterwards the books are checked against the emulator's state: oversell (tickets sold - capacity, must be 0),
// every captured payment has tickets or a full refund, one confirmation mail per order. Exits 1 otherwise.
//
// The ceiling: a separate Fastify instance (no database, no auth, no plugins) with one POST route answering
// a small JSON body, driven by the same pool with the same concurrency, right before AND right after each
// engine's rush (this machine is shared, its load swings within a minute; both are reported).
// ratio = purchase-flow requests/s (create-order + pay + verify-payment) / mean of the two bare requests/s.
//
//   npx tsx bench/purchase-rush/run.ts --out-of-process [--engines sqlite,postgres] [--duration 10]
//                                      [--scenarios health,me,holds,purchases,full-event] [--cpu-prof DIR]
//                                      [--emulator own-process|in-process] [--server-dir <checkout>]
//                                      [--scenarios waiting-room --rush-buyers 10000 --rush-seats 2000
//                                       --admit-per-minute 3000]
//   (the server in its own process as `npm start` runs it, the Razorpay emulator in a third process unless
//   --emulator in-process, autocannon and the purchase loop from here, ratios to a bare hello: bench/out-of-process/)

import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadOrCreateSigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import Fastify from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { updateUser } from '../../apps/server/src/stores/users';
import {
  type Books,
  booksProblems,
  checkBooks,
  emulatorState,
  NO_PROBLEMS,
} from '../../apps/server/support/cluster-books';
import {
  type Percentiles,
  percentiles,
  postJson,
  runPool,
  rush,
  tally,
} from '../../apps/server/support/cluster-rush';
import {
  benchConfig,
  createBenchEvent,
  createPostgresDatabase,
  type Engine,
  machine,
  presell,
} from '../support';

if (process.argv.includes('--out-of-process')) {
  const { runOutOfProcess } = await import('../out-of-process/run');
  await runOutOfProcess(['health', 'me', 'holds', 'purchases', 'full-event']);
  process.exit(process.exitCode ?? 0);
}

const { values: args } = parseArgs({
  options: {
    total: { type: 'string', default: '1000' },
    left: { type: 'string', default: '500' },
    buyers: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '64' },
    'bare-requests': { type: 'string', default: '5000' },
    engines: { type: 'string', default: 'sqlite,postgres' },
  },
});
const TOTAL = Number(args.total);
const LEFT = Number(args.left);
const BUYERS = Number(args.buyers);
const CONCURRENCY = Number(args.concurrency);
const BARE_REQUESTS = Number(args['bare-requests']);
const ENGINES = args.engines.split(',') as Engine[];
const RUSH_DEADLINE_MS = 10 * 60_000;

interface EngineResult {
  engine: Engine;
  bare: { requests: number; seconds: number; perSecond: number; latency: Percentiles };
  bareAfter: { requests: number; seconds: number; perSecond: number; latency: Percentiles };
  buyers: number;
  seconds: number;
  sellingSeconds: number;
  buyersPerSecond: number;
  purchasesPerSecond: number;
  requestsPerSecond: number;
  ratio: number;
  createOrder: Percentiles;
  pay: Percentiles;
  verifyPayment: Percentiles;
  soldOutAtCreate: number;
  soldOutAtVerify: number;
  paidOrders: number;
  ticketsSoldInRush: number;
  other: Record<string, number>;
  books: Books;
}

async function main(): Promise<void> {
  console.log(machine());
  console.log(
    `total=${TOTAL} left=${LEFT} buyers=${BUYERS} concurrency=${CONCURRENCY} bare=${BARE_REQUESTS}; engines: ${ENGINES.join(', ')}\n`,
  );
  const results: EngineResult[] = [];
  for (const engine of ENGINES) results.push(await runEngine(engine));
  console.log(markdown(results));
  const failed = results.filter(
    (r) => JSON.stringify(booksProblems(r.books)) !== JSON.stringify(NO_PROBLEMS) || r.books.sold !== TOTAL,
  );
  if (failed.length > 0) {
    console.error(`FAILED on ${failed.map((r) => r.engine).join(', ')}`);
    process.exit(1);
  }
}

async function runEngine(engine: Engine): Promise<EngineResult> {
  const dataDir = await mkdtemp(join(tmpdir(), `utsav-bench-rush-${engine}-`));
  const database = engine === 'postgres' ? await createPostgresDatabase('utsav_bench_rush') : undefined;
  const config = benchConfig(dataDir, database?.url, {
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    RATE_LIMIT_CREATE_ORDER_PER_MINUTE: '1000000',
  });
  const app = await buildApp(config);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const keys = await loadOrCreateSigningKeys(dataDir);
    const signIn = async (label: string) => {
      const email = `${label}.${randomBytes(4).toString('hex')}@bench.test`;
      const token = await signIdToken(keys, { email, name: label });
      const response = await postJson(`${base}/api/auth/google-signin`, { idToken: token });
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
      return { token, id: response.body.user.id as string };
    };
    const admin = await signIn('bench-admin');
    await updateUser(app.ctx.db, admin.id, { role: 'admin' });
    const createdEvent = await createBenchEvent(base, admin.token, TOTAL);
    const event = createdEvent;
    await presell(app.ctx.db, event.id, admin.id, TOTAL - LEFT);

    const tokens: string[] = new Array(BUYERS);
    await runPool(BUYERS, 16, async (index) => {
      tokens[index] = (await signIn(`buyer${index}`)).token;
    });

    // Warm-up on both servers: connections, JIT, statement caches.
    const bareServer = await startBare();
    await runPool(
      500,
      CONCURRENCY,
      async () => void (await postJson(`${bareServer.url}/bare`, sampleBody())),
    );
    const bare = await measureBare(bareServer.url);

    const result = await rush({
      appUrl: base,
      emulatorUrl: `${base}/razorpay-emulator`,
      event,
      tokens,
      concurrency: CONCURRENCY,
      quantityOf: (index) => 1 + (index % 2),
      deadlineMs: RUSH_DEADLINE_MS,
    });
    const bareAfter = await measureBare(bareServer.url);
    await bareServer.close();
    const idle = await fetch(`${base}/razorpay-emulator/_test/webhooks?wait=1`).then((r) => r.json());
    if (!idle.idle) console.warn('webhooks still pending after 10 s');
    const books = await checkBooks(app.ctx.db, event.id, await emulatorState(`${base}/razorpay-emulator`));
    const counts = tally(result.outcomes);
    const bought = result.outcomes.filter((o) => o.stage === 'verify-payment' && o.status === 200);
    const seconds = result.elapsedMs / 1000;
    const requestsPerSecond = result.requests / seconds;
    const engineResult: EngineResult = {
      engine,
      bare,
      bareAfter,
      buyers: result.outcomes.length,
      seconds,
      sellingSeconds: result.sellingMs / 1000,
      buyersPerSecond: result.outcomes.length / seconds,
      purchasesPerSecond: bought.length / (result.sellingMs / 1000),
      requestsPerSecond,
      ratio: requestsPerSecond / ((bare.perSecond + bareAfter.perSecond) / 2),
      createOrder: percentiles(result.latencies['create-order']),
      pay: percentiles(result.latencies.pay),
      verifyPayment: percentiles(result.latencies['verify-payment']),
      soldOutAtCreate: counts['create-order 409 SOLD_OUT'] ?? 0,
      soldOutAtVerify: counts['verify-payment 409 SOLD_OUT'] ?? 0,
      paidOrders: bought.length,
      ticketsSoldInRush: bought.reduce((sum, o) => sum + o.tickets, 0),
      other: Object.fromEntries(
        Object.entries(counts).filter(
          ([key]) => key !== 'create-order 409 SOLD_OUT' && key !== 'verify-payment 200',
        ),
      ),
      books,
    };
    console.log(`${engine}: ${JSON.stringify({ ...engineResult, books: booksSummary(books) })}\n`);
    return engineResult;
  } finally {
    await app.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---- the ceiling

function sampleBody() {
  return { quantity: 1, amount: 299, eventId: randomUUID(), pricePerTicket: 299, pricingTier: 'Individual' };
}

async function startBare(): Promise<{ url: string; close(): Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.post('/bare', async (request) => ({
    success: true,
    echo: (request.body as { quantity: number }).quantity,
  }));
  const url = await bare.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => bare.close() };
}

async function measureBare(url: string): Promise<EngineResult['bare']> {
  const latency: number[] = [];
  const started = performance.now();
  await runPool(BARE_REQUESTS, CONCURRENCY, async () => {
    const t = performance.now();
    const response = await postJson(`${url}/bare`, sampleBody());
    latency.push(performance.now() - t);
    if (response.status !== 200) throw new Error(`bare route answered ${response.status}`);
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: BARE_REQUESTS,
    seconds,
    perSecond: BARE_REQUESTS / seconds,
    latency: percentiles(latency),
  };
}

// ---- reporting

function booksSummary(books: Books) {
  return {
    total: books.total,
    sold: books.sold,
    oversold: books.oversold,
    paidOrders: books.paidOrders,
    capturedPayments: books.capturedPayments,
    refunds: books.refunds,
    orderStatuses: books.orderStatuses,
    problems: booksProblems(books),
  };
}

function markdown(results: EngineResult[]): string {
  const p = (x: Percentiles) => `${x.p50} / ${x.p99}`;
  const lines = [
    '| engine | buyers/s (all buyers) | purchases/s while selling | create-order p50 / p99 ms | verify-payment p50 / p99 ms | emulator pay p50 / p99 ms | paid orders (tickets) | SOLD_OUT at create-order / at verify | other answers | oversold (sold − capacity) | flow req/s | bare req/s before / after (p50 / p99 ms) | ratio |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    lines.push(
      [
        '',
        r.engine,
        `${r.buyersPerSecond.toFixed(0)} (${r.buyers} in ${r.seconds.toFixed(1)} s)`,
        `${r.purchasesPerSecond.toFixed(0)} (${r.paidOrders} in ${r.sellingSeconds.toFixed(1)} s)`,
        p(r.createOrder),
        p(r.verifyPayment),
        p(r.pay),
        `${r.paidOrders} (${r.ticketsSoldInRush})`,
        `${r.soldOutAtCreate} / ${r.soldOutAtVerify}`,
        Object.keys(r.other).length === 0 ? 'none' : JSON.stringify(r.other),
        `${r.books.sold - r.books.total} (sold ${r.books.sold} of ${r.books.total})`,
        r.requestsPerSecond.toFixed(0),
        `${r.bare.perSecond.toFixed(0)} (${p(r.bare.latency)}) / ${r.bareAfter.perSecond.toFixed(0)} (${p(r.bareAfter.latency)})`,
        r.ratio.toFixed(3),
        '',
      ]
        .join(' | ')
        .trim(),
    );
  }
  return lines.join('\n');
}

await main();
