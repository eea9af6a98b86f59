import { compiledOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import { personBoughtQuery, personHeldQuery } from '../event/repo';

// SQL only: what a hold is judged on, read in one statement under the event lock. As separate statements
// (inventory, the waitlist, the person's seats) these were three round trips to PostgreSQL per hold, and on
// both engines three statements; one statement also reads them from one snapshot.

export interface HoldFigures {
  /** Active and used tickets (event_inventory.tickets_sold, kept by triggers: migration 0011). */
  sold: number;
  /** Seats in live holds of the event. */
  held: number;
  /** True while anyone waits in the waitlist (their seats come first: waitlist/offers.ts). */
  anyoneWaiting: boolean;
  /** The person's seats: in their live holds, and bought (active or used, not hand-issued). */
  person: { held: number; bought: number };
}

export async function findHoldFigures(
  db: Db,
  eventId: string,
  userId: string,
  now: Date,
): Promise<HoldFigures> {
  const [row] = await holdFigures(db, eventId, userId, now.toISOString());
  // Every event gets its inventory row from a trigger; a missing one must not read as "nothing sold".
  if (row?.sold === null || row?.sold === undefined) throw new Error(`event ${eventId} has no inventory row`);
  return {
    sold: Number(row.sold),
    held: Number(row.held ?? 0),
    anyoneWaiting: Boolean(row.waiting),
    person: { held: Number(row.person_held ?? 0), bought: Number(row.person_bought ?? 0) },
  };
}

const holdFigures = compiledOnce((db: Db, eventId: string, userId: string, nowIso: string) =>
  db.selectNoFrom((eb) => [
    eb.selectFrom('event_inventory').select('tickets_sold').where('event_id', '=', eventId).as('sold'),
    eb
      .selectFrom('orders')
      .select((o) => o.fn.coalesce(o.fn.sum<number>('quantity'), o.lit(0)).as('held'))
      .where('event_id', '=', eventId)
      .where('status', '=', 'created')
      .where('hold_expires_at', '>', nowIso)
      .as('held'),
    eb
      .exists(
        eb
          .selectFrom('waitlist_entries')
          .select('id')
          .where('event_id', '=', eventId)
          .where('status', '=', 'waiting'),
      )
      .as('waiting'),
    personBoughtQuery(eb, eventId, userId).as('person_bought'),
    personHeldQuery(eb, eventId, userId, nowIso).as('person_held'),
  ]),
);
