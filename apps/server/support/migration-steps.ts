import { type Migration, Migrator } from 'kysely';
import type { Db } from '../src/platform/db/database';
import { MIGRATIONS } from '../src/platform/db/migrations/list';

// For tests of one migration: the database brought to the migration before it, rows written as they were then
// (no app code: its types know only the latest schema), then the migration run up and down.

/** A migrator that knows the shipped migrations up to and including `last`, in the app's order. */
export function migratorUpTo(db: Db, last: string): Migrator {
  const upTo = MIGRATIONS.slice(0, MIGRATIONS.findIndex(([name]) => name === last) + 1);
  return new Migrator({
    db,
    provider: { getMigrations: async () => Object.fromEntries(upTo) as Record<string, Migration> },
  });
}

/** One row into a table as the schema stood at the time, untyped. */
export async function insertRow(db: Db, table: string, row: Record<string, unknown>): Promise<void> {
  await db
    .insertInto(table as never)
    .values(row as never)
    .execute();
}
