import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Face-value resale (docs/decisions/0715-resale-price.md, 0716-resale-one-seat.md; rules in @utsav/domain/resale):
// - `resale_listings`: a ticket its owner put back on sale. `status` moves listed → offered (held by the order
//   `order_id`, a waitlist offer or a checkout's hold) → sold, or back to listed when that hold ends, or to
//   withdrawn / ended. The partial unique index allows one live listing (listed or offered) per ticket: a second
//   listing of the same ticket, however close in time, fails on it (ALREADY_LISTED).
// - `resale_settings`: the organiser's switch, fee and cut-off, at most one row (id 'resale'); no row reads as the
//   defaults (on, ₹50, 2 hours before the start).
// Nothing here moves a counter: a listing's seat stays the seller's ticket until the sale swaps it.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .createTable('resale_listings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_id', 'text', (c) => c.notNull().references('tickets.id'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('seller_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('ticket_type_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('price_paise', 'integer', (c) => c.notNull())
    .addColumn('paid_paise', 'integer', (c) => c.notNull())
    .addColumn('fee_paise', 'integer', (c) => c.notNull())
    .addColumn('refund_paise', 'integer', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.references('orders.id'))
    .addColumn('buyer_ticket_id', 'text')
    .addColumn('refund_id', 'text')
    .addColumn('listed_at', timestamp, (c) => c.notNull())
    .addColumn('sold_at', timestamp)
    .addColumn('ended_at', timestamp)
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint(
      'resale_listings_status_check',
      sql`status in ('listed', 'offered', 'sold', 'withdrawn', 'ended')`,
    )
    .execute();
  await sql`create unique index resale_listings_live_ticket on resale_listings (ticket_id)
    where status in ('listed', 'offered')`.execute(db);
  await db.schema
    .createIndex('resale_listings_event_status')
    .on('resale_listings')
    .columns(['event_id', 'status', 'listed_at'])
    .execute();
  await db.schema.createIndex('resale_listings_order').on('resale_listings').column('order_id').execute();
  await db.schema
    .createIndex('resale_listings_seller')
    .on('resale_listings')
    .column('seller_user_id')
    .execute();

  await db.schema
    .createTable('resale_settings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('fee_paise', 'integer', (c) => c.notNull())
    .addColumn('close_hours_before', 'integer', (c) => c.notNull())
    .addColumn('updated_by', 'text', (c) => c.references('users.id'))
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('resale_settings_single_row', sql`id = 'resale'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resale_settings').execute();
  await db.schema.dropTable('resale_listings').execute();
}
