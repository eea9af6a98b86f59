import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database';
import { isPostgres } from './dialect';
import { prepareOnPostgres } from './prepared';

// Kysely builds an immutable operation tree and compiles it to SQL text on every call. For the few statements
// that nearly every request runs (the signed-in user, the hold transaction's reads), building and compiling
// cost about as much as SQLite running them (bench/RESULTS.md). A hot query is therefore built once per SQL
// dialect with stand-in values, and each call runs that compiled text with its own values in their places;
// on PostgreSQL that text is also a prepared statement on each connection, planned once (prepared.ts).

/** A value no caller passes: where it lands in the compiled parameters is where that argument goes. */
const standIn = (index: number) => `\u0000compiled-once-argument-${index}\u0000`;

/**
 * `build` must be the whole query, its arguments used only as values (never to choose columns or clauses: those
 * would be frozen at the first call). The result is the rows, as `execute()` would give them.
 */
export function compiledOnce<Row, Args extends unknown[]>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  const compile = compiledQueryOnce(build);
  return async (db, ...args) => (await db.executeQuery<Row>(compile(db, ...args))).rows;
}

/**
 * As compiledOnce, but gives the compiled query with this call's values instead of running it: for a caller that
 * runs it itself (the hold's statements on SQLite, run synchronously: sqlite-now.ts).
 */
export function compiledQueryOnce<Row, Args extends unknown[]>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => CompiledQuery<Row> {
  const compiledFor: { postgres?: Compiled<Row>; sqlite?: Compiled<Row> } = {};
  return (db, ...args) => {
    const dialect = isPostgres(db) ? 'postgres' : 'sqlite';
    let compiled = compiledFor[dialect];
    if (!compiled) {
      const standIns = args.map((_, index) => standIn(index)) as Args;
      const query = build(db, ...standIns).compile();
      const slots = query.parameters.map((value) => standIns.indexOf(value));
      // An argument that is not a parameter (used to choose a column or a clause) would be frozen: refuse.
      for (let index = 0; index < args.length; index++) {
        if (!slots.includes(index)) throw new Error(`compiledOnce: argument ${index} is not used as a value`);
      }
      compiled = dialect === 'sqlite' ? withLiteralLimit({ query, slots }) : { query, slots };
      // PostgreSQL would otherwise plan this text again on every call (prepared.ts).
      if (dialect === 'postgres') prepareOnPostgres(query.sql);
      compiledFor[dialect] = compiled;
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((value, position) => {
      const slot = slots[position]!;
      return slot === -1 ? value : args[slot];
    });
    return { ...query, parameters };
  };
}

/**
 * SQLite runs `... limit ?` about twice as slowly as `... limit 1`, and the gap grows with the statement: the gate's
 * nine-table ticket view took ~80 µs of CPU with its constant limit bound as a parameter against ~15 µs with it
 * written in (bench/history/gate.md). A trailing limit that is a constant of the query (never an
 * argument) is therefore written into the text. Only the last placeholder, so no other one moves.
 */
function withLiteralLimit<Row>(compiled: Compiled<Row>): Compiled<Row> {
  const { query, slots } = compiled;
  const last = query.parameters.length - 1;
  const limit = query.parameters[last];
  if (!/ limit \?$/.test(query.sql) || slots[last] !== -1 || !Number.isSafeInteger(limit)) return compiled;
  return {
    query: {
      ...query,
      sql: `${query.sql.slice(0, -'?'.length)}${limit as number}`,
      parameters: query.parameters.slice(0, last),
    },
    slots: slots.slice(0, last),
  };
}

interface Compiled<Row> {
  query: CompiledQuery<Row>;
  /** For each compiled parameter, the index of the argument it takes, or -1 for a constant of the query. */
  slots: number[];
}
