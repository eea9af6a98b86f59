import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';
import { dropSalesCounterTriggers, peopleCounterTriggers, salesCounterTriggers } from './0024_sales_counters';

// Ticket types, price phases and promo codes (docs/decisions/0326-ticket-types.md).
//
// - ticket_types, price_phases, promo_codes: an event's price list and its codes. Every event has one default type,
//   "Entry", priced by the event's own ticket_price_paise / group_price4_paise: made here for existing events, and
//   for new ones by a trigger on events (whatever creates the event row), which also keeps the default type's
//   prices equal to the event's when those change.
// - order_lines: what a hold was quoted, line by line (type, phase, unit price, discount, code uses). Existing
//   orders get one line of the default type at their own price.
// - tickets gain their type, phase, code, admits and discount; existing ones are the default type, admitting 1.
// - orders gain people (null: as many as tickets, the default for every order before this), their code and
//   discount; waitlist places gain the type they wait for.
// - Capacity counts people: event_inventory's counters now add a ticket's admits and an order's people (with
//   admits 1 everywhere, every value stays as it was). sales_counters counts tickets per type, per phase and per
//   code (a code: tickets that took a use), sold and held, kept by triggers like event_inventory
//   (0024_sales_counters.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db);
  await db.schema.alterTable('orders').addColumn('people', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('promo_code_id', 'text').execute();
  await db.schema
    .alterTable('orders')
    .addColumn('discount_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('tickets').addColumn('ticket_type_id', 'text').execute();
  await db.schema.alterTable('tickets').addColumn('phase_id', 'text').execute();
  await db.schema.alterTable('tickets').addColumn('promo_code_id', 'text').execute();
  await db.schema
    .alterTable('tickets')
    .addColumn('admits', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('tickets')
    .addColumn('discount_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('waitlist_entries').addColumn('ticket_type_id', 'text').execute();
  await db.schema
    .createIndex('tickets_type_idx')
    .on('tickets')
    .columns(['event_id', 'ticket_type_id', 'status'])
    .execute();

  await existingDataToDefaultTypes(db);
  await salesCounterTriggers(db);
  await peopleCounterTriggers(db, 'people');
}

async function createTables(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .createTable('ticket_types')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_hi', 'text')
    .addColumn('name_gu', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price_paise', 'integer', (c) => c.notNull())
    .addColumn('group_price4_paise', 'integer')
    .addColumn('admits', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('capacity', 'integer')
    .addColumn('per_person_limit', 'integer')
    .addColumn('sales_start', timestamp)
    .addColumn('sales_end', timestamp)
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('archived_at', timestamp)
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('ticket_types_admits_check', sql`admits >= 1`)
    .addCheckConstraint('ticket_types_price_check', sql`price_paise >= 0`)
    .execute();
  await db.schema
    .createIndex('ticket_types_event_idx')
    .on('ticket_types')
    .columns(['event_id', 'position'])
    .execute();
  // One default type per event: the spec's price.
  await sql`create unique index ticket_types_default_idx on ticket_types (event_id) where is_default = 1`.execute(
    db,
  );

  await db.schema
    .createTable('price_phases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ticket_type_id', 'text', (c) => c.notNull().references('ticket_types.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('price_paise', 'integer', (c) => c.notNull())
    .addColumn('ends_at', timestamp)
    .addColumn('quantity', 'integer')
    .addUniqueConstraint('price_phases_position_unique', ['ticket_type_id', 'position'])
    .execute();

  await db.schema
    .createTable('promo_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addColumn('ticket_type_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('valid_from', timestamp)
    .addColumn('valid_until', timestamp)
    .addColumn('max_uses', 'integer')
    .addColumn('max_uses_per_person', 'integer')
    .addColumn('min_quantity', 'integer')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('promo_codes_code_unique', ['event_id', 'code'])
    .execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('ticket_type_id', 'text', (c) => c.notNull())
    .addColumn('phase_id', 'text')
    .addColumn('promo_code_id', 'text')
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('admits', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('unit_price_paise', 'integer', (c) => c.notNull())
    .addColumn('discount_per_ticket_paise', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('code_uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('group_price', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('order_lines_pk', ['order_id', 'line_no'])
    .addCheckConstraint('order_lines_discount_check', sql`discount_per_ticket_paise <= unit_price_paise`)
    .execute();
  // The exact live holds per type, phase and code, read only when a limit is within reach (hold-bounds.ts).
  await db.schema.createIndex('order_lines_type_idx').on('order_lines').columns(['ticket_type_id']).execute();

  await db.schema
    .createTable('sales_counters')
    .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'text', (c) => c.notNull())
    .addColumn('sold', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('held', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('sales_counters_pk', ['event_id', 'scope', 'ref_id'])
    .addCheckConstraint('sales_counters_sold_check', sql`sold >= 0`)
    .addCheckConstraint('sales_counters_held_check', sql`held >= 0`)
    .execute();
}

/** Every event's "Entry" type at its own prices; its tickets and orders on it; the counters from a recount. */
async function existingDataToDefaultTypes(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  await sql`insert into ticket_types (id, event_id, name, name_hi, name_gu, price_paise, group_price4_paise, colour,
      is_default, created_at, updated_at)
    select ${sql.lit('entry-')} || e.id, e.id, 'Entry', ${ENTRY_HI}, ${ENTRY_GU}, e.ticket_price_paise,
      e.group_price4_paise, ${DEFAULT_COLOUR}, 1, ${now}, ${now} from events e`.execute(db);
  await sql`update tickets set ticket_type_id = ${sql.lit('entry-')} || event_id`.execute(db);
  await sql`insert into order_lines (order_id, line_no, event_id, ticket_type_id, quantity, admits, unit_price_paise,
      group_price)
    select o.id, 1, o.event_id, ${sql.lit('entry-')} || o.event_id, o.quantity, 1, o.price_per_ticket_paise,
      case when o.pricing_tier = 'Group' then 1 else 0 end from orders o`.execute(db);
  await sql`insert into sales_counters (event_id, scope, ref_id, sold, held)
    select t.event_id, 'type', t.id,
      (select count(*) from tickets k where k.ticket_type_id = t.id and k.status in ('active', 'used')),
      (select coalesce(sum(o.quantity), 0) from orders o where o.event_id = t.event_id and o.status = 'created')
    from ticket_types t`.execute(db);
}

/** The default type's names: what every event sold before it had types. */
export const ENTRY_HI = 'प्रवेश';
export const ENTRY_GU = 'પ્રવેશ';
export const DEFAULT_COLOUR = '#C2410C';

export async function down(db: Kysely<unknown>): Promise<void> {
  await peopleCounterTriggers(db, 'quantity');
  await dropSalesCounterTriggers(db);
  await db.schema.dropIndex('tickets_type_idx').execute();
  for (const column of ['ticket_type_id', 'phase_id', 'promo_code_id', 'admits', 'discount_paise']) {
    await db.schema.alterTable('tickets').dropColumn(column).execute();
  }
  for (const column of ['people', 'promo_code_id', 'discount_paise']) {
    await db.schema.alterTable('orders').dropColumn(column).execute();
  }
  await db.schema.alterTable('waitlist_entries').dropColumn('ticket_type_id').execute();
  for (const table of ['sales_counters', 'order_lines', 'promo_codes', 'price_phases', 'ticket_types']) {
    await db.schema.dropTable(table).execute();
  }
}
