import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Counter, collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { Db } from './db/database';
import { sendNotFound } from './error-handler';
import { HttpMetrics } from './http-metrics';
import { warningsOnly } from './quiet-logger';

// GET /metrics in Prometheus' text format. One registry per app (never prom-client's global one), so a test
// process can build several apps and each counts only its own requests.
//
// Two kinds of series:
// - per instance, counted in memory: HTTP requests and latency, the process (CPU, memory, event loop, GC);
// - database-wide, read at scrape time with a few COUNT queries: tickets, holds, scans, refunds, outbox.
//   Every instance reports the same numbers for those, so dashboards aggregate them with max(), not sum().

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

// Only these prefixes keep their route pattern as a label. Static files are registered one route per file by
// @fastify/static and the SPA fallback has no route at all: both collapse to one label each, so a crawler
// requesting random URLs can never grow the number of series.
const LABELLED_ROUTE = /^\/(api|dev-auth|razorpay-emulator|metrics)(\/|$)/;

export interface MetricsOptions {
  db: Db;
  now: () => Date;
  /** METRICS_TOKEN: a scraper that is not on this machine must send it as a bearer token. */
  token: string | undefined;
}

/** The app's registry, with the process metrics (CPU, memory, event loop, GC). */
export function metricsRegistry(): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return registry;
}

