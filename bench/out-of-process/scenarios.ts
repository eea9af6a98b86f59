// The routes with throughput targets (bench/RESULTS.md), each driven by autocannon (64 connections by default) against the
// server process, with a bare hello measured right before so every figure has a same-run ratio.

import { sql } from 'kysely';
import { createDatabase } from '../../apps/server/src/platform/db/database';
import { orderPayload, type RushEvent } from '../../apps/server/support/cluster-rush';
import { createBenchEvent, presell, seedScanTickets } from '../support';
import { type BenchUser, helloLoad, type LoadResult, load, People, type ServerProcess } from './harness';
import { purchaseLoop } from './purchase-loop';

export const ADMIN_EMAIL = 'bench-admin@bench.test';

export interface Setup {
  server: ServerProcess;
  people: People;
  admin: BenchUser;
  event: RushEvent;
}

/** The admin (ADMIN_EMAILS makes them one at first sign-in) and the one event, with `totalTickets` seats. */
export async function setUp(server: ServerProcess, totalTickets: number): Promise<Setup> {
  const people = await People.for(server);
  const [admin] = await people.signIn('admin', 1, () => ADMIN_EMAIL);
  const event = await createBenchEvent(server.url, admin!.token, totalTickets);
  return { server, people, admin: admin!, event };
}

export interface Measured {
  hello: LoadResult;
  result: LoadResult;
}

/** Hello, then the scenario, back to back: the ratio compares two numbers from the same minute. */
export interface Hello {
  url: string;
  pid: number;
}

async function paired(hello0: Hello, duration: number, run: () => Promise<LoadResult>): Promise<Measured> {
  const hello = await helloLoad(hello0, duration);
  return { hello, result: await run() };
}

export function rotate<T>(items: T[]): () => T {
  let next = 0;
  return () => items[next++ % items.length]!;
}

// A fresh object each time: autocannon writes content-length into the headers it is given.
const json = () => ({ 'content-type': 'application/json' });

export function measureHealth(setup: Setup, hello: Hello, duration: number): Promise<Measured> {
  return paired(hello, duration, () =>
    load({
      label: 'GET /api/health',
      url: setup.server.url,
      pid: setup.server.pid,
      duration,
      requests: [{ method: 'GET', path: '/api/health' }],
    }),
  );
}

export async function measureMe(setup: Setup, hello: Hello, duration: number): Promise<Measured> {
  const next = rotate(await setup.people.signIn('reader', 64));
  return paired(hello, duration, () =>
    load({
      label: 'GET /api/auth/me',
      url: setup.server.url,
      pid: setup.server.pid,
      duration,
      requests: [
        {
          method: 'GET',
          path: '/api/auth/me',
          setupRequest: (request) => ({ ...request, headers: { authorization: `Bearer ${next().token}` } }),
        },
      ],
    }),
  );
}

/** Holds only (stock available): create-order by many buyers, quantity 1, never paid. */
export async function measureHolds(
  setup: Setup,
  hello: Hello,
  options: { duration?: number; amount?: number; buyers: BenchUser[]; label?: string; bodies?: string[] },
): Promise<Measured> {
  const next = rotate(options.buyers);
  // One body for every hold (the spec's payload, one ticket), or the bodies given, in turn.
  const nextBody = rotate(options.bodies ?? [JSON.stringify(orderPayload(setup.event, 1))]);
  const run = () =>
    load({
      label: options.label ?? 'POST /api/tickets/create-order (holds)',
      url: setup.server.url,
      pid: setup.server.pid,
      ...(options.amount ? { amount: options.amount } : { duration: options.duration ?? 10 }),
      requests: [
        {
          method: 'POST',
          path: '/api/tickets/create-order',
          setupRequest: (request) => ({
            ...request,
            headers: { ...json(), authorization: `Bearer ${next().token}` },
            body: nextBody(),
          }),
        },
      ],
    });
  return paired(hello, options.duration ?? 10, run);
}

export interface Purchases extends Measured {
  completed: number;
  perSecond: number;
  /** The emulator's pay, timed by the load generator. */
  pay: { p50: number; p99: number };
  /** CPU of the emulator's own process per purchase, ms (undefined when it is mounted on the server). */
  emulatorCpuMsPerPurchase: number | undefined;
  /** QR tokens of the tickets bought, for the check-in scenarios. */
  qrTokens: string[];
}

/**
 * Complete purchases: create-order -> emulator pay (its webhooks reach the app) -> verify-payment, per connection
 * (purchase-loop.ts). Requests and CPU per request count the server's own requests (create-order, verify-payment).
 */
export async function measurePurchases(
  setup: Setup,
  hello: Hello,
  options: { duration: number; buyers: BenchUser[] },
): Promise<Purchases> {
  const next = rotate(options.buyers);
  const helloResult = await helloLoad(hello, options.duration);
  const loop = await purchaseLoop({
    serverUrl: setup.server.url,
    emulatorUrl: setup.server.emulatorUrl,
    serverPid: setup.server.pid,
    emulatorPid: setup.server.emulatorPid,
    connections: 64,
    seconds: options.duration,
    nextToken: () => next().token,
    orderBody: JSON.stringify(orderPayload(setup.event, 1)),
  });
  return {
    hello: helloResult,
    result: loop.result,
    completed: loop.completed,
    perSecond: loop.completed / loop.result.seconds,
    pay: loop.pay,
    emulatorCpuMsPerPurchase: loop.emulatorCpuMsPerPurchase,
    qrTokens: loop.qrTokens,
  };
}

