import { randomUUID } from 'node:crypto';
import { createDatabase, migrateToLatest } from './src/platform/db/database';
import { seedDemo } from './src/platform/db/seed-demo';
import { withSqliteFile } from './src/platform/db/sqlite-now';
import { holdFiguresQuery, orderInsert, auditInsert } from './src/modules/tickets/hold-figures';
import { compiledQueryOnce } from './src/platform/db/compiled';
import { rmSync } from 'node:fs';
rmSync('/tmp/buy/micro', { recursive: true, force: true });
const db = createDatabase({ databaseUrl: undefined, dataDir: '/tmp/buy/micro' } as never);
await migrateToLatest(db);
await seedDemo(db, new Date());
const event = await db.selectFrom('events').selectAll().executeTakeFirstOrThrow();
const user = await db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
console.log('event bytes', JSON.stringify(event).length);
const eventById = compiledQueryOnce((d: typeof db, id: string) => d.selectFrom('events').selectAll().where('id', '=', id));
const now = new Date().toISOString();
const N = 3000;
function time(label: string, f: () => void) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < N; i++) f();
  const t = process.cpuUsage(t0);
  console.log(label.padEnd(30), ((t.user + t.system) / N).toFixed(1), 'µs');
}
await withSqliteFile(db, (s) => {
  s.exec('begin immediate');
  time('event row', () => s.all(eventById(db, event.id)));
  time('figures', () => s.all(holdFiguresQuery(db, event.id, user.id, now)));
  time('compile only figures', () => holdFiguresQuery(db, event.id, user.id, now));
  time('savepoint+release', () => { s.exec('savepoint hold'); s.exec('release hold'); });
  let k = 0;
  time('order insert', () => {
    const id = randomUUID();
    s.run(orderInsert(db, { id, razorpay_order_id: `order_${id}`, user_id: user.id, event_id: event.id, quantity: 1, price_per_ticket_paise: 100, amount_paise: 100, pricing_tier: 'x', status: 'created', hold_expires_at: now, razorpay_payment_id: null, razorpay_refund_id: null, created_at: now, paid_at: null, refunded_at: null, refund_settled_at: null, ticket_names: null, updated_at: now }));
  });
  time('audit insert', () => s.run(auditInsert(db, { id: randomUUID(), actor_user_id: user.id, action: 'order.created', entity: 'order', entity_id: String(k++), data: '{"quantity":1,"amountPaise":100}', created_at: now })));
  s.exec('commit');
  const t0 = process.cpuUsage();
  for (let i = 0; i < 300; i++) { s.exec('begin immediate'); s.run(auditInsert(db, { id: randomUUID(), actor_user_id: user.id, action: 'x', entity: 'order', entity_id: null, data: null, created_at: now })); s.exec('commit'); }
  const t = process.cpuUsage(t0); console.log('begin+insert+commit', ((t.user + t.system) / 300).toFixed(1), 'µs');
});
await db.destroy();
