// Runs the out-of-process scenarios on each engine and prints one line per figure plus a markdown table.
// Used by `bench/purchase-rush/run.ts --out-of-process` and `bench/checkin/run.ts --out-of-process`.

import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createDatabase } from '../../apps/server/src/platform/db/database';
import {
  booksProblems,
  checkBooks,
  emulatorState,
  NO_PROBLEMS,
} from '../../apps/server/support/cluster-books';
import { type Engine, machine } from '../support';
import { describe, type LoadResult, newestProfile, startHello, startServer } from './harness';
import {
  ADMIN_EMAIL,
  checkers,
  type Hello,
  type Measured,
  measureFullEvent,
  measureHealth,
  measureHolds,
  measureMe,
  measurePurchases,
  measureScans,
  type Setup,
  setUp,
  topUpScanTickets,
} from './scenarios';
import { measureTypesEvent } from './types-event';
import { waitingRoomRush } from './waiting-room-rush';

export type Scenario =
  | 'health'
  | 'me'
  | 'holds'
  | 'purchases'
  | 'full-event'
  | 'types-event'
  | 'checkin'
  | 'waiting-room';

interface Row {
  engine: Engine;
  measured: Measured;
  extra?: string;
}

export async function runOutOfProcess(defaults: Scenario[]): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      'out-of-process': { type: 'boolean' },
      engines: { type: 'string', default: 'sqlite,postgres' },
      duration: { type: 'string', default: '10' },
      scenarios: { type: 'string', default: defaults.join(',') },
      'cpu-prof': { type: 'string' },
      buyers: { type: 'string', default: '2000' },
      // Tickets to scan at least (bought ones first, the rest seeded): mark-used admits each once, so enough for
      // the whole measurement. Default: 10,000 per second of --duration (SQLite admitted 5,300 a second at 12:00
      // UTC on 2026-11-24 and ran out of 40,000 within an 8 s run).
      'scan-tickets': { type: 'string' },
      // Run the server from another checkout (e.g. a worktree of an older commit) for before/after figures.
      'server-dir': { type: 'string' },
      // Where the Razorpay emulator runs: own-process (default; Razorpay is remote in production) or in-process.
      emulator: { type: 'string', default: 'own-process' },
      // The waiting-room rush (scenario waiting-room).
      'rush-buyers': { type: 'string', default: '10000' },
      'rush-seats': { type: 'string', default: '2000' },
      'admit-per-minute': { type: 'string', default: '3000' },
      'rush-deadline': { type: 'string', default: '600' },
    },
  });
  const duration = Number(args.duration);
  const scenarios = new Set(args.scenarios.split(',') as Scenario[]);
  console.log(machine());
  console.log(
    `load average at start: ${(await import('node:os'))
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' / ')}`,
  );
  console.log(
    `scenarios: ${[...scenarios].join(', ')}; ${duration} s each, 64 connections; server = node --import tsx apps/server/src/main.ts\n`,
  );
  const hello = await startHello();
  const rows: Row[] = [];
  try {
    for (const engine of args.engines.split(',') as Engine[]) {
      if (scenarios.has('waiting-room')) {
        const ok = await waitingRoomRush({
          engine,
          buyers: Number(args['rush-buyers']),
          seats: Number(args['rush-seats']),
          admitPerMinute: Number(args['admit-per-minute']),
          concurrency: 64,
          deadlineSeconds: Number(args['rush-deadline']),
        });
        if (!ok) process.exitCode = 1;
        if (scenarios.size === 1) continue;
      }
      if (args['cpu-prof']) mkdirSync(args['cpu-prof'], { recursive: true });
      const server = await startServer({
        engine,
        env: { ADMIN_EMAILS: ADMIN_EMAIL },
        ...(args['cpu-prof'] ? { cpuProfDir: args['cpu-prof'] } : {}),
        ...(args['server-dir'] ? { serverDir: args['server-dir'] } : {}),
        emulator: emulatorPlace(args.emulator),
      });
      try {
        const setup = await setUp(server, 1_000_000);
        const buyers = await setup.people.signIn('buyer', Number(args.buyers));
        // Warm-up: JIT, statement caches, connections.
        await measureHolds(setup, hello, { amount: 500, buyers });
        const add = (measured: Measured, extra?: string) => {
          rows.push({ engine, measured, ...(extra ? { extra } : {}) });
          console.log(
            `${engine}: ${describe(measured.result, measured.hello)}${extra ? `; ${extra}` : ''} [hello ${measured.hello.requestsPerSecond.toFixed(0)} req/s]`,
          );
        };
        if (scenarios.has('health')) add(await measureHealth(setup, hello, duration));
        if (scenarios.has('me')) add(await measureMe(setup, hello, duration));
        if (scenarios.has('holds')) add(await measureHolds(setup, hello, { duration, buyers }));
        let qrTokens: string[] = [];
        if (scenarios.has('purchases') || scenarios.has('checkin')) {
          const purchases = await measurePurchases(setup, hello, { duration, buyers });
          qrTokens = purchases.qrTokens;
          const cpuPerPurchase =
            ((purchases.result.cpuMicrosPerRequest ?? 0) * purchases.result.requests) /
            purchases.completed /
            1000;
          const emulatorCpu = purchases.emulatorCpuMsPerPurchase;
          add(
            purchases,
            `${purchases.completed} purchases completed, ${purchases.perSecond.toFixed(0)}/s; server CPU ${cpuPerPurchase.toFixed(2)} ms per purchase (= ${(1000 / cpuPerPurchase).toFixed(0)}/s per core)${emulatorCpu === undefined ? ', emulator in the server process' : `; emulator (own process) CPU ${emulatorCpu.toFixed(2)} ms per purchase`}; pay p50 / p99 ${purchases.pay.p50} / ${purchases.pay.p99} ms`,
          );
          if (!(await booksClean(setup))) process.exitCode = 1;
        }
        // Bought tickets first; the admin issues the rest (so an older server whose purchase flow the bench
        // no longer drives can still be measured at the gate).
        if (scenarios.has('checkin')) {
          // 300 scans a minute per checker and route: enough checkers that none reaches it in a run.
          const gates = await checkers(setup, 400);
          const scanTokens = await topUpScanTickets(
            setup,
            qrTokens,
            Number(args['scan-tickets'] ?? duration * 10_000),
          );
          const scans = await measureScans(setup, hello, { duration, qrTokens: scanTokens, checkers: gates });
          add(scans.verify);
          add(scans.mark);
        }
        let singleTypeFull: Measured | undefined;
        // Each event runs on a server of its own; with --cpu-prof each writes its own profile (newest last).
        const eventRun = {
          buyers: Number(args.buyers),
          serverDir: args['server-dir'],
          emulator: emulatorPlace(args.emulator),
          cpuProfDir: args['cpu-prof'],
        };
        if (scenarios.has('full-event')) {
          const full = await fullEventRun(engine, hello, { ...eventRun, types: false });
          add(full.empty);
          // 900 holds last one to a few seconds, so req/s moves in steps of whole seconds; the server's CPU per
          // hold is the cost to compare, and the wall-clock ratio is kept beside it.
          const cpuRatio =
            (full.full.result.cpuMicrosPerRequest ?? 0) / (full.empty.result.cpuMicrosPerRequest ?? 1);
          add(
            full.full,
            `per-hold CPU full/empty = ${cpuRatio.toFixed(2)}; by req/s ${(full.empty.result.requestsPerSecond / full.full.result.requestsPerSecond).toFixed(2)}`,
          );
          singleTypeFull = full.full;
        }
        if (scenarios.has('types-event')) {
          const typed = await fullEventRun(engine, hello, { ...eventRun, types: true });
          add(typed.empty);
          const cpu = (measured: Measured) => measured.result.cpuMicrosPerRequest ?? 0;
          add(
            typed.full,
            `per-hold CPU full/empty = ${(cpu(typed.full) / (cpu(typed.empty) || 1)).toFixed(2)}${
              singleTypeFull
                ? `; against the single-type event's holds with 19,000 sold = ${(cpu(typed.full) / (cpu(singleTypeFull) || 1)).toFixed(2)}`
                : ''
            }`,
          );
        }
      } finally {
        await server.stop();
      }
      if (args['cpu-prof']) console.log(`cpu profile: ${newestProfile(args['cpu-prof'])}`);
    }
  } finally {
    await hello.stop();
  }
  console.log(`\n${table(rows)}`);
}

/**
 * A server of its own: a 20,000-seat event, holds with none sold, then with 19,000 sold; `types`: the event has 5 ticket
 * types with 3 price phases each and the holds buy them (types-event.ts).
 */
async function fullEventRun(
  engine: Engine,
  hello: Hello,
  run: {
    buyers: number;
    serverDir: string | undefined;
    emulator: 'own-process' | 'in-process';
    cpuProfDir: string | undefined;
    types: boolean;
  },
) {
  const { serverDir, cpuProfDir, types } = run;
  const server = await startServer({
    engine,
    env: { ADMIN_EMAILS: ADMIN_EMAIL },
    ...(serverDir ? { serverDir } : {}),
    ...(cpuProfDir ? { cpuProfDir } : {}),
    emulator: run.emulator,
  });
  try {
    const setup = await setUp(server, 20_000);
    const buyers = await setup.people.signIn('buyer', run.buyers);
    const options = { holds: 900, sold: 19_000, buyers };
    return await (types ? measureTypesEvent : measureFullEvent)(setup, hello, options);
  } finally {
    await server.stop();
  }
}

function emulatorPlace(value: string | undefined): 'own-process' | 'in-process' {
  if (value === 'own-process' || value === 'in-process') return value;
  throw new Error('--emulator must be own-process or in-process');
}

/**
 * The books after the purchases (webhooks settled first): nothing oversold, every captured payment has its
 * tickets or a full refund, no ticket without a captured payment, one mail per order, the counter exact.
 */
async function booksClean(setup: Setup): Promise<boolean> {
  await fetch(`${setup.server.emulatorUrl}/_test/webhooks?wait=1`);
  const db = createDatabase({ dataDir: setup.server.dataDir, databaseUrl: setup.server.databaseUrl });
  try {
    const books = await checkBooks(db, setup.event.id, await emulatorState(setup.server.emulatorUrl));
    const problems = booksProblems(books);
    const clean = JSON.stringify(problems) === JSON.stringify(NO_PROBLEMS);
    console.log(
      `books after the purchases: ${clean ? 'clean' : `PROBLEMS ${JSON.stringify(problems)}`} (paid orders ${books.paidOrders}, sold ${books.sold}, oversold ${books.oversold})`,
    );
    return clean;
  } finally {
    await db.destroy();
  }
}

function table(rows: Row[]): string {
  const cell = (r: LoadResult) => `${r.requestsPerSecond.toFixed(0)}`;
  const lines = [
    '| engine | scenario | req/s | hello req/s (same run) | ratio | server CPU µs/request (hello) | CPU ratio | p50 / p99 ms | answers | note |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const { engine, measured, extra } of rows) {
    const { result, hello } = measured;
    lines.push(
      `| ${engine} | ${result.label} | ${cell(result)} | ${cell(hello)} | ${(result.requestsPerSecond / hello.requestsPerSecond).toFixed(3)} | ${result.cpuMicrosPerRequest?.toFixed(0)} (${hello.cpuMicrosPerRequest?.toFixed(0)}) | ${((hello.cpuMicrosPerRequest ?? 0) / (result.cpuMicrosPerRequest ?? 1)).toFixed(3)} | ${result.p50} / ${result.p99} | ${JSON.stringify(result.statuses)} | ${extra ?? ''} |`,
    );
  }
  return lines.join('\n');
}
