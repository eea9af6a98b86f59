// The live gate view's cost: 50 gates, 20,000 guests, on SQLite and on PostgreSQL.
//
//   npx tsx bench/checkin/live-view.ts [--gates 50] [--tickets 20000] [--engines sqlite,postgres] [--runs 20]
//
// The night is written straight into the tables (the view only counts rows): 20,000 tickets, three quarters
// admitted over the last 90 minutes across the gates, a tenth of those out on a pass, refusals of every kind,
// two phones per gate with heartbeats. Then:
//  - "compute": the whole view computed from the database, no cache (median and p95 of --runs);
//  - "GET": 50 dashboards polling GET /api/admin/checkin/live at once, 10 rounds, over real HTTP (the
//    per-instance 2-second cache means one computation serves them all).
// PostgreSQL: BENCH_DATABASE_URL, else the throwaway test server (scripts/test-postgres.sh).

import { randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadOrCreateSigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import { newTicketCode } from '@utsav/domain/ticket-code';
import { buildApp } from '../../apps/server/src/app';
import { computeLiveView } from '../../apps/server/src/modules/checkin/live-service';
import type { CheckinScansTable, TicketsTable } from '../../apps/server/src/platform/db/schema';
import { updateUser } from '../../apps/server/src/stores/users';
import {
  benchConfig,
  createBenchEvent,
  createPostgresDatabase,
  type Engine,
  machine,
  percentiles,
} from '../support';

const { values: args } = parseArgs({
  options: {
    gates: { type: 'string', default: '50' },
    tickets: { type: 'string', default: '20000' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    runs: { type: 'string', default: '20' },
  },
});
const GATES = Number(args.gates);
const TICKETS = Number(args.tickets);
const RUNS = Number(args.runs);
const ENGINES = args.engines.split(',') as Engine[];
const POLLERS = 50;
const ROUNDS = 10;

async function runEngine(engine: Engine) {
  const dataDir = await mkdtemp(join(tmpdir(), `utsav-bench-live-${engine}-`));
  const database = engine === 'postgres' ? await createPostgresDatabase('utsav_bench_live') : undefined;
  const app = await buildApp(
    benchConfig(dataDir, database?.url, {
      // The bench measures the view, not the shedding (the 2-core machine is shared; setup stalls the loop).
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '100000',
    }),
  );
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const keys = await loadOrCreateSigningKeys(dataDir);
    const token = await signIdToken(keys, { email: 'bench.manager@bench.test', name: 'Bench Manager' });
    const signIn = await fetch(`${base}/api/auth/google-signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ idToken: token }),
    });
    const managerId = ((await signIn.json()) as { user: { id: string } }).user.id;
    await updateUser(app.ctx.db, managerId, { role: 'admin' });
    const eventId = (await createBenchEvent(base, token, TICKETS + 10, { reentryAllowed: true }))
      .id as string;
    await updateUser(app.ctx.db, managerId, { role: 'manager' });

    const setupStart = performance.now();
    const now = Date.now();
    const tickets: TicketsTable[] = [];
    const scans: CheckinScansTable[] = [];
    const at = (msAgo: number) => new Date(now - msAgo).toISOString();
    for (let i = 0; i < TICKETS; i++) {
      const admitted = i % 4 !== 0;
      const enteredAgo = Math.floor(Math.random() * 90 * 60_000);
      const out = admitted && i % 10 === 1;
      const id = randomUUID();
      const gate = `Gate ${String(i % GATES).padStart(2, '0')}`;
      const deviceId = `${gate}-phone-${i % 2}`;
      tickets.push({
        id,
        ticket_code: newTicketCode(),
        order_id: null,
        seq: 1,
        event_id: eventId,
        user_id: managerId,
        holder_name: 'Bench Guest',
        price_paise: 29900,
        status: admitted ? 'used' : 'active',
        qr_token: `UT1.bench.${id}`,
        issued_by_admin: 1,
        issued_by_user_id: managerId,
        notes: null,
        payment_received: 1,
        used_at: admitted ? at(enteredAgo) : null,
        scanned_by_user_id: admitted ? managerId : null,
        last_entry_at: admitted ? at(enteredAgo) : null,
        exited_at: out ? at(enteredAgo / 2) : null,
        cancelled_at: null,
        cancellation_reason: null,
        created_at: at(100 * 60_000),
        updated_at: at(0),
      });
      const scan = (result: CheckinScansTable['result'], msAgo: number, direction: 'in' | 'out' = 'in') =>
        scans.push({
          id: randomUUID(),
          ticket_id: id,
          checker_user_id: managerId,
          device_id: deviceId,
          gate,
          action: direction === 'out' ? 'exit' : 'mark',
          result,
          local_id: null,
          scanned_at: at(msAgo),
          created_at: at(msAgo),
          direction,
          method: 'scan',
        });
      if (admitted) {
        scan('verified', enteredAgo + 500);
        scan('admitted', enteredAgo);
      }
      if (out) scan('exited', enteredAgo / 2, 'out');
      if (i % 25 === 0) scan(i % 50 === 0 ? 'already_used' : 'invalid', Math.floor(enteredAgo / 3));
    }
    for (let start = 0; start < tickets.length; start += 500) {
      await app.ctx.db
        .insertInto('tickets')
        .values(tickets.slice(start, start + 500))
        .execute();
    }
    for (let start = 0; start < scans.length; start += 500) {
      await app.ctx.db
        .insertInto('checkin_scans')
        .values(scans.slice(start, start + 500))
        .execute();
    }
    for (let g = 0; g < GATES; g++) {
      for (const phone of [0, 1]) {
        const gate = `Gate ${String(g).padStart(2, '0')}`;
        await app.ctx.db
          .insertInto('checkin_devices')
          .values({
            device_id: `${gate}-phone-${phone}`,
            gate,
            checker_user_id: managerId,
            queued: phone * 3,
            last_seen_at: at(20_000),
          })
          .execute();
      }
    }
    const setupSeconds = (performance.now() - setupStart) / 1000;

    await computeLiveView(app.ctx); // warm-up
    const computeMs: number[] = [];
    let view = await computeLiveView(app.ctx);
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      view = await computeLiveView(app.ctx);
      computeMs.push(performance.now() - start);
    }
    const bytes = JSON.stringify(view).length;

    const getMs: number[] = [];
    const roundsStart = performance.now();
    for (let round = 0; round < ROUNDS; round++) {
      await Promise.all(
        Array.from({ length: POLLERS }, async () => {
          const start = performance.now();
          const response = await fetch(`${base}/api/admin/checkin/live`, {
            headers: { authorization: `Bearer ${token}` },
          });
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`live view: ${response.status}`);
          getMs.push(performance.now() - start);
        }),
      );
    }
    const roundsSeconds = (performance.now() - roundsStart) / 1000;
    return {
      engine,
      setupSeconds,
      scans: scans.length,
      compute: percentiles(computeMs),
      get: percentiles(getMs),
      roundsSeconds,
      bytes,
      gates: view.gates.length,
      devices: view.devices.length,
      figures: `${view.admitted} admitted of ${view.sold}, ${view.inside} inside`,
    };
  } finally {
    await app.close();
    await database?.drop();
  }
}

console.log(machine());
console.log(
  `${GATES} gates, ${TICKETS} tickets, ${RUNS} uncached computations, ${POLLERS} pollers x ${ROUNDS} rounds\n`,
);
const rows = [];
for (const engine of ENGINES) rows.push(await runEngine(engine));
console.log(
  '| engine | rows (scans) | compute p50 / p95 ms (no cache) | 50 dashboards: GET p50 / p95 ms | view | figures |',
);
console.log('|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.engine} | ${r.scans} | ${r.compute.p50.toFixed(1)} / ${r.compute.p95.toFixed(1)} | ${r.get.p50.toFixed(1)} / ${r.get.p95.toFixed(1)} | ${r.gates} gates, ${r.devices} phones, ${(r.bytes / 1024).toFixed(0)} KiB | ${r.figures} |`,
  );
}
