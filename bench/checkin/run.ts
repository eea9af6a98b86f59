// Check-in benchmark: K gates scanning N tickets over real HTTP, on SQLite and on PostgreSQL.
//
//   npx tsx bench/checkin/run.ts [--tickets 2000] [--gates 4] [--contended 200] [--engines sqlite,postgres]
//
// PostgreSQL: BENCH_DATABASE_URL, else the throwaway test server (`scripts/test-postgres.sh start`); the
// bench creates and drops its own database there. The server runs in this process (one event loop shared
// with the load generator, on this machine's cores), listening on 127.0.0.1; clients use fetch (undici,
// keep-alive), one sequential loop per gate, as a gate's phone scans one guest after another.
//
// Phase 0 "single gate": one gate alone, S tickets: the latency a volunteer sees when the server is idle.
// Phase 1 "gates": each gate does verify-qr then mark-used for its share of the N tickets.
// Phase 2 "contended": for each of M more tickets, every gate sends mark-used at the same moment.
// Then the database must show exactly S + N + M admissions, one per ticket, and every other attempt refused.
// Last, the event is topped up to --snapshot-tickets tickets and the offline snapshot is timed (median of 3).
//
// Rate limits stay on (300 scans a minute per checker and route): each gate rotates over enough checker
// accounts that none passes 250 requests, as several volunteers would share a busy gate.
//
//   npx tsx bench/checkin/run.ts --out-of-process [--engines sqlite,postgres] [--duration 10] [--cpu-prof DIR]
//   (tickets bought through the purchase flow, then verify-qr and mark-used by autocannon against the server
//   in its own process, with ratios to a bare hello: bench/out-of-process/)

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadOrCreateSigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import type { Role } from '@utsav/domain/roles';
import { buildApp } from '../../apps/server/src/app';
import type { TicketView } from '../../apps/server/src/stores/tickets';
import { updateUser } from '../../apps/server/src/stores/users';
import { issuePaidTickets } from '../../apps/server/support/checkin';
import {
  benchConfig,
  createBenchEvent,
  createPostgresDatabase,
  type Engine,
  machine,
  type Percentiles,
  percentiles,
} from '../support';

if (process.argv.includes('--out-of-process')) {
  const { runOutOfProcess } = await import('../out-of-process/run');
  await runOutOfProcess(['checkin']);
  process.exit(process.exitCode ?? 0);
}

