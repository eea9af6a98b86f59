import type { Db } from '../platform/db/database';
import type { OrderRow } from '../platform/db/schema';

// Whether anyone waits in the waitlist's line: the event page shows it (modules/event/service.ts), joining the
// line decides on it (modules/waitlist/service.ts). A hold reads the same condition inside its one statement
// (modules/purchase/hold-figures.ts, the `waiting` column): a change here changes it there too.

/**
 * Checkout refuses newcomers while anyone waits in the event's line: one probe of waitlist_entries_line_idx. A place
 * in a type's own line (type_line 1, migration 0037) holds back only that type (typeLineWaiting).
 */
export async function anyoneWaiting(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select('id')
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting')
    .where('type_line', '=', 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The types someone waits for in the type's own line, each once (waitlist_entries_type_line_idx). */
export async function typesWithLine(db: Db, eventId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('waitlist_entries')
    .select('ticket_type_id')
    .distinct()
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting')
    .where('type_line', '=', 1)
    .execute();
  return new Set(rows.flatMap((row) => (row.ticket_type_id ? [row.ticket_type_id] : [])));
}

/** A person's live waitlist offer: their place and the hold behind it, while that hold has not run out. */
export interface LiveOffer {
  entryId: string;
  /** Seats offered (the hold's tickets). */
  quantity: number;
  /** The type the place waits for; null: the event's default type. */
  ticketTypeId: string | null;
  order: OrderRow;
}

/** One probe of waitlist_entries_live_person_idx, joined to the offer's hold. */
export async function findLiveOffer(
  db: Db,
  eventId: string,
  userId: string,
  now: Date,
): Promise<LiveOffer | undefined> {
  const row = await db
    .selectFrom('waitlist_entries')
    .innerJoin('orders', 'orders.id', 'waitlist_entries.offer_order_id')
    .selectAll('orders')
    .select(['waitlist_entries.id as entry_id', 'waitlist_entries.ticket_type_id as waits_for'])
    .where('waitlist_entries.event_id', '=', eventId)
    .where('waitlist_entries.user_id', '=', userId)
    .where('waitlist_entries.status', '=', 'offered')
    .where('orders.status', '=', 'created')
    .where('orders.hold_expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const { entry_id, waits_for, ...order } = row;
  return { entryId: entry_id, quantity: order.quantity, ticketTypeId: waits_for ?? null, order };
}
