// What each statement of the gate's SQLite fast path costs inside a group commit (checkin/gate-on-sqlite.ts):
// the ticket view read, the conditional update, the scan-log insert, the savepoints around each item and the
// commit, each timed alone over batches of 64 items on 3,000 tickets. No HTTP, no services: SQLite's own work.
//
//   npx tsx bench/checkin/sqlite-statements.ts

import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import { buildApp } from '../../apps/server/src/app';
import { scanRow } from '../../apps/server/src/modules/checkin/pass';
import { admitOnce } from '../../apps/server/src/modules/checkin/repo';
import { insertOnlineScanRow, scanValues } from '../../apps/server/src/modules/checkin/scan-log-repo';
import { withSqliteFile } from '../../apps/server/src/platform/db/sqlite-now';
import { ticketViews } from '../../apps/server/src/stores/tickets';
import { findUserById, updateUser } from '../../apps/server/src/stores/users';
import { issuePaidTickets } from '../../apps/server/support/checkin';
import { benchConfig, createBenchEvent } from '../support';

const dataDir = await mkdtemp(join(tmpdir(), 'gate-sql-'));
const app = await buildApp(benchConfig(dataDir, undefined, { RATE_LIMIT_AUTH_PER_MINUTE: '100000' }));
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const keys = await loadOrCreateSigningKeys(dataDir);
async function signIn(name: string) {
  const token = await signIdToken(keys, { email: `${name}@bench.test`, name });
  const response = await fetch(`${base}/api/auth/google-signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: token }),
  });
  return { token, id: (await response.json()).user.id as string };
}
const admin = await signIn('admin');
await updateUser(app.ctx.db, admin.id, { role: 'admin' });
const checker = (await findUserById(app.ctx.db, admin.id))!;
const eventId = (await createBenchEvent(base, admin.token, 100000)).id as string;
const buyer = await signIn('buyer');
const ids: string[] = [];
for (let i = 0; i < 300; i++)
  for (const ticket of await issuePaidTickets(app.ctx, { eventId, userId: buyer.id, quantity: 10 }))
    ids.push(ticket.id);

const db = app.ctx.db;
const view = (id: string) =>
  ticketViews(db).where('tickets.id', '=', id).where('tickets.event_id', '=', eventId).compile();
const BATCH = 64;
const totals = new Map<string, number>();
const timed = <T>(label: string, work: () => T): T => {
  const start = process.hrtime.bigint();
  const value = work();
  totals.set(label, (totals.get(label) ?? 0) + Number(process.hrtime.bigint() - start) / 1000);
  return value;
};
let items = 0;
for (let from = 0; from + BATCH <= ids.length; from += BATCH) {
  await withSqliteFile(db, (sqlite) => {
    timed('begin immediate', () => sqlite.exec('begin immediate'));
    for (const id of ids.slice(from, from + BATCH)) {
      const now = new Date().toISOString();
      const scan = {
        checker,
        deviceId: 'phone-1',
        gate: 'Main',
        action: 'mark' as const,
        direction: 'in' as const,
        method: 'scan' as const,
        localId: null,
        scannedAt: now,
        now,
      };
      timed('savepoint + release', () => sqlite.exec('savepoint grouped'));
      const read = view(id);
      timed('ticket view read', () => sqlite.all(read));
      const update = admitOnce(db, now, checker.id, now, id, eventId);
      timed('conditional update', () => sqlite.all(update));
      const insert = insertOnlineScanRow(db, ...scanValues(scanRow(scan, id, 'admitted')));
      timed('scan-log insert', () => sqlite.run(insert));
      timed('ticket view read (after)', () => sqlite.all(read));
      timed('savepoint + release', () => sqlite.exec('release grouped'));
      items++;
    }
    timed('commit (per item)', () => sqlite.exec('commit'));
  });
}
console.log(`${items} items in batches of ${BATCH}; µs per item (wall, one thread):`);
for (const [label, total] of totals) console.log(`  ${label.padEnd(28)} ${(total / items).toFixed(1)}`);
await app.close();
