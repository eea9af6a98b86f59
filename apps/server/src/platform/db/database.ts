import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Dialect,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
} from 'kysely';
import type Pg from 'pg';
import type { Config } from '../config';
import { lazyModule } from '../lazy-module';
import { checkpointInBackground } from './checkpointer';
import { registerSearchFold } from './like';
import { MIGRATIONS } from './migrations/list';
import { sendRegisteredStatementsPrepared } from './prepared';
import type { Database } from './schema';
import { registerSqliteFile } from './sqlite-now';
import { type TableVersion, watchTableWrites } from './table-writes';

export type Db = Kysely<Database>;

/** The PostgreSQL driver, loaded only by a server that uses PostgreSQL. */
const loadPg = lazyModule<typeof Pg>('pg');

const TIMESTAMPTZ_OID = 1184;
const INT8_OID = 20;

/** Kysely over PostgreSQL when DATABASE_URL is set, else over an embedded SQLite file in DATA_DIR. */
export function createDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'> & Partial<Pick<Config, 'databasePoolSize'>>,
  onIdleError: (error: Error) => void = () => {},
): Db {
  if (config.databaseUrl) {
    const pool = postgresPool(config.databaseUrl, config.databasePoolSize ?? DEFAULT_POOL_SIZE);
    // An idle connection dropped by the server (restart, failover) must not crash the process; the pool
    // replaces it on next use.
    pool.on('error', onIdleError);
    // A connection cut while checked out (PostgreSQL restarted between two statements of a transaction) emits
    // 'error' on the client, which the pool listens to only while the client is idle: unheard, it would end
    // the process. The statement in flight fails by itself, and the pool drops the broken client on release.
    pool.on('connect', (client) => {
      client.on('error', onIdleError);
      sendRegisteredStatementsPrepared(client);
    });
    return watched(new PostgresDialect({ pool }));
  }
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, 'utsav.sqlite');
  const file = new SQLite(path);
  file.pragma('journal_mode = WAL');
  // Another process (a backup, a second tool) may hold the write lock briefly; wait rather than fail.
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  file.pragma('synchronous = NORMAL');
  registerSearchFold(file);
  const checkpointer = checkpointInBackground(file, path, onIdleError);
  const cached = withStatementCache(file, () => checkpointer.stop());
  const db = watched(new SqliteDialect({ database: cached }));
  registerSqliteFile(db, cached.prepare);
  // Health probes ask the file directly: through Kysely a `select 1` cost a compile, the driver's mutex and
  // several promise turns, more than the rest of the probe (bench/history/platform.md). It touches no
  // table, so it needs no lock, and it throws once the database is closed.
  const probe = file.prepare('select 1').pluck();
  quickPings.set(db, () => probe.get() === 1);
  return db;
}

const quickPings = new WeakMap<Db, () => boolean>();

/**
 * A synchronous check that the database answers, where the engine allows one (the embedded SQLite file);
 * undefined for PostgreSQL, which is asked over the network. Throws if the database is closed.
 */
export function quickPing(db: Db): (() => boolean) | undefined {
  return quickPings.get(db);
}

const usersVersions = new WeakMap<Db, TableVersion>();

/** The database with its writes to `users` watched (see usersVersion). */
function watched(dialect: Dialect): Db {
  const { dialect: watching, version } = watchTableWrites(dialect, 'users');
  const db = new Kysely<Database>({ dialect: watching });
  usersVersions.set(db, version);
  return db;
}

/**
 * Moves whenever this instance writes the users table (table-writes.ts): a copy of a user row read at one
 * value is current only while the value is unchanged. Undefined for a Kysely not made by createDatabase.
 */
export function usersVersion(db: Db): TableVersion | undefined {
  return usersVersions.get(db);
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every statement it runs; compiling the SQL was ~8% of the server's CPU under
 * a purchase rush (bench/RESULTS.md). The same few hundred SQL texts recur, so prepared statements are kept
 * by text, least recently used dropped first (`in (?, ?, ...)` lists of varying length make new texts).
 * Safe to share: Kysely runs one query at a time on the single connection, a stream included.
 */
function withStatementCache(
  file: SQLite.Database,
  beforeClose: () => void,
): SqliteDatabase & { prepare: (source: string) => SQLite.Statement } {
  const statements = new Map<string, SQLite.Statement>();
  const prepare = (source: string): SQLite.Statement => {
    let statement = statements.get(source);
    if (statement) {
      statements.delete(source);
    } else {
      statement = file.prepare(source);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    }
    statements.set(source, statement);
    return statement;
  };
  return {
    prepare,
    close: () => {
      beforeClose();
      file.close();
    },
  };
}

// 20, not pg's 10: in a purchase rush the holds queued on one event's lock (modules/purchase/checkout-placement.ts) sit on
// pooled connections while they wait, and with 10 the other statements (verify-payment, webhooks, sign-ins) waited
// for what was left (bench/history/purchase.md: 10-28% more purchases with 20, alternating runs).
const DEFAULT_POOL_SIZE = 20;

function postgresPool(connectionString: string, max: number): Pg.Pool {
  const pg = loadPg();
  const timestampParser = pg.types.getTypeParser(TIMESTAMPTZ_OID);
  // pg asks for a parser per column of every result: the two of ours are made once, not per call.
  const isoTimestamp = (value: string) => (timestampParser(value) as Date).toISOString();
  return new pg.Pool({
    connectionString,
    max,
    // Per pool, not global: repositories read timestamps as ISO text and counts as numbers on both engines.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === TIMESTAMPTZ_OID) return isoTimestamp;
        if (oid === INT8_OID) return Number;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
}

const provider: MigrationProvider = {
  getMigrations: async () => Object.fromEntries(MIGRATIONS) as Record<string, Migration>,
};

export async function migrateToLatest(db: Db): Promise<void> {
  // Numbers are handed out per piece of work, so a lower one can ship after a higher one (0009 after 0015): a database
  // that already ran the higher ones must still run it. Each migration stands alone, so the order is safe.
  const { error, results } = await new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}

/** One short transaction; the callback must not do slow I/O (mail, PDFs, provider calls). */
export function transaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}
