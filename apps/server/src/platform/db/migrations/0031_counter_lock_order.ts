import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// One lock order for the two kinds of counter row (PostgreSQL; SQLite runs one write transaction at a time;
// docs/decisions/0328-counter-lock-order.md).
//
// A ticket or a hold moves two counters in the transaction that writes it: the event's event_inventory row
// (0011, 0020, 0022) and its type, phase and code rows in sales_counters (0024_sales_counters). PostgreSQL fires a
// table's triggers of one kind in the order of their names, so an order's status change touched event_inventory
// first (orders_held_update) and then sales_counters (orders_lines_held_update), while a ticket touched
// sales_counters first (tickets_sales_*) and then event_inventory (tickets_sold_*). Two transactions taking the
// same two rows in opposite orders deadlock: a live hold paid without the event lock (its order turns paid, then
// its tickets are written) against staff issuing tickets, or a guest cancelling one.
//
// The rule from here on: every trigger that moves a sales_counters figure first locks the event_inventory row of
// its event(s), in event id order. event_inventory is then always taken before sales_counters, and since every
// such transaction writes event_inventory anyway, the extra lock costs nothing but the order. The functions keep
// the bodies 0024 gave them; this migration puts the lock in front of each body (and `down` takes it out).

const LOCK_MARK = '-- event_inventory first (0031_counter_lock_order)';

/** The functions that move sales_counters figures, and the events their firing row (or statement) concerns. */
const FUNCTIONS: [name: string, events: string][] = [
  ['tickets_sales_count', 'select old.event_id union select new.event_id'],
  ['orders_lines_held', 'select old.event_id union select new.event_id'],
  ['order_lines_held_inserted', 'select event_id from added'],
];

function lockLine(events: string): string {
  return `${LOCK_MARK}
        perform 1 from event_inventory where event_id in (${events}) order by event_id for no key update;`;
}

async function definitionOf(db: Kysely<unknown>, name: string): Promise<string> {
  const found = await sql<{ definition: string }>`
    select pg_get_functiondef(${name}::regproc) as definition`.execute(db);
  return found.rows[0]!.definition;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, events] of FUNCTIONS) {
    const definition = await definitionOf(db, name);
    // The first `begin` of a plpgsql body opens it (a declare section, as orders_lines_held has, comes before).
    const withLock = definition.replace(/\bbegin\b/i, (begin) => `${begin}\n        ${lockLine(events)}`);
    if (withLock === definition) throw new Error(`${name} has no body to put the lock in front of`);
    await sql.raw(withLock).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [name, events] of FUNCTIONS) {
    const definition = await definitionOf(db, name);
    await sql.raw(definition.replace(`\n        ${lockLine(events)}`, '')).execute(db);
  }
}
