import { sql } from 'kysely';
import type { Db } from './database';
import { isPostgres } from './dialect';

/**
 * Serialises transactions that check-then-write the same invariant (the last admin, the single event).
 * PostgreSQL: a transaction-scoped advisory lock keyed by name, released at commit or rollback.
 * SQLite: nothing to do, Kysely runs every transaction on the one connection, one at a time.
 */
export async function lockFor(trx: Db, name: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
}