const { values: args } = parseArgs({
  options: {
    tickets: { type: 'string', default: '2000' },
    gates: { type: 'string', default: '4' },
    contended: { type: 'string', default: '200' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    single: { type: 'string', default: '200' },
    'snapshot-tickets': { type: 'string', default: '20000' },
  },
});
const N = Number(args.tickets);
const K = Number(args.gates);
const M = Number(args.contended);
const ENGINES = args.engines.split(',') as Engine[];
const S = Number(args.single);
const SNAPSHOT_TICKETS = Number(args['snapshot-tickets']);
const REQUESTS_PER_CHECKER = 250;
const ORDER_SIZE = 20;

interface Checker {
  token: string;
  name: string;
}

interface EngineResult {
  engine: Engine;
  setupSeconds: number;
  singleVerify: Percentiles;
  singleMark: Percentiles;
  phaseSeconds: number;
  scansPerSecond: number;
  verify: Percentiles;
  mark: Percentiles;
  contendedSeconds: number;
  contendedMark: Percentiles;
  snapshot: { tickets: number; bytes: number; ms: number };
  admitted: number;
  refusedAlreadyUsed: number;
  doubleAdmissions: number;
}

async function main(): Promise<void> {
  console.log(machine());
  console.log(
    `S=${S} single-gate, N=${N} tickets over K=${K} gates, M=${M} contended, snapshot at ${SNAPSHOT_TICKETS}; engines: ${ENGINES.join(', ')}\n`,
  );
  const results: EngineResult[] = [];
  for (const engine of ENGINES) results.push(await runEngine(engine));
  console.log(markdown(results));
  const failed = results.filter((r) => r.admitted !== S + N + M || r.doubleAdmissions !== 0);
  if (failed.length > 0) {
    console.error(`FAILED on ${failed.map((r) => r.engine).join(', ')}`);
    process.exit(1);
  }
}

async function runEngine(engine: Engine): Promise<EngineResult> {
  const dataDir = await mkdtemp(join(tmpdir(), `utsav-bench-${engine}-`));
  const database = engine === 'postgres' ? await createPostgresDatabase('utsav_bench_checkin') : undefined;
  const app = await buildApp(benchConfig(dataDir, database?.url));
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const setupStart = performance.now();
    const keys = await loadOrCreateSigningKeys(dataDir);
    const signIn = async (name: string, role: Role): Promise<Checker & { id: string }> => {
      const email = `${name.toLowerCase().replaceAll(' ', '.')}.${randomBytes(3).toString('hex')}@bench.test`;
      const token = await signIdToken(keys, { email, name });
      const response = await post(base, '/api/auth/google-signin', undefined, { idToken: token });
      if (response.status !== 200) throw new Error(`sign-in failed: ${response.status}`);
      const id = response.body.user.id as string;
      if (role !== 'guest') await updateUser(app.ctx.db, id, { role });
      return { token, name, id };
    };

    const admin = await signIn('Bench Admin', 'admin');
    const eventId = (await createBenchEvent(base, admin.token, Math.max(S + N + M, SNAPSHOT_TICKETS) + 100))
      .id as string;

    const buyer = await signIn('Bench Buyer', 'guest');
    const tickets: TicketView[] = [];
    const issue = async (count: number, into: TicketView[]) => {
      for (let issued = 0; issued < count; issued += ORDER_SIZE) {
        const quantity = Math.min(ORDER_SIZE, count - issued);
        into.push(...(await issuePaidTickets(app.ctx, { eventId, userId: buyer.id, quantity })));
      }
    };
    await issue(S + N + M, tickets);
    const single = tickets.slice(0, S);
    const main = tickets.slice(S, S + N);
    const contended = tickets.slice(S + N);

    const requestsPerGate = (2 * N) / K + M + 2 * S;
    const checkersPerGate = Math.ceil(requestsPerGate / REQUESTS_PER_CHECKER);
    const gates: Checker[][] = [];
    for (let g = 0; g < K; g++) {
      const pool: Checker[] = [];
      for (let c = 0; c < checkersPerGate; c++)
        pool.push(await signIn(`Gate ${g} Volunteer ${c}`, 'qrchecker'));
      gates.push(pool);
    }
    const setupSeconds = (performance.now() - setupStart) / 1000;

    // Warm-up: connections, JIT, statement caches (one verify per gate on a contended ticket; changes nothing).
    await Promise.all(
      gates.map((pool, g) =>
        post(base, '/api/tickets/verify-qr', pool[0]!.token, { qrCode: contended[g % M]!.qr_token }),
      ),
    );

    // Phase 0: one gate alone.
    const singleVerifyMs: number[] = [];
    const singleMarkMs: number[] = [];
    await scanShare(base, gates[0]!, 0, single, 0, 1, singleVerifyMs, singleMarkMs);

    // Phase 1: each gate its own share.
    const verifyMs: number[] = [];
    const markMs: number[] = [];
    const phaseStart = performance.now();
    await Promise.all(gates.map((pool, g) => scanShare(base, pool, g, main, g, K, verifyMs, markMs)));
    const phaseSeconds = (performance.now() - phaseStart) / 1000;

    // Phase 2: every gate scans the same ticket at the same moment.
    const contendedMs: number[] = [];
    let refusedAlreadyUsed = 0;
    let contendedWinners = 0;
    const contendedStart = performance.now();
    for (const [index, ticket] of contended.entries()) {
      const answers = await Promise.all(
        gates.map(async (pool, g) => {
          const t = performance.now();
          const response = await post(base, '/api/tickets/mark-used', pool[index % pool.length]!.token, {
            qrCode: ticket.qr_token,
            deviceId: `bench-gate-${g}`,
          });
          contendedMs.push(performance.now() - t);
          return response;
        }),
      );
      contendedWinners += answers.filter((a) => a.status === 200).length;
      refusedAlreadyUsed += answers.filter((a) => a.status === 400 && a.body.code === 'ALREADY_USED').length;
    }
    const contendedSeconds = (performance.now() - contendedStart) / 1000;
    if (contendedWinners !== M)
      throw new Error(`contended phase: ${contendedWinners} winners for ${M} tickets`);

    // The database is the judge: one admission per ticket, nothing else admitted.
    const db = app.ctx.db;
    const used = await db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', eventId)
      .where('status', '=', 'used')
      .executeTakeFirstOrThrow();
    const perTicket = await db
      .selectFrom('checkin_scans')
      .select(['ticket_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('result', '=', 'admitted')
      .groupBy('ticket_id')
      .execute();
    const doubleAdmissions = perTicket.filter((row) => Number(row.n) > 1).length;
    const admittedScans = perTicket.reduce((sum, row) => sum + Number(row.n), 0);
    if (Number(used.n) !== admittedScans)
      throw new Error(`used=${used.n} but admitted scans=${admittedScans}`);

    await issue(Math.max(0, SNAPSHOT_TICKETS - tickets.length), []);
    const snapshotRuns: { ms: number; text: string }[] = [];
    for (let run = 0; run < 3; run++) {
      const start = performance.now();
      const response = await fetch(`${base}/api/tickets/checkin/snapshot`, {
        headers: { authorization: `Bearer ${gates[0]![0]!.token}` },
      });
      const text = await response.text();
      snapshotRuns.push({ ms: performance.now() - start, text });
    }
    snapshotRuns.sort((a, b) => a.ms - b.ms);
    const snapshotText = snapshotRuns[1]!.text;
    const snapshotMs = snapshotRuns[1]!.ms;

    const result: EngineResult = {
      engine,
      setupSeconds,
      singleVerify: percentiles(singleVerifyMs),
      singleMark: percentiles(singleMarkMs),
      phaseSeconds,
      scansPerSecond: N / phaseSeconds,
      verify: percentiles(verifyMs),
      mark: percentiles(markMs),
      contendedSeconds,
      contendedMark: percentiles(contendedMs),
      snapshot: {
        tickets: JSON.parse(snapshotText).tickets.length,
        bytes: snapshotText.length,
        ms: snapshotMs,
      },
      admitted: Number(used.n),
      refusedAlreadyUsed,
      doubleAdmissions,
    };
    console.log(`${engine}: ${JSON.stringify(result)}\n`);
    return result;
  } finally {
    await app.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---- HTTP

/** One gate's loop: verify-qr then mark-used for tickets[first], tickets[first + step], ... */
async function scanShare(
  base: string,
  pool: Checker[],
  gate: number,
  tickets: TicketView[],
  first: number,
  step: number,
  verifyMs: number[],
  markMs: number[],
): Promise<void> {
  let turn = 0;
  for (let i = first; i < tickets.length; i += step) {
    const checker = pool[turn++ % pool.length]!;
    const body = { qrCode: tickets[i]!.qr_token, deviceId: `bench-gate-${gate}`, gate: `Gate ${gate}` };
    let t = performance.now();
    const verified = await post(base, '/api/tickets/verify-qr', checker.token, body);
    verifyMs.push(performance.now() - t);
    if (verified.status !== 200)
      throw new Error(`verify ${verified.status} ${JSON.stringify(verified.body)}`);
    t = performance.now();
    const marked = await post(base, '/api/tickets/mark-used', checker.token, body);
    markMs.push(performance.now() - t);
    if (marked.status !== 200) throw new Error(`mark ${marked.status} ${JSON.stringify(marked.body)}`);
  }
}

async function post(base: string, path: string, token: string | undefined, body: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads whatever the route answers.
  return { status: response.status, body: (await response.json()) as any };
}

// ---- reporting

function _round(value: number): number {
  return Math.round(value * 100) / 100;
}

function markdown(results: EngineResult[]): string {
  const p = (x: Percentiles) => `${x.p50} / ${x.p95} / ${x.p99}`;
  const lines = [
    `| engine | one gate alone (${S} scans): verify-qr / mark-used p50, p99 ms | ${K} gates: scans/s (verify+mark) | ${K} gates: verify-qr p50 / p95 / p99 ms | ${K} gates: mark-used p50 / p95 / p99 ms | contended mark-used p50 / p95 / p99 ms | admitted | ALREADY_USED (contended) | double admissions | snapshot |`,
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    lines.push(
      [
        '',
        r.engine,
        `${r.singleVerify.p50}, ${r.singleVerify.p99} / ${r.singleMark.p50}, ${r.singleMark.p99}`,
        `${r.scansPerSecond.toFixed(0)} (${N} in ${r.phaseSeconds.toFixed(1)} s)`,
        p(r.verify),
        p(r.mark),
        p(r.contendedMark),
        `${r.admitted} / ${S + N + M}`,
        `${r.refusedAlreadyUsed} / ${M * (K - 1)}`,
        r.doubleAdmissions,
        `${r.snapshot.tickets} tickets, ${(r.snapshot.bytes / 1024).toFixed(0)} KiB, ${r.snapshot.ms.toFixed(0)} ms`,
        '',
      ]
        .join(' | ')
        .trim(),
    );
  }
  return lines.join('\n');
}

await main();
