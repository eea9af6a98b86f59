import { sql } from 'kysely';
import { compiledOnce } from '../platform/db/compiled';
import type { Db } from '../platform/db/database';
import { isPostgres } from '../platform/db/dialect';
import type { EventRow } from '../platform/db/schema';

// The event row as every module that sells, admits to or shows it reads it: the current event, its lock (which
// serialises every change of its inventory), its inventory, and its QR keys. SQL only. The organiser's edits and
// pictures are modules/event/repo.ts.

/** The product sells one event; the oldest row is it. */
export function findCurrentEvent(db: Db): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
}

export async function insertEvent(db: Db, event: EventRow): Promise<void> {
  await db.insertInto('events').values(event).execute();
}

/** Seats no longer for sale: sold from the database-kept counter, held summed from live holds. */
export interface Inventory {
  /** Active and used tickets (event_inventory.tickets_sold, kept by triggers on tickets: migration 0011). */
  sold: number;
  /** Seats in live holds: orders still `created` whose hold has not expired at `now`. */
  held: number;
}

/**
 * One statement, so PostgreSQL reads both numbers from one snapshot: as two statements, a fulfilment
 * committing in between (hold -> tickets) could be counted in neither and oversell under READ COMMITTED.
 * Neither part grows with the tickets sold: the counter is one row, and live holds (at most the unsold seats)
 * are read from orders_live_holds_idx alone.
 */
export async function countInventory(db: Db, eventId: string, now: Date): Promise<Inventory> {
  const [row] = await inventoryOf(db, eventId, now.toISOString());
  // Every event gets its row from a trigger; a missing one must not read as "nothing sold".
  if (row?.sold === null || row?.sold === undefined) throw new Error(`event ${eventId} has no inventory row`);
  return { sold: Number(row.sold), held: Number(row.held ?? 0) };
}

// Read by every hold: compiled once.
const inventoryOf = compiledOnce((db: Db, eventId: string, nowIso: string) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('event_inventory').select('tickets_sold').where('event_id', '=', eventId).as('sold'),
    eb
      .selectFrom('orders')
      // People, not tickets: a couple pass holds two (migration 0024; null: one per ticket).
      .select(sql<number>`coalesce(sum(coalesce(people, quantity)), 0)`.as('held'))
      .where('event_id', '=', eventId)
      .where('status', '=', 'created')
      .where('hold_expires_at', '>', nowIso)
      .as('held'),
  ]),
);

/** Active + used tickets + live holds: what the inventory invariant keeps at or below total_tickets. */
export async function countTaken(db: Db, eventId: string, now: Date): Promise<number> {
  const { sold, held } = await countInventory(db, eventId, now);
  return sold + held;
}

/**
 * Serialises every transaction that checks or changes this event's inventory. PostgreSQL: a row lock
 * (SELECT ... FOR NO KEY UPDATE) held until commit, shared by all server processes. SQLite: nothing to take,
 * Kysely runs every transaction on the single connection one at a time (and SQLite allows one writer).
 * `no key`: it excludes every other lockEvent and any update of the row as FOR UPDATE did, but not the key-share
 * lock a foreign key check takes on the event when tickets or orders are inserted; so a live hold's payment,
 * issued without the event lock (modules/purchase/fulfilment.ts), is not held up by the holds queued on it.
 */
export async function lockEvent(trx: Db, eventId: string): Promise<EventRow | undefined> {
  return (await (isPostgres(trx) ? eventForUpdate : eventById)(trx, eventId))[0];
}

// Read by every hold: compiled once.
const eventById = compiledOnce((db: Db, eventId: string) =>
  db.selectFrom('events').selectAll().where('id', '=', eventId),
);

const eventForUpdate = compiledOnce((db: Db, eventId: string) =>
  db.selectFrom('events').selectAll().where('id', '=', eventId).forNoKeyUpdate(),
);

/** Sets the QR key pair only where none exists yet; concurrent callers all end up with the same pair. */
export async function setQrKeysIfMissing(
  db: Db,
  eventId: string,
  keys: { qr_public_key: string; qr_private_key: string },
): Promise<void> {
  await db
    .updateTable('events')
    .set(keys)
    .where('id', '=', eventId)
    .where('qr_private_key', 'is', null)
    .execute();
}

export function findEventById(db: Db, id: string): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().where('id', '=', id).executeTakeFirst();
}
