import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// When plans change (@utsav/domain/event-change):
// - `events.status` ('on-sale' | 'postponed' | 'called-off'), when it last changed, and the end of the free-refund
//   period a postponement opens (`free_refund_until`).
// - `event_changes`: every postponement and call-off as asked (who, when, what), newest last.
// - `call_off_orders`: the call-off's refund job, one row per paid order, written in the call-off's transaction.
//   'queued' until one transaction cancels the order's tickets and creates their refunds (the refunds table, sent
//   through the one refund path); 'refunding' after. The primary key makes an order's refunds happen once, and
//   the conditional queued → refunding move makes two instances (or a restart) never create them twice.
// - `call_off_codes`: the confirmation code emailed to an admin for a call-off above ₹1,00,000 (its hash only).

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .alterTable('events')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('on-sale').check(sql`status in ('on-sale', 'postponed', 'called-off')`),
    )
    .execute();
  await db.schema.alterTable('events').addColumn('status_changed_at', timestamp).execute();
  await db.schema.alterTable('events').addColumn('free_refund_until', timestamp).execute();

  await db.schema
    .createTable('event_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('postpone', 'call-off')`))
    // JSON: what changed (the date, times and venue before and after), or the call-off's planned totals.
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('event_changes_event_idx')
    .on('event_changes')
    .columns(['event_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('call_off_orders')
    .addColumn('order_id', 'text', (c) => c.primaryKey().references('orders.id'))
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('change_id', 'text', (c) => c.notNull().references('event_changes.id'))
    .addColumn('tickets', 'integer', (c) => c.notNull())
    .addColumn('amount_paise', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'refunding')`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('call_off_orders_state_idx')
    .on('call_off_orders')
    .columns(['event_id', 'state', 'order_id'])
    .execute();

  await db.schema
    .createTable('call_off_codes')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('call_off_codes_pk', ['event_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('call_off_codes').execute();
  await db.schema.dropTable('call_off_orders').execute();
  await db.schema.dropTable('event_changes').execute();
  await db.schema.alterTable('events').dropColumn('free_refund_until').execute();
  await db.schema.alterTable('events').dropColumn('status_changed_at').execute();
  await db.schema.alterTable('events').dropColumn('status').execute();
}
