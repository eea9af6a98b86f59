// Admin benchmark: 50,000 tickets and 20,000 users, on SQLite and on PostgreSQL.
//
//   npx tsx --expose-gc bench/admin/run.ts [--tickets 50000] [--users 20000] [--requests 200] [--engines sqlite,postgres]
//
// Rows are seeded straight into the database (batched inserts in one transaction), then the server built by
// buildApp answers real HTTP on 127.0.0.1 (fetch/undici, keep-alive), one request at a time, as one
// organiser clicking through the panels would:
//   - tickets: GET /admin/tickets/management?search=<name or email fragment>&status=active&page=1..5
//   - users:   GET /admin/users?search=<name or email fragment>&role=guest&page=1..5
//   - export:  GET /admin/tickets/export?format=csv (and json), the body read as a stream and discarded;
//              time to the last byte, and peak RSS / heap above the level just before (sampled every 5 ms).
// PostgreSQL: BENCH_DATABASE_URL, else the throwaway test server (`scripts/test-postgres.sh start`); the bench
// creates and drops its own database there.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadOrCreateSigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import { buildApp } from '../../apps/server/src/app';
import type { Db } from '../../apps/server/src/platform/db/database';
import type { TicketRow, UserRow } from '../../apps/server/src/platform/db/schema';
import { updateUser } from '../../apps/server/src/stores/users';
import { insertRows, ticketRow, userRow } from '../../apps/server/support/admin-fixtures';
import {
  benchConfig,
  createBenchEvent,
  createPostgresDatabase,
  type Engine,
  machine,
  type Percentiles,
  percentiles,
} from '../support';

const { values: args } = parseArgs({
  options: {
    tickets: { type: 'string', default: '50000' },
    users: { type: 'string', default: '20000' },
    requests: { type: 'string', default: '200' },
    engines: { type: 'string', default: 'sqlite,postgres' },
  },
});
const TICKETS = Number(args.tickets);
const USERS = Number(args.users);
const REQUESTS = Number(args.requests);
const ENGINES = args.engines.split(',') as Engine[];

const FIRST = [
  'Asha',
  'Riya',
  'Dev',
  'Kiran',
  'Meera',
  'Arjun',
  'Nisha',
  'Rahul',
  'Pooja',
  'Vikram',
  'Sneha',
  'Amit',
  'Kavya',
  'Rohan',
  'Isha',
  'Nikhil',
];
const LAST = [
  'Patel',
  'Shah',
  'Mehta',
  'Desai',
  'Joshi',
  'Trivedi',
  'Pandya',
  'Bhatt',
  'Parikh',
  'Modi',
  'Dave',
  'Vyas',
  'Amin',
  'Gandhi',
  'Raval',
  'Soni',
  'Thakkar',
  'Kapadia',
  'Chokshi',
  'Doshi',
];

interface ExportResult {
  ms: number;
  /** CPU time of this process (server, SQLite when embedded, and the reading client) during the export. */
  cpuMs: number;
  bytes: number;
  rows: number;
  peakRssDeltaMb: number;
  peakHeapDeltaMb: number;
  rssBeforeMb: number;
}

interface EngineResult {
  engine: Engine;
  seedSeconds: number;
  tickets: Percentiles;
  /** Mean CPU ms of this process per request (server + embedded SQLite + client). */
  ticketCpuMs: number;
  ticketMatches: number;
  users: Percentiles;
  userCpuMs: number;
  userMatches: number;
  csv: ExportResult;
  json: ExportResult;
}

async function main(): Promise<void> {
  console.log(machine());
  console.log(
    `${TICKETS} tickets, ${USERS} users, ${REQUESTS} requests per list; engines: ${ENGINES.join(', ')}\n`,
  );
  const results: EngineResult[] = [];
  for (const engine of ENGINES) results.push(await runEngine(engine));
  console.log(markdown(results));
}

