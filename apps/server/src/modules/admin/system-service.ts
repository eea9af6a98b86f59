import { readFileSync } from 'node:fs';
import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { AppContext } from '../../platform/context';
import { isPostgres } from '../../platform/db/dialect';
import { MIGRATIONS } from '../../platform/db/migrations/list';

// GET /admin/system/health: what an organiser (or whoever they call) checks first when something is off.
// Every probe is independent: one failing reports itself and the rest still answer.

const VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
})();

const provider: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(MIGRATIONS) as Record<string, Migration>,
};

export interface SystemHealth {
  status: 'ok' | 'degraded';
  version: string;
  uptimeSeconds: number;
  timestamp: string;
  database: { engine: 'sqlite' | 'postgres'; reachable: boolean; latencyMs: number | null };
  migrations: { current: boolean; applied: number; known: number; pending: string[] };
  memory: { rssMb: number; heapUsedMb: number; heapTotalMb: number };
  /** Orders holding seats right now (status created, hold not expired). */
  pendingHolds: number | null;
  /** Refunds sent or about to be sent to Razorpay and not settled yet (pending or processing). */
  refundsWaiting: number | null;
  refundsFailed: number | null;
  outbox: { pending: number; failed: number } | null;
}

const MB = 1024 * 1024;

async function probe<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch {
    return null;
  }
}

export async function systemHealth(ctx: AppContext): Promise<SystemHealth> {
  const { db } = ctx;
  const now = ctx.now();
  const started = performance.now();
  const reachable = (await probe(() => sql`select 1`.execute(db))) !== null;
  const latencyMs = reachable ? Math.round((performance.now() - started) * 100) / 100 : null;

  const [migrations, pendingHolds, refunds, outbox] = await Promise.all([
    probe(async () => {
      const all = await new Migrator({ db, provider }).getMigrations();
      const pending = all.filter((migration) => !migration.executedAt).map((migration) => migration.name);
      return {
        current: pending.length === 0,
        applied: all.length - pending.length,
        known: all.length,
        pending,
      };
    }),
    probe(async () => {
      const row = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('status', '=', 'created')
        .where('hold_expires_at', '>', now.toISOString())
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }),
    probe(async () => {
      const rows = await db
        .selectFrom('refunds')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('status', 'in', ['pending', 'processing', 'failed'])
        .groupBy('status')
        .execute();
      const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { waiting: count('pending') + count('processing'), failed: count('failed') };
    }),
    probe(async () => {
      const rows = await db
        .selectFrom('outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
        .where('status', 'in', ['pending', 'failed'])
        .groupBy('status')
        .execute();
      const count = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
      return { pending: count('pending'), failed: count('failed') };
    }),
  ]);

  const memory = process.memoryUsage();
  const healthy = reachable && migrations?.current === true;
  return {
    status: healthy ? 'ok' : 'degraded',
    version: VERSION,
    uptimeSeconds: Math.round(process.uptime()),
    timestamp: now.toISOString(),
    database: { engine: isPostgres(db) ? 'postgres' : 'sqlite', reachable, latencyMs },
    migrations: migrations ?? { current: false, applied: 0, known: MIGRATIONS.length, pending: [] },
    memory: {
      rssMb: Math.round((memory.rss / MB) * 10) / 10,
      heapUsedMb: Math.round((memory.heapUsed / MB) * 10) / 10,
      heapTotalMb: Math.round((memory.heapTotal / MB) * 10) / 10,
    },
    pendingHolds,
    refundsWaiting: refunds?.waiting ?? null,
    refundsFailed: refunds?.failed ?? null,
    outbox,
  };
}
