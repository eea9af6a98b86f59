import type { Db } from '../platform/db/database';
import type { OrganiserTable } from '../platform/db/schema';

// The organiser profile's one row: written by the organiser module, read wherever the organiser is named
// (GET /event, emails, documents, wallet passes) and by publishing, which needs it. SQL only.

export const ORGANISER_ROW_ID = 'organiser';

export function findOrganiserRow(db: Db): Promise<OrganiserTable | undefined> {
  return db.selectFrom('organiser').selectAll().where('id', '=', ORGANISER_ROW_ID).executeTakeFirst();
}

/** Inserts the row or replaces every column of it: the profile is always saved whole. */
export async function saveOrganiserRow(db: Db, row: OrganiserTable): Promise<void> {
  const { id: _id, ...columns } = row;
  await db
    .insertInto('organiser')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doUpdateSet(columns))
    .execute();
}
