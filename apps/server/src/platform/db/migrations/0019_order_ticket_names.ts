import type { Kysely } from 'kysely';

// Who each ticket of an order is for, named by the buyer at checkout: a JSON array of names in
// ticket order, kept on the order so the tickets carry them whichever path issues them (verify-payment or
// the provider's webhook). Null: every ticket carries the buyer's name.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('ticket_names', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('ticket_names').execute();
}
