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

/**
 * Group commit for independent writes (holds, the gate's admissions and scan-log rows): the items queued during
 * one turn of the event loop run one after the other, in
 * arrival order, in one `begin immediate ... commit`, each in a savepoint of its own (an item that throws is undone
 * alone and rejects alone). Every caller settles after the commit, so nothing is answered before it is written.
 * SQLite's commit (the WAL frames of every page changed) was most of a lone scan-log insert: ~75-85 µs alone
 * against ~15-35 µs inside a transaction (bench/history/purchase.md). `write` is synchronous and short.
 * `startBatch` makes what the items of one batch share (the hold's rows read once per batch), given to each.
 */
export function groupCommitted<Item, Result, Batch = undefined>(
  write: (sqlite: SqliteNow, item: Item, batch: Batch) => Result,
  startBatch: () => Batch = () => undefined as Batch,
): (db: Db, item: Item) => Promise<Result> {
  const queues = new WeakMap<Db, Queued<Item, Result>[]>();
  const take = (db: Db): Queued<Item, Result>[] => {
    const batch = queues.get(db) ?? [];
    queues.delete(db);
    return batch;
  };
  const flush = async (db: Db): Promise<void> => {
    let batch: Queued<Item, Result>[] | undefined;
    let outcomes: Outcome<Result>[];
    try {
      outcomes = await withSqliteFile(db, (sqlite) => {
        // Taken only now that the connection is ours: items queued while it was busy join this batch.
        batch = take(db);
        const shared = startBatch();
        return writeAll(sqlite, batch, (into, item) => write(into, item, shared));
      });
    } catch (error) {
      // Begin or commit failed (nothing of the batch was written), or the connection could not be had.
      for (const queued of batch ?? take(db)) queued.reject(error);
      return;
    }
    batch!.forEach((queued, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) queued.resolve(outcome.value);
      else queued.reject(outcome.error);
    });
  };
  return (db, item) =>
    new Promise<Result>((resolve, reject) => {
      let queued = queues.get(db);
      if (!queued) {
        queued = [];
        queues.set(db, queued);
        // After this turn's I/O callbacks: the requests read in this turn have queued their items by then.
        setImmediate(() => void flush(db));
      }
      queued.push({ item, resolve, reject });
    });
}

function writeAll<Item, Result>(
  sqlite: SqliteNow,
  batch: Queued<Item, Result>[],
  write: (sqlite: SqliteNow, item: Item) => Result,
): Outcome<Result>[] {
  sqlite.exec('begin immediate');
  try {
    const outcomes = batch.map(({ item }): Outcome<Result> => {
      sqlite.exec('savepoint grouped');
      try {
        const value = write(sqlite, item);
        sqlite.exec('release grouped');
        return { ok: true, value };
      } catch (error) {
        sqlite.exec('rollback to grouped');
        sqlite.exec('release grouped');
        return { ok: false, error };
      }
    });
    sqlite.exec('commit');
    return outcomes;
  } catch (error) {
    // SQLite may have rolled back already (a failed commit can); nothing must stay open on the connection.
    try {
      sqlite.exec('rollback');
    } catch {}
    throw error;
  }
}

interface Queued<Item, Result> {
  item: Item;
  resolve: (value: Result) => void;
  reject: (error: unknown) => void;
}

type Outcome<Result> = { ok: true; value: Result } | { ok: false; error: unknown };
