import type { Kysely } from 'kysely';

// Admin panels, sized by bench/admin (50,000 tickets, 20,000 users):
//  - tickets (created_at, id): the ticket list's newest-first page and the export's keyset cursor walk this
//    index instead of sorting every ticket per page (the export went from one full sort per 1,000 rows to
//    one range scan).
// Searching by name or email goes through users first and reaches tickets by tickets_user_idx.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('tickets_created_idx').on('tickets').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('tickets_created_idx').execute();
}
