// What every bench shares: a throwaway PostgreSQL database, the one-line machine description that goes into
// bench/RESULTS.md with each result, and the seeding (the event, seats sold before the run). Latency
// percentiles come from the cluster rush's helpers.

import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { eventSigner } from '../apps/server/src/modules/tickets/ticket-signing';
import { type Config, loadConfig } from '../apps/server/src/platform/config';
import type { Db } from '../apps/server/src/platform/db/database';
import { qrDataUrl } from '../apps/server/src/platform/documents/qr-data-url';
import { insertRows, ticketRow } from '../apps/server/support/admin-fixtures';
import { adminQuery } from '../apps/server/support/databases';

export type Engine = 'sqlite' | 'postgres';

export { type Percentiles, percentiles } from '../apps/server/support/cluster-rush';

/**
 * A fresh database on BENCH_DATABASE_URL's server, or on the suite's own PostgreSQL (started if needed),
 * named `<prefix>_<time>_<random>`; drop() removes it, connections and all.
 */
export async function createPostgresDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl =
    process.env.BENCH_DATABASE_URL?.trim() ||
    execFileSync('bash', ['scripts/test-postgres.sh', 'start'], { encoding: 'utf8' }).trim();
  const name = `${prefix}_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await adminQuery(`create database ${name}`, adminUrl);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`, adminUrl),
  };
}

export function machine(): string {
  const model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
  return `machine: nproc ${cpus().length}, ${model}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, ${new Date().toISOString()}`;
}

// ---- seeding shared by the benches (review finding: each bench had its own copy)

/** The event every bench sells: the same text everywhere, with the seats the bench needs. */
export function benchEventBody(totalTickets: number, extra: Record<string, unknown> = {}) {
  return {
    name: 'Bench Garba Night',
    venue: 'Bench Ground',
    description: 'Benchmark event',
    date: '2099-10-01',
    startTime: '19:00',
    endTime: '23:00',
    ticketPrice: 299,
    groupPrice4: 249,
    totalTickets,
    features: 'Dhol',
    ...extra,
  };
}

/** POST /api/event as an admin; the created event's JSON (`data`), or an error saying why not. */
export async function createBenchEvent(
  baseUrl: string,
  adminToken: string,
  totalTickets: number,
  extra: Record<string, unknown> = {},
  // biome-ignore lint/suspicious/noExplicitAny: the event's JSON as the API answers it.
): Promise<any> {
  const response = await fetch(`${baseUrl}/api/event`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
    body: JSON.stringify(benchEventBody(totalTickets, extra)),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`event: ${response.status} ${text}`);
  return JSON.parse(text).data;
}

/** Seats sold before a bench: `count` admin-issued tickets written straight into the database (only the count matters). */
export async function presell(db: Db, eventId: string, ownerId: string, count: number): Promise<void> {
  const rows = Array.from({ length: count }, () =>
    ticketRow(
      { eventId, userId: ownerId },
      {
        holder_name: 'Earlier buyer',
        qr_token: 'not-scanned-in-this-bench',
        issued_by_admin: 1,
        issued_by_user_id: ownerId,
      },
    ),
  );
  await insertRows(db, 'tickets', rows);
}

/**
 * `count` tickets to scan at the gate, written straight into the database: tokens signed with the event's own
 * key (it must have one already: the server makes it at the first issuance), issued by `ownerId` to one guest per
 * ticket, and each ticket's QR image stored as My Tickets stores it once the guest has opened it. Through the API
 * (manual issuance, 200 a request) 30,000 tickets took the server a minute of signing and imaging; here about a
 * tenth, in the bench's own process. Returns the QR tokens, in issue order.
 */
export async function seedScanTickets(
  db: Db,
  eventId: string,
  ownerId: string,
  count: number,
): Promise<string[]> {
  const event = await db
    .selectFrom('events')
    .select('qr_private_key')
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
  if (!event.qr_private_key)
    throw new Error('seedScanTickets: the event has no signing key yet (issue one ticket first)');
  const signer = eventSigner(eventId, event.qr_private_key);
  const tokens: string[] = [];
  const chunk = 500;
  for (let start = 0; start < count; start += chunk) {
    const rows = Array.from({ length: Math.min(chunk, count - start) }, (_, index) => {
      const row = ticketRow(
        { eventId, userId: ownerId },
        { holder_name: `Scan Guest ${start + index}`, issued_by_admin: 1, issued_by_user_id: ownerId },
      );
      return { ...row, qr_token: signer.sign(row.id) };
    });
    await insertRows(db, 'tickets', rows);
    const createdAt = new Date().toISOString();
    await db
      .insertInto('ticket_qr_images')
      .values(
        rows.map((row) => ({ token: row.qr_token, image: qrDataUrl(row.qr_token), created_at: createdAt })),
      )
      .execute();
    for (const row of rows) tokens.push(row.qr_token);
  }
  return tokens;
}

/**
 * The server's configuration for a bench: its own data folder, quiet logs, no demo data, no web build, and the
 * background jobs (hold sweeper, outbox worker) idle so they do not run in the middle of a measurement; `env` adds
 * the bench's own settings (its rate limits).
 */
export function benchConfig(
  dataDir: string,
  databaseUrl: string | undefined,
  env: Record<string, string> = {},
): Config {
  return {
    ...loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      DEMO_SEED: 'false',
      HOLD_SWEEP_SECONDS: '86400',
      OUTBOX_INTERVAL_MS: '86400000',
      ...env,
    }),
    webDistDir: join(dataDir, 'no-web-build'),
  };
}
