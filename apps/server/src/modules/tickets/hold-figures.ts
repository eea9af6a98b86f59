import type { ExpressionBuilder } from 'kysely';
import { compiledOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import type { AuditLogTable, Database, OrderRow } from '../../platform/db/schema';
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
  return figuresOf(await holdFigures(db, eventId, userId, now.toISOString()), eventId);
}

interface FigureRow {
  sold: number | null;
  held: number | null;
  waiting: unknown;
  person_bought: number | null;
  person_held: number | null;
}

function figuresOf([row]: FigureRow[], eventId: string): HoldFigures {
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
  db.selectNoFrom((eb) => figureColumns(eb, eventId, userId, nowIso)),
);

function figureColumns(
  eb: ExpressionBuilder<Database, never>,
  eventId: string,
  userId: string,
  nowIso: string,
) {
  return [
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
  ] as const;
}

/**
 * PostgreSQL only: writes the hold and its audit row and reads the figures as they were just before them, in one
 * statement (one round trip under the event lock instead of three). The statement's reads run on one snapshot
 * taken after the lock was granted (the lock is the statement before), and do not see the rows its own `with`
 * parts write, so the figures are exactly what findHoldFigures would read before the inserts. The caller judges
 * them and, if the hold is refused, throws: the transaction rolls the two rows back.
 */
export async function writeHoldReadingFigures(
  db: Db,
  order: OrderRow,
  audit: AuditLogTable,
  now: Date,
): Promise<HoldFigures> {
  const values = [
    ...ORDER_COLUMNS.map((column) => order[column] ?? null),
    ...AUDIT_COLUMNS.map((column) => audit[column]),
    now.toISOString(),
  ];
  return figuresOf(await holdWithFigures(db, ...values), order.event_id);
}

// Every column of each row, in a fixed order: the statement is compiled once with one argument per column.
const ORDER_COLUMNS = [
  'id',
  'razorpay_order_id',
  'user_id',
  'event_id',
  'quantity',
  'price_per_ticket_paise',
  'amount_paise',
  'pricing_tier',
  'status',
  'hold_expires_at',
  'razorpay_payment_id',
  'razorpay_refund_id',
  'created_at',
  'paid_at',
  'refunded_at',
  'refund_settled_at',
  'ticket_names',
  'updated_at',
] as const satisfies readonly (keyof OrderRow)[];
const AUDIT_COLUMNS = [
  'id',
  'actor_user_id',
  'action',
  'entity',
  'entity_id',
  'data',
  'created_at',
] as const satisfies readonly (keyof AuditLogTable)[];

// The arguments are the rows' values in column order (writeHoldReadingFigures), put back into rows here.
const holdWithFigures = compiledOnce((db: Db, ...values: unknown[]) => {
  const row = (columns: readonly string[], from: number) =>
    Object.fromEntries(columns.map((column, index) => [column, values[from + index]])) as unknown;
  const order = row(ORDER_COLUMNS, 0) as OrderRow;
  const audit = row(AUDIT_COLUMNS, ORDER_COLUMNS.length) as AuditLogTable;
  const nowIso = values[ORDER_COLUMNS.length + AUDIT_COLUMNS.length] as string;
  return db
    .with('hold', (q) => q.insertInto('orders').values(order))
    .with('hold_audit', (q) => q.insertInto('audit_log').values(audit))
    .selectNoFrom((eb) => figureColumns(eb, order.event_id, order.user_id, nowIso));
});
