// What bulk admin work costs everyone else: while an admin issues 500 tickets by hand (and the outbox then
// builds and sends the recipient's mail with a 500-page PDF) and while an admin downloads a 500-ticket PDF,
// people who come one at a time keep using the server. Are they answered (not 503), and how much later?
//
//   BENCH_DATABASE_URL=postgres://... npx tsx bench/bystanders/run.ts [--engines sqlite,postgres] [--tickets 500]
//       [--server-dir <another checkout>] [--quiet-seconds 15] [--cpu-prof DIR]
//
// The server runs in its own process as `npm start` runs it (bench/out-of-process/harness.ts), with the
// production overload limits (256 in flight, 200 ms loop delay, floor 16) and the outbox polling every 500 ms.
// From this process, plain HTTP clients, each one request at a time (never more than four in flight at once):
//   - a guest reading My Tickets (GET /api/tickets/my-tickets, 4 tickets with QR images);
//   - an admin changing a user's role back and forth (PATCH /api/admin/users/{id}/role);
//   - a signed-in guest asking who they are (GET /api/auth/me);
//   - a probe on GET /api/health (never shed, no database): its longest answer is the longest the server's
//     event loop could not answer anybody, the stall, measured from outside.
// Three phases, bystanders running through each: quiet; a 500-ticket issuance until its mail is written (the
// outbox row sent); a 500-ticket PDF download. Each phase reports the bystanders' p50 / p99 / max, their 503s
// and the probe's longest answer. `--server-dir` runs an older checkout's server (before / after).

import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createDatabase } from '../../apps/server/src/platform/db/database';
import { type ServerProcess, startServer } from '../out-of-process/harness';
import { ADMIN_EMAIL, type Setup, setUp } from '../out-of-process/scenarios';
import { type Engine, machine, type Percentiles, percentiles } from '../support';

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'sqlite,postgres' },
    tickets: { type: 'string', default: '500' },
    'server-dir': { type: 'string' },
    'quiet-seconds': { type: 'string', default: '15' },
    'cpu-prof': { type: 'string' },
  },
});
const TICKETS = Number(args.tickets);
const ENGINES = args.engines.split(',') as Engine[];
const QUIET_MS = Number(args['quiet-seconds']) * 1000;

// The production limits (config.ts defaults), not the throughput benches' raised ones: shedding is measured.
const PRODUCTION_LIMITS = {
  OVERLOAD_MAX_IN_FLIGHT: '256',
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '200',
  OVERLOAD_MIN_IN_FLIGHT: '16',
  OUTBOX_INTERVAL_MS: '500',
};

interface Sample {
  at: number;
  ms: number;
  status: number;
}

type Bystander = 'my-tickets' | 'role change' | 'auth/me' | 'health probe';

interface PhaseResult {
  phase: string;
  /** How long the heavy operation took, ms (the request; for the issuance also until its mail was written). */
  operationMs: number;
  byWho: Record<Bystander, { latency: Percentiles; shed: number; other: number }>;
}

async function main(): Promise<void> {
  console.log(machine());
  console.log(`server: ${args['server-dir'] ?? 'this checkout'}; ${TICKETS} tickets per operation\n`);
  const results: Array<{ engine: Engine; phases: PhaseResult[] }> = [];
  for (const engine of ENGINES) results.push({ engine, phases: await runEngine(engine) });
  console.log(
    '| engine | phase | operation | bystanders p50 / p99 / max ms (my-tickets; role; auth/me) | 503s | longest health answer (stall) |',
  );
  console.log('|---|---|---|---|---|---|');
  for (const { engine, phases } of results) {
    for (const phase of phases) {
      const people: Bystander[] = ['my-tickets', 'role change', 'auth/me'];
      const cells = people
        .map((who) => {
          const l = phase.byWho[who].latency;
          return `${l.p50} / ${l.p99} / ${l.max}`;
        })
        .join('; ');
      const shed = people.reduce((sum, who) => sum + phase.byWho[who].shed, 0);
      const other = people.reduce((sum, who) => sum + phase.byWho[who].other, 0);
      console.log(
        `| ${engine} | ${phase.phase} | ${phase.operationMs ? `${(phase.operationMs / 1000).toFixed(1)} s` : '-'} | ${cells} | ${shed}${other ? ` (+${other} other non-2xx)` : ''} | ${phase.byWho['health probe'].latency.max} ms |`,
      );
    }
  }
}

