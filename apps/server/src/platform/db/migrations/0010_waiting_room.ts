import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Sales opening and the waiting room. The line lives in the database so several instances on one
// PostgreSQL agree on every position and on one global admission rate.
//  - events.sales_open_at: optional; checkout refuses before it.
//  - queue_state: one row per event, the line's counters (see @utsav/domain/waiting-room AdmissionState),
//    changed only under its row lock or by a compare-and-set on `version`.
//  - queue_entries: one place per account. `rank` is null until the draw at the opening (people who joined
//    before it are shuffled), then dense: 1, 2, 3 … in the order people are let in.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema.alterTable('events').addColumn('sales_open_at', timestamp).execute();

  await db.schema
    .createTable('queue_state')
    .addColumn('event_id', 'text', (c) => c.primaryKey().references('events.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('last_rank', 'integer', (c) => c.notNull())
    .addColumn('admitted_through', 'integer', (c) => c.notNull())
    .addColumn('pending_draw', 'integer', (c) => c.notNull())
    .addColumn('tokens', 'double precision', (c) => c.notNull())
    .addColumn('refilled_at', timestamp, (c) => c.notNull())
    .addColumn('last_join_at', timestamp)
    .addColumn('busy_until', timestamp)
    .addCheckConstraint('queue_state_admitted_check', sql`admitted_through <= last_rank`)
    .execute();

  await db.schema
    .createTable('queue_entries')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rank', 'integer')
    .addColumn('joined_at', timestamp, (c) => c.notNull())
    .addColumn('admitted_at', timestamp)
    .addColumn('pass_expires_at', timestamp)
    .addPrimaryKeyConstraint('queue_entries_pk', ['event_id', 'user_id'])
    .execute();
  // A rank is one place: two people can never share it, whichever instance drew or assigned it.
  await db.schema
    .createIndex('queue_entries_rank_idx')
    .on('queue_entries')
    .columns(['event_id', 'rank'])
    .unique()
    .execute();
  // "Holds placed in the last minute" decides whether demand has outrun the admission rate.
  await db.schema
    .createIndex('orders_event_created_idx')
    .on('orders')
    .columns(['event_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_event_created_idx').execute();
  await db.schema.dropTable('queue_entries').execute();
  await db.schema.dropTable('queue_state').execute();
  await db.schema.alterTable('events').dropColumn('sales_open_at').execute();
}
