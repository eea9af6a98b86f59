import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// The waitlist (rules in @utsav/domain/waitlist). One row per place in line. An offer is an
// ordinary hold: an orders row (status 'created', hold_expires_at = the offer's end) inserted under the event
// lock, named here by offer_order_id, so the inventory count and the per-person cap see it with no change.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .createTable('waitlist_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('joined_at', timestamp, (c) => c.notNull())
    // One offer per place: an offer not taken passes to the next person, this one ends as 'expired'.
    .addColumn('offer_order_id', 'text', (c) => c.unique().references('orders.id'))
    .addColumn('offered_at', timestamp)
    .addColumn('ended_at', timestamp)
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('waitlist_entries_quantity_check', sql`quantity > 0`)
    .addCheckConstraint(
      'waitlist_entries_status_check',
      sql`status in ('waiting', 'offered', 'expired', 'bought', 'left', 'closed')`,
    )
    .execute();
  // The line in the order it is served, and "is anyone waiting" for the checkout, read from the index alone.
  await db.schema
    .createIndex('waitlist_entries_line_idx')
    .on('waitlist_entries')
    .columns(['event_id', 'status', 'joined_at', 'id'])
    .execute();
  // At most one live place per person and event, whichever instance or tab joins.
  await sql`create unique index waitlist_entries_live_person_idx on waitlist_entries (event_id, user_id)
    where status in ('waiting', 'offered')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('waitlist_entries').execute();
}