async function runEngine(engine: Engine): Promise<EngineResult> {
  const dataDir = await mkdtemp(join(tmpdir(), `utsav-bench-admin-${engine}-`));
  const database = engine === 'postgres' ? await createPostgresDatabase('utsav_bench_admin') : undefined;
  const app = await buildApp(benchConfig(dataDir, database?.url));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const keys = await loadOrCreateSigningKeys(dataDir);
    const token = await signIdToken(keys, { email: 'bench.admin@bench.test', name: 'Bench Admin' });
    const signedIn = await call(base, 'POST', '/api/auth/google-signin', undefined, { idToken: token });
    await updateUser(app.ctx.db, signedIn.body.user.id, { role: 'admin' });
    const event = await createBenchEvent(base, token, TICKETS + 1000);

    const seedStart = performance.now();
    await seed(app.ctx.db, event.id, signedIn.body.user.id);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`[${engine}] seeded in ${seedSeconds.toFixed(1)} s`);

    // Warm-up: connections, JIT, statement caches.
    for (let i = 0; i < 10; i++) {
      await call(base, 'GET', `/api/admin/tickets/management?search=${LAST[i]}&status=active`, token);
      await call(base, 'GET', `/api/admin/users?search=${LAST[i]}&role=guest`, token);
    }

    const ticketMs: number[] = [];
    const userMs: number[] = [];
    let ticketMatches = 0;
    let userMatches = 0;
    let ticketCpu = 0;
    let userCpu = 0;
    for (let i = 0; i < REQUESTS; i++) {
      const search = searchTerm(i);
      const page = 1 + (i % 5);
      let t = performance.now();
      let cpu = process.cpuUsage();
      const tickets = await call(
        base,
        'GET',
        `/api/admin/tickets/management?search=${encodeURIComponent(search)}&status=active&page=${page}&limit=20`,
        token,
      );
      ticketMs.push(performance.now() - t);
      ticketCpu += cpuMs(process.cpuUsage(cpu));
      if (tickets.status !== 200) throw new Error(`tickets ${tickets.status}`);
      ticketMatches += tickets.body.pagination.totalTickets;
      t = performance.now();
      cpu = process.cpuUsage();
      const users = await call(
        base,
        'GET',
        `/api/admin/users?search=${encodeURIComponent(search)}&role=guest&page=${page}&limit=20`,
        token,
      );
      userMs.push(performance.now() - t);
      userCpu += cpuMs(process.cpuUsage(cpu));
      if (users.status !== 200) throw new Error(`users ${users.status}`);
      userMatches += users.body.pagination.totalUsers;
    }

    const csv = await timeExport(base, token, 'csv');
    const json = await timeExport(base, token, 'json');
    return {
      engine,
      seedSeconds,
      tickets: percentiles(ticketMs),
      ticketCpuMs: round(ticketCpu / REQUESTS),
      ticketMatches: Math.round(ticketMatches / REQUESTS),
      users: percentiles(userMs),
      userCpuMs: round(userCpu / REQUESTS),
      userMatches: Math.round(userMatches / REQUESTS),
      csv,
      json,
    };
  } finally {
    await app.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Half the searches are a common surname (hundreds of matches), half an email fragment (a handful). */
function searchTerm(i: number): string {
  if (i % 2 === 0) return LAST[(i / 2) % LAST.length]!.toLowerCase();
  return `user${(i * 7919) % USERS}@`;
}

async function seed(db: Db, eventId: string, adminId: string): Promise<void> {
  const start = Date.parse('2026-10-01T00:00:00.000Z');
  const users: UserRow[] = [];
  for (let i = 0; i < USERS; i++) {
    const stamp = new Date(start + i * 60_000).toISOString();
    users.push(
      userRow({
        name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
        email: `user${i}@bench-mail.test`,
        created_at: stamp,
        last_login_at: stamp,
      }),
    );
  }
  const tickets: TicketRow[] = [];
  for (let i = 0; i < TICKETS; i++) {
    const owner = users[(i * 7) % USERS]!;
    const roll = i % 10;
    const manual = i % 25 === 0;
    tickets.push(
      ticketRow(
        { eventId, userId: owner.id },
        {
          holder_name: owner.name,
          status: roll === 0 ? 'cancelled' : roll === 1 ? 'used' : 'active',
          issued_by_admin: manual ? 1 : 0,
          issued_by_user_id: manual ? adminId : null,
          notes: manual ? 'Cash at the office' : null,
          created_at: new Date(start + i * 50_000).toISOString(),
        },
      ),
    );
  }
  await db.transaction().execute(async (trx) => {
    await insertRows(trx, 'users', users);
    await insertRows(trx, 'tickets', tickets, 400);
  });
}

async function timeExport(base: string, token: string, format: 'csv' | 'json'): Promise<ExportResult> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed);
  }, 5);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const response = await fetch(`${base}/api/admin/tickets/export?format=${format}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const reader = response.body!.getReader();
  let bytes = 0;
  let newlines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (format === 'csv') for (const byte of value) if (byte === 10) newlines++;
  }
  const ms = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  clearInterval(sampler);
  const MB = 1024 * 1024;
  return {
    ms: Math.round(ms),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    bytes,
    rows: format === 'csv' ? newlines - 1 : Number.NaN,
    peakRssDeltaMb: round((peakRss - before.rss) / MB),
    peakHeapDeltaMb: round((peakHeap - before.heapUsed) / MB),
    rssBeforeMb: round(before.rss / MB),
  };
}

async function call(base: string, method: string, path: string, token: string | undefined, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads whatever the route answers.
  return { status: response.status, body: (await response.json()) as any };
}

// ---- reporting

function cpuMs(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function markdown(results: EngineResult[]): string {
  const p = (x: Percentiles) => `${x.p50} / ${x.p95} / ${x.p99}`;
  const e = (x: ExportResult) =>
    `${(x.ms / 1000).toFixed(2)} s (CPU ${(x.cpuMs / 1000).toFixed(2)} s), ${(x.bytes / 2 ** 20).toFixed(1)} MiB, peak RSS +${x.peakRssDeltaMb} MiB (heap +${x.peakHeapDeltaMb} MiB)`;
  const lines = [
    `| engine | seed | tickets page (search + status), p50 / p95 / p99 ms | CPU ms/request | avg matches | users page (search + role), p50 / p95 / p99 ms | CPU ms/request | avg matches | CSV export (${TICKETS} rows) | JSON export |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${r.seedSeconds.toFixed(1)} s | ${p(r.tickets)} | ${r.ticketCpuMs} | ${r.ticketMatches} | ${p(r.users)} | ${r.userCpuMs} | ${r.userMatches} | ${e(r.csv)}, ${r.csv.rows} rows | ${e(r.json)} |`,
    ),
  ];
  return lines.join('\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
