// My Tickets of a 20-ticket guest (qrCodeImage): how long GET /api/tickets/my-tickets takes, and how
// much the QR images add to it.
//
//   npx tsx bench/my-tickets/run.ts [--tickets 20] [--requests 300] [--engines sqlite,postgres]
//
// The server built by buildApp answers real HTTP on 127.0.0.1 (fetch, keep-alive, Accept-Encoding: gzip as a
// browser sends it), one request at a time. Three measurements per engine:
//   - warm: the images are cached (every read after the first, and after issuance);
//   - new process: the per-process image cache is emptied before each request (a restart, another instance):
//     the images come from the database (ticket_qr_images);
//   - first read ever: cache and table emptied before each request, so every image is made anew and stored;
//   - the response size, uncompressed and gzipped (as @fastify/compress sends it to a browser).
// The cost of the images is `warm` here minus `warm` on the code before them; run this file there with
// `--baseline` (it then does not import the cache, which that code does not have).
// PostgreSQL: BENCH_DATABASE_URL, else the throwaway test server (`scripts/test-postgres.sh start`).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { loadOrCreateSigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import type { Kysely } from 'kysely';
import { buildApp } from '../../apps/server/src/app';
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

const { values: args } = parseArgs({
  options: {
    tickets: { type: 'string', default: '20' },
    requests: { type: 'string', default: '300' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    baseline: { type: 'boolean', default: false },
  },
});
const TICKETS = Number(args.tickets);
const REQUESTS = Number(args.requests);
const ENGINES = args.engines.split(',') as Engine[];

interface Result {
  engine: Engine;
  warm: Percentiles;
  cold: Percentiles | null;
  first: Percentiles | null;
  bytesGzip: number;
  bytesJson: number;
}

async function main(): Promise<void> {
  console.log(machine());
  console.log(
    `${TICKETS} tickets, ${REQUESTS} requests per measurement${args.baseline ? ', baseline' : ''}\n`,
  );
  const results: Result[] = [];
  for (const engine of ENGINES) results.push(await runEngine(engine));
  console.log(
    '| engine | warm p50 / p95 ms | new process p50 / p95 ms | first read ever p50 / p95 ms | gzip / JSON bytes |',
  );
  console.log('|---|---|---|---|---|');
  const cell = (p: Percentiles | null) => (p ? `${p.p50} / ${p.p95}` : '-');
  for (const r of results) {
    console.log(
      `| ${r.engine} | ${cell(r.warm)} | ${cell(r.cold)} | ${cell(r.first)} | ${r.bytesGzip} / ${r.bytesJson} |`,
    );
  }
}

async function runEngine(engine: Engine): Promise<Result> {
  const dataDir = await mkdtemp(join(tmpdir(), `utsav-bench-my-tickets-${engine}-`));
  const database = engine === 'postgres' ? await createPostgresDatabase('utsav_bench_my_tickets') : undefined;
  const app = await buildApp(
    benchConfig(dataDir, database?.url, {
      // A shared, busy machine must not turn the measurement into 503s.
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '100000',
    }),
  );
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  try {
    const keys = await loadOrCreateSigningKeys(dataDir);
    const adminToken = await signIdToken(keys, { email: 'bench.admin@bench.test', name: 'Bench Admin' });
    const admin = await call(base, 'POST', '/api/auth/google-signin', undefined, { idToken: adminToken });
    await updateUser(app.ctx.db, admin.body.user.id, { role: 'admin' });
    const event = await createBenchEvent(base, adminToken, 1000);
    const token = await signIdToken(keys, { email: 'bench.guest@bench.test', name: 'Bench Guest' });
    const guest = await call(base, 'POST', '/api/auth/google-signin', undefined, { idToken: token });
    await issuePaidTickets(app.ctx, {
      eventId: event.id,
      userId: guest.body.user.id,
      quantity: TICKETS,
    });

    const read = () => call(base, 'GET', '/api/tickets/my-tickets', token);
    for (let i = 0; i < 30; i++) await read(); // connections, JIT, statement caches, and the images
    const warm = await timed(read);
    let cold: Percentiles | null = null;
    let first: Percentiles | null = null;
    if (!args.baseline) {
      const { forgetQrDataUrls } = await import('../../apps/server/src/platform/documents/qr-data-url');
      cold = await timed(async () => {
        forgetQrDataUrls();
        return read();
      });
      const db = app.ctx.db as unknown as Kysely<{ ticket_qr_images: { token: string } }>;
      first = await timed(async () => {
        forgetQrDataUrls();
        await db.deleteFrom('ticket_qr_images').execute();
        return read();
      });
    }
    const last = await read();
    if (last.body.tickets.length !== TICKETS) throw new Error(`expected ${TICKETS} tickets`);
    return { engine, warm, cold, first, bytesGzip: gzipSync(last.text).length, bytesJson: last.text.length };
  } finally {
    await app.close();
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function timed(request: () => Promise<unknown>): Promise<Percentiles> {
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await request();
    samples.push(performance.now() - start);
  }
  return percentiles(samples);
}

async function call(base: string, method: string, path: string, token?: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'accept-encoding': 'gzip',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads the fields it needs.
  return { body: JSON.parse(text) as any, text };
}

await main();
