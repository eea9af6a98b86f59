import type { Kysely } from 'kysely';

// The language a person uses the app in, so emails and PDFs sent later, by the outbox or a
// reminder job, are written in it. Null until known: English.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('language').execute();
}
