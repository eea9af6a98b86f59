import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Whole-payment refunds of the purchase flow, followed to the end:
//  - orders.refund_settled_at: Razorpay reported the late-payment refund processed. Until then the
//    reconciliation job asks about it, so a lost refund.failed webhook cannot leave a guest unpaid.
//  - duplicate_payments: a second captured payment for a settled order, owed back in full. Recorded before
//    the refund is asked for, so a refund Razorpay could not take is retried by the job, not just logged.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema.alterTable('orders').addColumn('refund_settled_at', timestamp).execute();

  await db.schema
    .createTable('duplicate_payments')
    // Razorpay's pay_… id: one row however many callers (verify, webhook, job) notice the same payment.
    .addColumn('payment_id', 'text', (c) => c.primaryKey())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    // Null while the refund is owed (not yet accepted by Razorpay, or failed at the bank and owed again).
    .addColumn('razorpay_refund_id', 'text', (c) => c.unique())
    .addColumn('refund_settled_at', timestamp)
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('duplicate_payments_order_idx')
    .on('duplicate_payments')
    .column('order_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('duplicate_payments').execute();
  await db.schema.alterTable('orders').dropColumn('refund_settled_at').execute();
}
