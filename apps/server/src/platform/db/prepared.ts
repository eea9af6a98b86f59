import type pg from 'pg';

// PostgreSQL plans every statement it is sent unnamed, each time. For the ticket view of a gate scan (eight
// tables joined) planning took 2-6 ms against 0.1-0.2 ms to run it, which capped the gate at ~110 scans/s
// (bench/history/gate.md). The statements compiled once (compiled.ts) are therefore sent as named
// prepared statements: each pooled connection parses them once, and PostgreSQL reuses the plan (a generic one
// once it costs no more than the custom ones, its usual rule). Only those texts: they are a fixed, small set
// (one per hot query of the code), so the prepared statements a connection keeps never grow with the data;
// statements Kysely builds per call (`in (...)` lists of any length) stay unnamed.

const names = new Map<string, string>();

/** Marks a SQL text as one to prepare on every connection that runs it. Idempotent. */
export function prepareOnPostgres(sqlText: string): void {
  if (!names.has(sqlText)) names.set(sqlText, `utsav_${names.size + 1}`);
}

type Query = (...args: unknown[]) => unknown;

/**
 * Called for each new pooled client: a registered text run as `query(text, values)` (the only way Kysely's
 * driver calls it) goes out as `query({ name, text, values })` instead; everything else is untouched.
 */
export function sendRegisteredStatementsPrepared(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = names.get(text);
      if (name) return query({ name, text, values });
    }
    return query(...args);
  };
}