async function runEngine(engine: Engine): Promise<PhaseResult[]> {
  const server = await startServer({
    engine,
    env: { ADMIN_EMAILS: ADMIN_EMAIL, ...PRODUCTION_LIMITS },
    ...(args['server-dir'] ? { serverDir: args['server-dir'] } : {}),
    ...(args['cpu-prof'] ? { cpuProfDir: args['cpu-prof'] } : {}),
  });
  try {
    const setup = await setUp(server, TICKETS * 3);
    const [guest, target, asker] = await setup.people.signIn('bystander', 3);
    await issue(setup, { userId: guest!.id, quantity: 4 });
    const loops = bystanders(setup, guest!.token, target!.id, asker!.token);
    try {
      const phases: PhaseResult[] = [];
      // Connections, JIT and statement caches warm before anything is measured.
      await phase(loops, 'warm-up', async () => sleep(5000).then(() => 0));
      phases.push(await phase(loops, 'quiet', async () => sleep(QUIET_MS).then(() => 0)));
      let issuedIds: string[] = [];
      phases.push(
        await phase(loops, `issue ${TICKETS} by hand, until its mail is written`, async () => {
          const started = performance.now();
          const issued = await issue(setup, {
            userName: 'Bulk Recipient',
            userEmail: `bulk.${Date.now()}@bench.test`,
            quantity: TICKETS,
          });
          issuedIds = issued.tickets.map((ticket: { id: string }) => ticket.id);
          await mailWritten(server);
          return performance.now() - started;
        }),
      );
      phases.push(
        await phase(loops, `PDF of ${TICKETS} tickets`, async () => {
          const started = performance.now();
          const response = await fetch(`${server.url}/api/tickets/admin/generate-pdf`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.admin.token}` },
            body: JSON.stringify({ ticketIds: issuedIds }),
          });
          const bytes = (await response.arrayBuffer()).byteLength;
          if (!response.ok) throw new Error(`generate-pdf: ${response.status}`);
          if (bytes < TICKETS * 1000) throw new Error(`generate-pdf: only ${bytes} bytes`);
          return performance.now() - started;
        }),
      );
      return phases;
    } finally {
      loops.stop();
      await loops.done;
    }
  } finally {
    await server.stop();
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the bench reads the fields it needs.
async function issue(setup: Setup, body: Record<string, unknown>): Promise<any> {
  for (let refused = 0; ; refused++) {
    const response = await fetch(`${setup.server.url}/api/tickets/admin/issue-manual`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.admin.token}` },
      body: JSON.stringify({ paymentDone: true, ...body }),
    });
    const text = await response.text();
    // A server that sheds on the loop's delay alone refuses even the admin's lone request: retried as the
    // admin panel does, after Retry-After, and counted.
    if (response.status === 503 && refused < 30) {
      console.log(`issue-manual refused (503), retrying: ${refused + 1}`);
      await sleep(Number(response.headers.get('retry-after') ?? '2') * 1000);
      continue;
    }
    if (!response.ok) throw new Error(`issue-manual: ${response.status} ${text}`);
    return JSON.parse(text);
  }
}

/** Until no outbox row is pending: the issuance's mail (with its PDF) was built and written (or failed). */
async function mailWritten(server: ServerProcess): Promise<void> {
  const db = createDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl });
  try {
    for (;;) {
      const { rows } = await sql<{ pending: number | string }>`
        select count(*) as pending from outbox where status = 'pending'`.execute(db);
      if (Number(rows[0]?.pending) === 0) return;
      await sleep(200);
    }
  } finally {
    await db.destroy();
  }
}

interface Loops {
  samples: Map<Bystander, Sample[]>;
  stop(): void;
  done: Promise<void>;
}

/** Four clients, each sending its next request when the last was answered, until stopped. */
function bystanders(setup: Setup, guestToken: string, targetId: string, askerToken: string): Loops {
  const base = setup.server.url;
  const samples = new Map<Bystander, Sample[]>();
  let running = true;
  let role = 'qrchecker';
  const requests: Record<Bystander, () => Promise<Response>> = {
    'my-tickets': () =>
      fetch(`${base}/api/tickets/my-tickets`, { headers: { authorization: `Bearer ${guestToken}` } }),
    'role change': () => {
      role = role === 'qrchecker' ? 'guest' : 'qrchecker';
      return fetch(`${base}/api/admin/users/${targetId}/role`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${setup.admin.token}` },
        body: JSON.stringify({ role }),
      });
    },
    'auth/me': () => fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${askerToken}` } }),
    'health probe': () => fetch(`${base}/api/health`),
  };
  const done = Promise.all(
    (Object.keys(requests) as Bystander[]).map(async (who) => {
      const mine: Sample[] = [];
      samples.set(who, mine);
      while (running) {
        const at = performance.now();
        const response = await requests[who]();
        await response.arrayBuffer();
        mine.push({ at, ms: performance.now() - at, status: response.status });
        // A person reads what they got before asking again; the probe asks at once.
        if (who !== 'health probe') await sleep(50);
      }
    }),
  ).then(() => undefined);
  return {
    samples,
    stop: () => {
      running = false;
    },
    done,
  };
}

/** Runs `operation` while the bystanders keep going; reports the requests they sent meanwhile. */
async function phase(loops: Loops, name: string, operation: () => Promise<number>): Promise<PhaseResult> {
  const from = performance.now();
  const operationMs = await operation();
  const to = performance.now();
  const byWho = {} as PhaseResult['byWho'];
  for (const [who, all] of loops.samples) {
    const during = all.filter((sample) => sample.at >= from && sample.at <= to);
    byWho[who] = {
      latency: percentiles(during.map((sample) => sample.ms)),
      shed: during.filter((sample) => sample.status === 503).length,
      other: during.filter((sample) => sample.status !== 503 && sample.status >= 300).length,
    };
  }
  console.log(`${name}: ${JSON.stringify(byWho)}`);
  return { phase: name, operationMs, byWho };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

await main();