/** verify-qr over the tickets (repeatable), rotating over gate accounts so the per-checker limit is not met. */
export async function measureScans(
  setup: Setup,
  hello: Hello,
  options: { duration: number; qrTokens: string[]; checkers: BenchUser[] },
): Promise<{ verify: Measured; mark: Measured }> {
  const checker = rotate(options.checkers);
  const ticket = rotate(options.qrTokens);
  const scan = (path: string) => ({
    method: 'POST' as const,
    path,
    setupRequest: (request: object) => ({
      ...request,
      headers: { ...json(), authorization: `Bearer ${checker().token}` },
      body: JSON.stringify({ qrCode: ticket() }),
    }),
  });
  const verify = await paired(hello, options.duration, () =>
    load({
      label: 'POST /api/tickets/verify-qr',
      url: setup.server.url,
      pid: setup.server.pid,
      duration: options.duration,
      requests: [scan('/api/tickets/verify-qr')],
    }),
  );
  // Each ticket is admitted once: the tickets in order from the first, for the whole duration (a ticket scanned a
  // second time would answer 400 ALREADY_USED, which the statuses would show: there are enough for that not to
  // happen at several thousand admissions a second).
  const admit = rotate(options.qrTokens);
  const mark = await paired(hello, options.duration, () =>
    load({
      label: 'POST /api/tickets/mark-used',
      url: setup.server.url,
      pid: setup.server.pid,
      duration: options.duration,
      requests: [
        {
          method: 'POST' as const,
          path: '/api/tickets/mark-used',
          setupRequest: (request: object) => ({
            ...request,
            headers: { ...json(), authorization: `Bearer ${checker().token}` },
            body: JSON.stringify({ qrCode: admit() }),
          }),
        },
      ],
    }),
  );
  return { verify, mark };
}

/**
 * Tickets to scan until there are `atLeast`: one manual issuance through the API (so the event has its signing
 * key, made by the server), the rest written straight into the database (seedScanTickets). mark-used admits each
 * ticket once, so at several thousand admissions a second it needs tens of thousands to run for the whole
 * measurement (3,000 lasted 2 s of 8).
 */
export async function topUpScanTickets(setup: Setup, qrTokens: string[], atLeast: number): Promise<string[]> {
  const tokens = [...qrTokens];
  if (tokens.length >= atLeast) return tokens;
  const response = await fetch(`${setup.server.url}/api/tickets/admin/issue-manual`, {
    method: 'POST',
    headers: { ...json(), authorization: `Bearer ${setup.admin.token}` },
    body: JSON.stringify({
      userName: 'Scan Guest',
      userEmail: `scan.guest.${setup.event.id.slice(0, 8)}@bench.test`,
      quantity: 1,
      paymentDone: true,
    }),
  });
  if (!response.ok) throw new Error(`issue-manual: ${response.status} ${await response.text()}`);
  for (const ticket of (await response.json()).tickets) tokens.push(ticket.qrCode);
  const db = createDatabase({ dataDir: setup.server.dataDir, databaseUrl: setup.server.databaseUrl });
  try {
    tokens.push(...(await seedScanTickets(db, setup.event.id, setup.admin.id, atLeast - tokens.length)));
  } finally {
    await db.destroy();
  }
  return tokens;
}

/** Gate accounts: signed in, then made checkers by the admin through the API. */
export async function checkers(setup: Setup, count: number): Promise<BenchUser[]> {
  const users = await setup.people.signIn('gate', count);
  for (const user of users) {
    const response = await fetch(`${setup.server.url}/api/admin/users/${user.id}/role`, {
      method: 'PATCH',
      headers: { ...json(), authorization: `Bearer ${setup.admin.token}` },
      body: JSON.stringify({ role: 'qrchecker' }),
    });
    if (!response.ok) throw new Error(`role: ${response.status} ${await response.text()}`);
  }
  return users;
}

/**
 * The 20,000-seat question: holds on an event with none sold, then (live holds expired, 19,000 tickets
 * written straight into the database) the same number of holds again. Same server, same buyers.
 */
export async function measureFullEvent(
  setup: Setup,
  hello: Hello,
  options: { holds: number; sold: number; buyers: BenchUser[] },
): Promise<{ empty: Measured; full: Measured }> {
  const empty = await measureHolds(setup, hello, {
    amount: options.holds,
    buyers: options.buyers,
    label: `${options.holds} holds, none sold`,
  });
  const db = createDatabase({ dataDir: setup.server.dataDir, databaseUrl: setup.server.databaseUrl });
  try {
    await db.updateTable('orders').set({ status: 'expired' }).where('status', '=', 'created').execute();
    await presell(db, setup.event.id, setup.admin.id, options.sold);
    // SQLite: the 19,000 tickets written here sit in the WAL until a checkpoint copies them into the file, and the
    // server's own checkpointer (a thread of the server, so its CPU counts as the server's) would do that during
    // the holds measured next, charging them for work they did not cause (bench/history/purchase.md).
    // Copied here, by the connection that wrote them.
    if (!setup.server.databaseUrl) await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  } finally {
    await db.destroy();
  }
  const full = await measureHolds(setup, hello, {
    amount: options.holds,
    buyers: options.buyers,
    label: `${options.holds} holds, ${options.sold} sold`,
  });
  return { empty, full };
}
