import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';
import { relaxOrderAmountCheck } from './0026_orders_amount';

// What the checkout of ticket types needs beyond 0024 (docs/decisions/0327-hold-of-types-costs-as-before.md):
//
// - orders: the amount is the sum of the order's lines, no longer price per ticket x quantity (0026_orders_amount.ts).
// - events.sales_version: moved by the database whenever a type, a phase or a code of the event is written
//   (insert, update, delete), in the writing transaction. Every hold already reads the event row (under its lock on
//   PostgreSQL, once per group commit on SQLite), so a per-instance copy of the price list (types, phases, codes:
//   modules/purchase/sales-catalogue.ts) is checked against it for nothing: a hold reads the price list again only
//   when it changed, on whatever instance or path it was changed.
// - orders_live_holds_idx covers the people of a hold too: the exact people in live holds (a couple pass holds two)
//   are summed from the index alone, as the seats were before types.

const TABLES = ['ticket_types', 'price_phases', 'promo_codes'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await relaxOrderAmountCheck(db, true);
  await db.schema
    .alterTable('events')
    .addColumn('sales_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (isPostgres(db)) await postgresVersionTriggers(db);
  else await sqliteVersionTriggers(db);
  await db.schema.dropIndex('orders_live_holds_idx').execute();
  await db.schema
    .createIndex('orders_live_holds_idx')
    .on('orders')
    .columns(['event_id', 'status', 'hold_expires_at', 'quantity', 'people'])
    .execute();
}

/** The event a written row belongs to: its own event_id, or its type's for a phase. */
function eventOf(table: (typeof TABLES)[number], row: 'new' | 'old') {
  return table === 'price_phases'
    ? `(select event_id from ticket_types where id = ${row}.ticket_type_id)`
    : `${row}.event_id`;
}

async function sqliteVersionTriggers(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    for (const [when, row] of [
      ['insert', 'new'],
      ['update', 'new'],
      ['delete', 'old'],
    ] as const) {
      await sql
        .raw(
          `create trigger ${table}_sales_version_${when} after ${when} on ${table} begin
            update events set sales_version = sales_version + 1 where id = ${eventOf(table, row)}; end`,
        )
        .execute(db);
    }
  }
}

async function postgresVersionTriggers(db: Kysely<unknown>): Promise<void> {
  await sql`create function sales_version_bump() returns trigger language plpgsql as $$
    declare
      changed record;
    begin
      if tg_op = 'DELETE' then changed := old; else changed := new; end if;
      if tg_table_name = 'price_phases' then
        update events set sales_version = sales_version + 1
          where id = (select event_id from ticket_types where id = changed.ticket_type_id);
      else
        update events set sales_version = sales_version + 1 where id = changed.event_id;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of TABLES) {
    await sql
      .raw(
        `create trigger ${table}_sales_version after insert or update or delete on ${table}
          for each row execute function sales_version_bump()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_live_holds_idx').execute();
  await db.schema
    .createIndex('orders_live_holds_idx')
    .on('orders')
    .columns(['event_id', 'status', 'hold_expires_at', 'quantity'])
    .execute();
  if (isPostgres(db)) {
    for (const table of TABLES) await sql.raw(`drop trigger ${table}_sales_version on ${table}`).execute(db);
    await sql`drop function sales_version_bump()`.execute(db);
  } else {
    for (const table of TABLES) {
      for (const when of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger ${table}_sales_version_${when}`).execute(db);
      }
    }
  }
  await db.schema.alterTable('events').dropColumn('sales_version').execute();
  await relaxOrderAmountCheck(db, false);
}
