import type { Expression, ExpressionBuilder } from 'kysely';
import { compiledOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import type { Database } from '../../platform/db/schema';

// SQL only: the seats one person has of the event, which the per-person cap is judged on (person-limit.ts
// explains the rule and where it is enforced).

/**
 * One person's seats of the event, read like countInventory in one statement: seats in their live holds and
 * tickets they bought that still admit (active or used). Hand-issued tickets are staff's decision and are not
 * counted. The per-person cap (see @utsav/domain/person-limit) is judged on these two numbers.
 */
export async function countPersonSeats(
  db: Db,
  eventId: string,
  userId: string,
  now: Date,
): Promise<{ held: number; bought: number }> {
  const [row] = await personSeatsOf(db, eventId, userId, now.toISOString());
  return { held: Number(row?.held ?? 0), bought: Number(row?.bought ?? 0) };
}

// What counts toward the per-person cap: tickets bought (not hand-issued) still valid, and seats held by the
// person's unexpired checkouts. The hold's one-statement read (hold-figures.ts) uses the same two subqueries, so
// the rule is written once.
type SelectFromRoot = ExpressionBuilder<Database, never>;

/** `userId`: a value, or a column of the outer query (a batch of buyers: hold-figures.ts). */
export function personBoughtQuery(eb: SelectFromRoot, eventId: string, userId: string | Expression<string>) {
  return eb
    .selectFrom('tickets')
    .select((t) => t.fn.countAll<number>().as('bought'))
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('status', 'in', ['active', 'used'])
    .where('issued_by_admin', '=', 0);
}

export function personHeldQuery(
  eb: SelectFromRoot,
  eventId: string,
  userId: string | Expression<string>,
  nowIso: string,
) {
  return eb
    .selectFrom('orders')
    .select((o) => o.fn.coalesce(o.fn.sum<number>('quantity'), o.lit(0)).as('held'))
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('status', '=', 'created')
    .where('hold_expires_at', '>', nowIso);
}

// Read by every hold: compiled once.
const personSeatsOf = compiledOnce((db: Db, eventId: string, userId: string, nowIso: string) =>
  db.selectNoFrom((eb) => [
    personBoughtQuery(eb, eventId, userId).as('bought'),
    personHeldQuery(eb, eventId, userId, nowIso).as('held'),
  ]),
);
