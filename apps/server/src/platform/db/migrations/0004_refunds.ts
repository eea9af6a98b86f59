import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Cancellation and refunds: one refund per cancelled ticket, and its append-only status history.
// Written once for both engines: only column types differ (see dialect.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);

  await db.schema
    .createTable('refunds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // RF-XXXXXXXXXX: the short reference a guest quotes to support.
    .addColumn('refund_code', 'text', (c) => c.notNull().unique())
    // One refund per ticket, whoever asks twice at the same moment: the second insert conflicts.
    .addColumn('ticket_id', 'text', (c) => c.notNull().unique().references('tickets.id'))
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // Razorpay's pay_… id of the order's payment: the refund is a partial refund of it.
    .addColumn('payment_id', 'text', (c) => c.notNull())
    // Null until Razorpay accepted the current attempt; cleared when an admin retries a failed refund.
    .addColumn('razorpay_refund_id', 'text', (c) => c.unique())
    .addColumn('original_amount_paise', 'integer', (c) => c.notNull())
    .addColumn('processing_fee_paise', 'integer', (c) => c.notNull())
    .addColumn('refund_amount_paise', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    // rf-<id>-<attempts>: the same key for every resend of one attempt, a new one per admin retry.
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addColumn('processed_at', timestamp)
    .addColumn('last_error', 'text')
    .addCheckConstraint(
      'refunds_status_check',
      sql`status in ('pending', 'processing', 'processed', 'failed', 'cancelled')`,
    )
    .addCheckConstraint(
      'refunds_amount_check',
      sql`refund_amount_paise > 0 and refund_amount_paise + processing_fee_paise = original_amount_paise`,
    )
    .execute();
  await db.schema.createIndex('refunds_user_idx').on('refunds').column('user_id').execute();
  await db.schema.createIndex('refunds_order_idx').on('refunds').column('order_id').execute();
  // The polling job's query (pending / processing by age) and the admin status filter.
  await db.schema.createIndex('refunds_status_idx').on('refunds').columns(['status', 'updated_at']).execute();
  await db.schema.createIndex('refunds_created_idx').on('refunds').column('created_at').execute();

  await db.schema
    .createTable('refund_status_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('refund_id', 'text', (c) => c.notNull().references('refunds.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('refund_status_history_refund_idx')
    .on('refund_status_history')
    .columns(['refund_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('refund_status_history').execute();
  await db.schema.dropTable('refunds').execute();
}
