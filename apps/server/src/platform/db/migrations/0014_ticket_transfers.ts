import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Ticket transfer (docs/product.md#transfer). A transfer revokes the sender's ticket and issues a new one to the
// recipient. The revoked ticket keeps status 'cancelled' (the status CHECK of 0002 cannot be widened on SQLite
// without rebuilding the table other migrations extend) and is told apart by transferred_at; the new ticket
// names its origin in transferred_from_ticket_id, which also keeps it from being cancelled for a refund.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema.alterTable('tickets').addColumn('transferred_at', timestamp).execute();
  await db.schema.alterTable('tickets').addColumn('transferred_from_ticket_id', 'text').execute();

  await db.schema
    .createTable('ticket_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
    .addColumn('from_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('recipient_email', 'text', (c) => c.notNull())
    .addColumn('recipient_name', 'text', (c) => c.notNull())
    .addColumn('recipient_user_id', 'text', (c) => c.references('users.id'))
    // Exactly one completed transfer per ticket: the new ticket's id is unique.
    .addColumn('new_ticket_id', 'text', (c) => c.unique().references('tickets.id'))
    .addColumn('fee_paise', 'integer', (c) => c.notNull())
    .addColumn('razorpay_order_id', 'text', (c) => c.unique())
    .addColumn('razorpay_payment_id', 'text')
    // The fee paid back when the transfer could not complete (the ticket was used meanwhile, say).
    .addColumn('razorpay_refund_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('failure_reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('completed_at', timestamp)
    .addCheckConstraint(
      'ticket_transfers_status_check',
      sql`status in ('created', 'completed', 'failed', 'expired')`,
    )
    .execute();
  await db.schema
    .createIndex('ticket_transfers_ticket_idx')
    .on('ticket_transfers')
    .column('ticket_id')
    .execute();
  await db.schema
    .createIndex('ticket_transfers_from_idx')
    .on('ticket_transfers')
    .column('from_user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ticket_transfers').execute();
  await db.schema.alterTable('tickets').dropColumn('transferred_from_ticket_id').execute();
  await db.schema.alterTable('tickets').dropColumn('transferred_at').execute();
}
