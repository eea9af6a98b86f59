import { type Kysely, sql } from 'kysely';

// A waitlist place may wait in its ticket type's own line (docs/decisions/0717): joined while the event still had
// people but the type's own capacity was sold out. Such a place holds back its type only; a place in the event's
// line (type_line 0, every place before this) holds back every checkout, as before. The partial index answers
// "which types have a line of their own" for every hold from a handful of entries, never the event's whole line.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table waitlist_entries add column type_line integer not null default 0`.execute(db);
  await sql`create index waitlist_entries_type_line_idx on waitlist_entries (event_id, ticket_type_id)
    where status = 'waiting' and type_line = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index waitlist_entries_type_line_idx`.execute(db);
  await sql`alter table waitlist_entries drop column type_line`.execute(db);
}
