import type { WaitlistEntryStatus } from '@utsav/domain/waitlist';
import type { Db } from '../../platform/db/database';
import type { OrderStatus, WaitlistEntryRow } from '../../platform/db/schema';
import type { OrderLineRow } from '../../platform/db/schema-sales';

// SQL for the waitlist (migration 0016). No rule lives here; the status conditions in the updates are the
// guards that make a second instance's identical pass change nothing.

export async function insertEntry(db: Db, entry: WaitlistEntryRow): Promise<void> {
  await db.insertInto('waitlist_entries').values(entry).execute();
}

/** The person's live place (waiting or offered), if any. */
export function findLiveEntry(
  db: Db,
  eventId: string,
  userId: string,
): Promise<WaitlistEntryRow | undefined> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('status', 'in', ['waiting', 'offered'])
    .executeTakeFirst();
}

/** The person's most recent place of any status: what GET /waitlist/me describes. */
export function findLatestEntry(
  db: Db,
  eventId: string,
  userId: string,
): Promise<WaitlistEntryRow | undefined> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .orderBy('joined_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Whether the line has any live place: the job's pass skips the event lock when it has none. */
export async function hasLivePlaces(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select('id')
    .where('event_id', '=', eventId)
    .where('status', 'in', ['waiting', 'offered'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * When the event's next live hold (a checkout's or an offer's) runs out: its seats come back then, with no write
 * to announce it (offer-trigger.ts). Read from orders_live_holds_idx.
 */
export async function nextHoldEnd(db: Db, eventId: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.min<string>('hold_expires_at').as('end'))
    .where('event_id', '=', eventId)
    .where('status', '=', 'created')
    .where('hold_expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.end ?? undefined;
}

/** 1 + the places waiting ahead of this one (same line order as @utsav/domain/waitlist lineOrder). */
export async function positionOf(db: Db, entry: WaitlistEntryRow): Promise<number> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select((eb) => eb.fn.countAll<number>().as('ahead'))
    .where('event_id', '=', entry.event_id)
    .where('status', '=', 'waiting')
    .where((eb) =>
      eb.or([
        eb('joined_at', '<', entry.joined_at),
        eb.and([eb('joined_at', '=', entry.joined_at), eb('id', '<', entry.id)]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.ahead) + 1;
}

export function findWaiting(db: Db, eventId: string, limit: number): Promise<WaitlistEntryRow[]> {
  return db
    .selectFrom('waitlist_entries')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting')
    .orderBy('joined_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface OfferRow extends WaitlistEntryRow {
  order_status: OrderStatus;
  hold_expires_at: string;
}

/** Places holding an offer, with the state of the hold behind it. */
export function findOffers(db: Db, eventId: string): Promise<OfferRow[]> {
  return db
    .selectFrom('waitlist_entries')
    .innerJoin('orders', 'orders.id', 'waitlist_entries.offer_order_id')
    .selectAll('waitlist_entries')
    .select(['orders.status as order_status', 'orders.hold_expires_at as hold_expires_at'])
    .where('waitlist_entries.event_id', '=', eventId)
    .where('waitlist_entries.status', '=', 'offered')
    .execute();
}

/** Moves a place on, but only from the status the caller read: a concurrent pass that got there first wins. */
export async function moveEntry(
  db: Db,
  id: string,
  from: WaitlistEntryStatus,
  to: WaitlistEntryStatus,
  now: Date,
  offer?: { orderId: string },
): Promise<boolean> {
  const stamp = now.toISOString();
  const ends = to !== 'waiting' && to !== 'offered';
  const result = await db
    .updateTable('waitlist_entries')
    .set({
      status: to,
      updated_at: stamp,
      ...(ends ? { ended_at: stamp } : {}),
      ...(offer ? { offer_order_id: offer.orderId, offered_at: stamp } : {}),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends every live place of a person (their account is being deleted). */
export async function leaveAllPlaces(db: Db, userId: string, now: Date): Promise<void> {
  const stamp = now.toISOString();
  await db
    .updateTable('waitlist_entries')
    .set({ status: 'left', updated_at: stamp, ended_at: stamp })
    .where('user_id', '=', userId)
    .where('status', 'in', ['waiting', 'offered'])
    .execute();
}

export interface AdminEntryRow extends WaitlistEntryRow {
  name: string;
  email: string;
  offer_expires_at: string | null;
  order_status: OrderStatus | null;
}

/** The whole line for the admin view: offers first, then those waiting, then ended places, each in line order. */
export function listEntries(db: Db, eventId: string, limit: number): Promise<AdminEntryRow[]> {
  return db
    .selectFrom('waitlist_entries')
    .innerJoin('users', 'users.id', 'waitlist_entries.user_id')
    .leftJoin('orders', 'orders.id', 'waitlist_entries.offer_order_id')
    .selectAll('waitlist_entries')
    .select([
      'users.name as name',
      'users.email as email',
      'orders.hold_expires_at as offer_expires_at',
      'orders.status as order_status',
    ])
    .where('waitlist_entries.event_id', '=', eventId)
    .orderBy((eb) =>
      eb
        .case()
        .when('waitlist_entries.status', '=', 'offered')
        .then(0)
        .when('waitlist_entries.status', '=', 'waiting')
        .then(1)
        .else(2)
        .end(),
    )
    .orderBy('waitlist_entries.joined_at')
    .orderBy('waitlist_entries.id')
    .limit(limit)
    .execute();
}

export interface LineCounts {
  status: WaitlistEntryStatus;
  people: number;
  seats: number;
}

export async function countByStatus(db: Db, eventId: string): Promise<LineCounts[]> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('people'),
      eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('seats'),
    ])
    .where('event_id', '=', eventId)
    .groupBy('status')
    .execute();
  return rows.map((row) => ({ status: row.status, people: Number(row.people), seats: Number(row.seats) }));
}

/** The lines of an offer's hold (its type, phase and price): written with the hold, never changed after. */
export async function insertOfferLines(db: Db, lines: readonly OrderLineRow[]): Promise<void> {
  if (lines.length > 0)
    await db
      .insertInto('order_lines')
      .values([...lines])
      .execute();
}

export function findEntryById(db: Db, id: string): Promise<WaitlistEntryRow | undefined> {
  return db.selectFrom('waitlist_entries').selectAll().where('id', '=', id).executeTakeFirst();
}
