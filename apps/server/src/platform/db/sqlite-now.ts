import type SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import type { Db } from './database';

// Statements run synchronously on the embedded SQLite file, for the few hot transactions where Kysely's
// promise turns cost more than SQLite's own work (the hold: bench/RESULTS.md). better-sqlite3 is synchronous
// anyway; through Kysely every statement still waits for the connection's mutex and several microtasks, and a
// transaction holds the one connection across those awaits. Here the whole transaction runs in one turn of the
// event loop, on Kysely's own connection (taken from Kysely first, so no Kysely query can interleave), with the
// same compiled SQL the PostgreSQL path sends (compiled.ts: one query builder per statement, two dialects).

export interface SqliteNow {
  /** The rows of a query that returns rows. */
  all<Row>(query: CompiledQuery<Row>): Row[];
  /** Runs a statement that returns no rows; the number of rows it changed. */
  run(query: CompiledQuery): number;
  /** Runs SQL without parameters (savepoints, begin, commit). */
  exec(sql: string): void;
}

type Prepare = (source: string) => SQLite.Statement;

const files = new WeakMap<Db, Prepare>();

/** Called by createDatabase for the embedded file: `prepare` is its statement cache. */
export function registerSqliteFile(db: Db, prepare: Prepare): void {
  files.set(db, prepare);
}

/** True when `db` is the embedded SQLite file made by createDatabase (not PostgreSQL, not a transaction). */
export function hasSqliteFile(db: Db): boolean {
  return files.has(db);
}

/**
 * Runs `work` with Kysely's connection held, so nothing else uses the file meanwhile. `work` is synchronous: it
 * must not await. It manages its own transaction (begin, savepoints, commit), and must leave none open.
 */
export async function withSqliteFile<T>(db: Db, work: (sqlite: SqliteNow) => T): Promise<T> {
  const prepare = files.get(db);
  if (!prepare) throw new Error('withSqliteFile: not the embedded SQLite database');
  const sqlite: SqliteNow = {
    all: <Row>(query: CompiledQuery<Row>) => prepare(query.sql).all(...query.parameters) as Row[],
    run: (query) => prepare(query.sql).run(...query.parameters).changes,
    exec: (sql) => {
      prepare(sql).run();
    },
  };
  return db.connection().execute(async () => work(sqlite));
}