export function registerMetrics(app: FastifyInstance, registry: Registry, options: MetricsOptions): void {
  // Counted in plain numbers (http-metrics.ts): prom-client's label hashing was a visible share of a request.
  const http = new HttpMetrics(registry, {
    requests: {
      name: 'http_requests_total',
      help: 'HTTP requests answered by this instance, by method, route pattern and status code.',
    },
    latency: {
      name: 'http_request_duration_seconds',
      help: 'Time from receiving a request to sending the last byte of its response, by method and route pattern.',
      buckets: LATENCY_BUCKETS,
    },
  });

  // Callback style: on every request, an async hook would cost a promise and a microtask turn.
  app.addHook('onResponse', (request, reply, done) => {
    http.record(request.method, routeLabel(request, reply), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  registerDatabaseGauges(registry, options, app);

  app.get('/metrics', { schema: { hide: true }, ...warningsOnly() }, async (request, reply) => {
    if (!mayScrape(request, options.token)) return sendNotFound(request, reply);
    const body = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
  });
}

// The label of each route pattern, worked out once (a few hundred patterns at most: every registered route).
const routeLabels = new Map<string, string>();

function routeLabel(request: FastifyRequest, reply: FastifyReply): string {
  // Noted by the route's first hook (request-hooks.ts); a request answered before it ran (a CORS preflight)
  // reads the pattern from Fastify, which builds an object to say it.
  const pattern = request.routePattern ?? (request.is404 ? undefined : request.routeOptions.url);
  if (pattern === undefined) return reply.statusCode === 404 ? 'unmatched' : 'spa';
  let label = routeLabels.get(pattern);
  if (label === undefined) {
    if (LABELLED_ROUTE.test(pattern)) label = pattern;
    else label = pattern.startsWith('/assets/') ? '/assets/*' : 'static';
    routeLabels.set(pattern, label);
  }
  return label;
}

/**
 * A scraper on this machine (no proxy in between) may read freely; anyone else needs METRICS_TOKEN. A request
 * that came through a proxy carries its forwarding headers, so nginx on the same box never makes the world
 * "local" (deploy/nginx.conf also refuses /metrics outright).
 */
function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization;
  if (token && typeof header === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (match?.[1] && sameSecret(match[1], token)) return true;
  }
  const forwarded =
    request.headers['x-forwarded-for'] !== undefined ||
    request.headers.forwarded !== undefined ||
    request.headers['x-real-ip'] !== undefined;
  return !forwarded && isLoopback(request.socket.remoteAddress);
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

interface CountRow {
  key: string | null;
  key2?: string | null;
  count: number | string | bigint;
}

/**
 * Gauges (and two counters that mirror append-only tables) computed by COUNT queries when Prometheus scrapes.
 * Each query fails on its own: a missing table (a migration not yet applied) leaves its series out and logs,
 * it never turns the whole scrape into an error.
 */
function registerDatabaseGauges(registry: Registry, options: MetricsOptions, app: FastifyInstance): void {
  const { db } = options;
  const attempt = async (what: string, work: () => Promise<void>) => {
    try {
      await work();
      return true;
    } catch (error) {
      app.log.warn({ err: error, metric: what }, 'metrics query failed');
      return false;
    }
  };

  new Gauge({
    name: 'utsav_database_up',
    help: '1 when the database answered the scrape-time queries, else 0.',
    registers: [registry],
    async collect() {
      this.set((await attempt('database_up', async () => void (await sql`select 1`.execute(db)))) ? 1 : 0);
    },
  });

  new Gauge({
    name: 'utsav_tickets',
    help: 'Tickets in the database by status (active, used, cancelled). Database-wide: aggregate with max().',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await attempt('tickets', async () => {
        for (const status of ['active', 'used', 'cancelled']) this.set({ status }, 0);
        const rows = await db
          .selectFrom('tickets')
          .select(['status as key', (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy('status')
          .execute();
        for (const row of rows as CountRow[]) this.set({ status: String(row.key) }, Number(row.count));
      });
    },
  });

  // A counter that mirrors the tickets table: reset and re-set on every scrape. Deleting a ticket (rare, admin
  // only) makes it drop, which rate() reads as a counter reset, not as negative sales.
  new Counter({
    name: 'utsav_tickets_sold_total',
    help: 'Tickets ever issued, by channel: online (paid orders) or manual (staff issuance). Database-wide.',
    labelNames: ['channel'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await attempt('tickets_sold', async () => {
        const row = await db
          .selectFrom('tickets')
          .select([
            (eb) => eb.fn.countAll<number>().as('all'),
            (eb) => eb.fn.sum<number>(sql`case when issued_by_admin = 1 then 1 else 0 end`).as('manual'),
          ])
          .executeTakeFirstOrThrow();
        const manual = Number(row.manual ?? 0);
        this.inc({ channel: 'online' }, Number(row.all) - manual);
        this.inc({ channel: 'manual' }, manual);
      });
    },
  });

  // Both read one query; prom-client collects metrics concurrently, so the first to ask runs it for both.
  let holdsQuery: Promise<{ orders: number; seats: number } | null> | undefined;
  const liveHolds = () => {
    holdsQuery ??= (async () => {
      let result: { orders: number; seats: number } | null = null;
      await attempt('holds', async () => {
        const row = await db
          .selectFrom('orders')
          .select([
            (eb) => eb.fn.countAll<number>().as('orders'),
            (eb) => eb.fn.sum<number>('quantity').as('seats'),
          ])
          .where('status', '=', 'created')
          .where('hold_expires_at', '>', options.now().toISOString())
          .executeTakeFirstOrThrow();
        result = { orders: Number(row.orders), seats: Number(row.seats ?? 0) };
      });
      return result;
    })().finally(() => {
      setImmediate(() => {
        holdsQuery = undefined;
      });
    });
    return holdsQuery;
  };
  new Gauge({
    name: 'utsav_holds_live',
    help: 'Checkouts holding seats right now (order created, hold not expired). Database-wide.',
    registers: [registry],
    async collect() {
      this.reset();
      const holds = await liveHolds();
      if (holds) this.set(holds.orders);
    },
  });
  new Gauge({
    name: 'utsav_held_tickets',
    help: 'Seats held by live checkouts right now. Database-wide.',
    registers: [registry],
    async collect() {
      this.reset();
      const holds = await liveHolds();
      if (holds) this.set(holds.seats);
    },
  });

  new Counter({
    name: 'utsav_checkin_scans_total',
    help: 'Gate scans recorded (checkin_scans is append-only), by action (verify, mark, sync) and result.',
    labelNames: ['action', 'result'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await attempt('checkin_scans', async () => {
        const rows = await db
          .selectFrom('checkin_scans')
          .select(['action as key', 'result as key2', (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy(['action', 'result'])
          .execute();
        for (const row of rows as CountRow[])
          this.inc({ action: String(row.key), result: String(row.key2) }, Number(row.count));
      });
    },
  });

  new Gauge({
    name: 'utsav_refunds',
    help: 'Refunds by status (pending, processing, processed, failed, cancelled). Database-wide.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await attempt('refunds', async () => {
        const rows = await db
          .selectFrom('refunds')
          .select(['status as key', (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy('status')
          .execute();
        for (const status of ['pending', 'processing', 'processed', 'failed']) this.set({ status }, 0);
        for (const row of rows as CountRow[]) this.set({ status: String(row.key) }, Number(row.count));
      });
    },
  });

  new Gauge({
    name: 'utsav_payment_refunds',
    help:
      'Whole-payment refunds the purchase flow owes (kind: late = paid after the seats were gone, duplicate = a ' +
      'second payment), by state: owed (not accepted by Razorpay yet), sent, settled. Database-wide.',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await attempt('payment refunds', async () => {
        const state = sql<string>`case when razorpay_refund_id is null then 'owed' when refund_settled_at is null then 'sent' else 'settled' end`;
        const late = await db
          .selectFrom('orders')
          .select([state.as('key'), (eb) => eb.fn.countAll<number>().as('count')])
          .where('status', '=', 'refunded')
          .where('razorpay_payment_id', 'is not', null)
          .groupBy(state)
          .execute();
        const duplicate = await db
          .selectFrom('duplicate_payments')
          .select([state.as('key'), (eb) => eb.fn.countAll<number>().as('count')])
          .groupBy(state)
          .execute();
        for (const [kind, rows] of [
          ['late', late],
          ['duplicate', duplicate],
        ] as const) {
          for (const name of ['owed', 'sent', 'settled']) this.set({ kind, state: name }, 0);
          for (const row of rows as CountRow[]) this.set({ kind, state: String(row.key) }, Number(row.count));
        }
      });
    },
  });

  new Gauge({
    name: 'utsav_outbox_messages',
    help: 'Outbox messages (ticket emails and notices) not sent yet: pending, or failed for good. Database-wide.',
    labelNames: ['status'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      await attempt('outbox', async () => {
        const rows = await db
          .selectFrom('outbox')
          .select(['status as key', (eb) => eb.fn.countAll<number>().as('count')])
          .where('status', 'in', ['pending', 'failed'])
          .groupBy('status')
          .execute();
        for (const status of ['pending', 'failed']) this.set({ status }, 0);
        for (const row of rows as CountRow[]) this.set({ status: String(row.key) }, Number(row.count));
      });
    },
  });
}
