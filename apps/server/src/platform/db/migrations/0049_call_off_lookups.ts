import type { Kysely } from 'kysely';

// Two lookups a call-off makes once per order, under the order's lock, that read whole tables without an index
// (apps/server/src/modules/event-change/call-off-lanes.md):
// - the tickets received by transfer from an order's tickets (refunds/call-off.ts refundOrderInFull follows
//   `transferred_from_ticket_id`): SQLite built a temporary index over every ticket for each order;
// - what a payment has promised in refunds (refunds/repo.ts sumRefundsOfPayment, also on every guest's
//   cancellation and every retry): a scan of every refund.
// Both grew with the size of the night for each order, so a call-off's time grew with its square.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('tickets_transferred_from_idx')
    .on('tickets')
    .column('transferred_from_ticket_id')
    .execute();
  await db.schema.createIndex('refunds_payment_idx').on('refunds').column('payment_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('refunds_payment_idx').execute();
  await db.schema.dropIndex('tickets_transferred_from_idx').execute();
}
