// CPU and wall time per call of the gate's two services (verifyQr, markUsed), in process, one call after
// another, on 3,000 tickets: new codes, codes seen before, refusals. No HTTP: what check-in itself costs beside
// the platform's per-request work (bench/history/gate.md).
//
//   npx tsx bench/checkin/scan-cost.ts [--pg]      (PostgreSQL: BENCH_DATABASE_URL)

import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadOrCreateSigningKeys, signIdToken } from '@utsav/dev-identity/keys';
import { buildApp } from '../../apps/server/src/app';
import { markUsed, verifyQr } from '../../apps/server/src/modules/checkin/service';
import type { TicketView } from '../../apps/server/src/stores/tickets';
import { findUserById, updateUser } from '../../apps/server/src/stores/users';
import { issuePaidTickets } from '../../apps/server/support/checkin';
import { benchConfig, createBenchEvent, createPostgresDatabase } from '../support';

const pgMode = process.argv.includes('--pg');
const dataDir = await mkdtemp(join(tmpdir(), 'gate-svc-'));
const database = pgMode ? await createPostgresDatabase('gate_svc') : undefined;
const config = benchConfig(dataDir, database?.url, { RATE_LIMIT_AUTH_PER_MINUTE: '100000' });
const app = await buildApp(config);
const base = await app.listen({ host: '127.0.0.1', port: 0 });
const keys = await loadOrCreateSigningKeys(dataDir);
const signIn = async (name: string) => {
  const email = `${name}.${randomBytes(3).toString('hex')}@bench.test`;
  const token = await signIdToken(keys, { email, name });
  const r = await fetch(`${base}/api/auth/google-signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ idToken: token }),
  });
  const body = await r.json();
  return { token, id: body.user.id as string };
};
const admin = await signIn('admin');
await updateUser(app.ctx.db, admin.id, { role: 'admin' });
const checker = (await findUserById(app.ctx.db, admin.id))!;
const eventId = (await createBenchEvent(base, admin.token, 100000)).id as string;
const buyer = await signIn('buyer');
const tickets: TicketView[] = [];
for (let i = 0; i < 300; i++)
  tickets.push(...(await issuePaidTickets(app.ctx, { eventId, userId: buyer.id, quantity: 10 })));
async function time(label: string, from: number, n: number, run: (i: number) => Promise<unknown>) {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  for (let i = from; i < from + n; i++) await run(i);
  const c = process.cpuUsage(c0);
  console.log(
    label.padEnd(30),
    (((performance.now() - t0) / n) * 1000).toFixed(0),
    'µs wall',
    ((c.user + c.system) / n).toFixed(0),
    'µs cpu',
  );
}
const qr = (i: number) => ({ qrCode: tickets[i]!.qr_token });
await time('verify warm', 0, 300, (i) => verifyQr(app.ctx, checker, qr(i)));
await time('mark warm', 0, 300, (i) => markUsed(app.ctx, checker, qr(i)));
await time('verify new codes', 300, 1000, (i) => verifyQr(app.ctx, checker, qr(i)));
await time('verify same codes again', 300, 1000, (i) => verifyQr(app.ctx, checker, qr(i)));
await time('mark (verified before)', 300, 1000, (i) => markUsed(app.ctx, checker, qr(i)));
await time('mark (never verified)', 1300, 1000, (i) => markUsed(app.ctx, checker, qr(i)));
await time('mark again (refused)', 1300, 300, (i) => markUsed(app.ctx, checker, qr(i)).catch(() => {}));
await app.close();
await database?.drop();
