import { generateEventKeyPair } from '@utsav/domain/qr-token';
import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Purchase: event signing keys, orders (holds), tickets, webhook dedupe and the mail outbox.
// Written once for both engines: only column types differ (see dialect.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(db);
  const timestamp = sql.raw(t.timestamp);

  // Nullable: SQLite cannot add a NOT NULL column without a default. Every event gets a pair below, at
  // creation, and (for safety) on first use by the ticket service.
  await db.schema.alterTable('events').addColumn('qr_public_key', 'text').execute();
  await db.schema.alterTable('events').addColumn('qr_private_key', 'text').execute();
  const untyped = db as Kysely<{
    events: { id: string; qr_public_key: string | null; qr_private_key: string | null };
  }>;
  const events = await untyped
    .selectFrom('events')
    .select('id')
    .where('qr_private_key', 'is', null)
    .execute();
  for (const event of events) {
    const keys = generateEventKeyPair();
    await untyped
      .updateTable('events')
      .set({ qr_public_key: keys.publicKey, qr_private_key: keys.privateKey })
      .where('id', '=', event.id)
      .execute();
  }

  await db.schema
    .createTable('orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Null only between placing the hold and Razorpay answering (see modules/purchase/service.ts).
    .addColumn('razorpay_order_id', 'text', (c) => c.unique())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('price_per_ticket_paise', 'integer', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('pricing_tier', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hold_expires_at', timestamp, (c) => c.notNull())
    .addColumn('razorpay_payment_id', 'text', (c) => c.unique())
    // A late payment refunded in full: set once Razorpay accepted the refund (null while it is still owed).
    .addColumn('razorpay_refund_id', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('paid_at', timestamp)
    .addColumn('refunded_at', timestamp)
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint(
      'orders_status_check',
      sql`status in ('created', 'paid', 'expired', 'refunded', 'failed', 'cancelled')`,
    )
    .addCheckConstraint('orders_quantity_check', sql`quantity > 0`)
    .addCheckConstraint('orders_amount_check', sql`amount_paise = price_per_ticket_paise * quantity`)
    .execute();
  // The inventory count (live holds) and the hold-expiry job both read by status and expiry.
  await db.schema
    .createIndex('orders_status_hold_idx')
    .on('orders')
    .columns(['status', 'hold_expires_at'])
    .execute();
  await db.schema.createIndex('orders_user_idx').on('orders').column('user_id').execute();

  await db.schema
    .createTable('tickets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_code', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'text', (c) => c.references('orders.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('price_paise', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('qr_token', 'text', (c) => c.notNull())
    .addColumn('issued_by_admin', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('issued_by_user_id', 'text', (c) => c.references('users.id'))
    .addColumn('notes', 'text')
    .addColumn('payment_received', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('used_at', timestamp)
    .addColumn('scanned_by_user_id', 'text', (c) => c.references('users.id'))
    .addColumn('cancelled_at', timestamp)
    .addColumn('cancellation_reason', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('tickets_status_check', sql`status in ('active', 'used', 'cancelled')`)
    .addCheckConstraint('tickets_seq_check', sql`seq > 0`)
    // Flags are 0/1 integers on both engines: one spelling in every query (better-sqlite3 cannot bind booleans).
    .addCheckConstraint('tickets_flags_check', sql`issued_by_admin in (0, 1) and payment_received in (0, 1)`)
    // Issuance happens exactly once per order because of this constraint, not because of a prior check:
    // a racing second insert of (order, 1..N) conflicts and is treated as "already issued".
    .addUniqueConstraint('tickets_order_seq_unique', ['order_id', 'seq'])
    .execute();
  await db.schema.createIndex('tickets_user_idx').on('tickets').column('user_id').execute();
  await db.schema
    .createIndex('tickets_event_status_idx')
    .on('tickets')
    .columns(['event_id', 'status'])
    .execute();

  await db.schema
    .createTable('payment_events')
    // Razorpay's x-razorpay-event-id: a delivery seen before is acknowledged and not handled again.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('razorpay_order_id', 'text')
    .addColumn('razorpay_payment_id', 'text')
    .addColumn('razorpay_refund_id', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('received_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('payment_events_payment_idx')
    .on('payment_events')
    .column('razorpay_payment_id')
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('sent_at', timestamp)
    .addCheckConstraint('outbox_status_check', sql`status in ('pending', 'sent', 'failed')`)
    .execute();
  // The worker's one query: due pending rows, oldest first.
  await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox', 'payment_events', 'tickets', 'orders']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('events').dropColumn('qr_private_key').execute();
  await db.schema.alterTable('events').dropColumn('qr_public_key').execute();
}
