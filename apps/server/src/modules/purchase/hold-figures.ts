import { type Compilable, type ExpressionBuilder, sql } from 'kysely';
import { compiledOnce, compiledQueryOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type { AuditLogTable, Database, OrderRow } from '../../platform/db/schema';
import type { OrderLineRow } from '../../platform/db/schema-sales';
import { personBoughtQuery, personHeldQuery } from './person-seats-repo';
import {
  type FigureNeeds,
  NO_NEEDS,
  needsKey,
  type SalesFigureRow,
  salesFigureColumns,
} from './sales-snapshot';

// SQL only: what a hold is judged on, read in one statement under the event lock. As separate statements
// (inventory, the waitlist, the person's seats) these were three round trips to PostgreSQL per hold, and on
// both engines three statements; one statement also reads them from one snapshot. The figures of ticket types,
// phases and codes a hold needs are more columns of the same statement (sales-snapshot.ts), never more statements.
//
// Seats in holds come from the counter event_inventory.seats_in_holds (migration 0020), which also counts holds
// run out but not yet marked expired: never fewer than the live holds, so a hold that fits with it fits. Only a
// hold it refuses pays for the exact sum of live holds (liveHeld), one index entry per live hold.

export interface HoldFigures {
  /** Active and used tickets (event_inventory.tickets_sold, kept by triggers: migration 0011). */
  sold: number;
  /**
   * Seats in the event's holds still `created` (event_inventory.seats_in_holds), including holds whose time ran
   * out but that are not yet marked expired: at least the seats in live holds, so an upper bound of them.
   */
  heldAtMost: number;
  /** True while anyone waits in the waitlist's event line (their seats come first: waitlist/offers.ts). */
  anyoneWaiting: boolean;
  /** Types someone waits for in the type's own line (migration 0037): those types' tickets are theirs first. */
  waitingTypes: ReadonlySet<string>;
  /** The person's seats: in their live holds, and bought (active or used, not hand-issued). */
  person: { held: number; bought: number };
  /** The optional figures of types, phases and codes (sales-snapshot.ts), as the statement returned them. */
  sales: SalesFigureRow;
}

/** One buyer's figures, with the optional ones `needs` asks for, in one statement. */
export async function findHoldFigures(
  db: Db,
  eventId: string,
  userId: string,
  now: Date,
  needs: FigureNeeds = NO_NEEDS,
): Promise<HoldFigures> {
  return figuresOf(await db.executeQuery(holdFiguresQuery(db, needs, eventId, userId, now.toISOString())));
}

interface FigureRow extends SalesFigureRow {
  sold: number | null;
  held: number | null;
  waiting: unknown;
  waiting_types?: string | null;
  person_bought: number | null;
  person_held: number | null;
}

/** The figures from the rows of holdFiguresQuery (or of the batch's statement). */
export function figuresOf({ rows: [row] }: { rows: FigureRow[] }): HoldFigures {
  // Every event gets its inventory row from a trigger; a missing one must not read as "nothing sold".
  if (row?.sold === null || row?.sold === undefined || row.held === null) {
    throw new Error('the event has no inventory row');
  }
  return {
    sold: Number(row.sold),
    heldAtMost: Number(row.held),
    anyoneWaiting: Boolean(row.waiting),
    waitingTypes: new Set(row.waiting_types ? row.waiting_types.split(',') : []),
    person: { held: Number(row.person_held ?? 0), bought: Number(row.person_bought ?? 0) },
    sales: row,
  };
}

// One compiled statement per combination of optional figures (at most eight), each built and compiled once: a hold
// that needs none of them runs exactly the statement a hold ran before ticket types.
const variants = new Map<string, ReturnType<typeof oneBuyerFigures>>();

function oneBuyerFigures(needs: FigureNeeds) {
  return compiledQueryOnce(
    (db: Db, eventId: string, userId: string, nowIso: string) =>
      db.selectNoFrom((eb) => [
        ...figureColumns(eb, isPostgres(db), eventId, userId, nowIso),
        ...salesFigureColumns(isPostgres(db), needs, eventId, userId, nowIso),
      ]) as Compilable<FigureRow>,
  );
}

export function holdFiguresQuery(
  db: Db,
  needs: FigureNeeds,
  eventId: string,
  userId: string,
  nowIso: string,
) {
  const key = needsKey(needs);
  let variant = variants.get(key);
  if (!variant) {
    variant = oneBuyerFigures(needs);
    variants.set(key, variant);
  }
  return variant(db, eventId, userId, nowIso);
}

/**
 * People in the event's live holds at `now`, summed from orders_live_holds_idx alone (migration 0026: it covers the
 * people of each hold). With the tickets sold read again in the same statement: on PostgreSQL a live hold is paid
 * without the event lock (fulfilment.ts), moving its seats from held to sold at any moment, so the two must come
 * from one snapshot; sold from the earlier statement with the holds of this one would miss those seats on both
 * sides.
 */
export const liveHeldQuery = compiledQueryOnce((db: Db, eventId: string, nowIso: string) =>
  db
    .selectFrom('orders')
    .select((o) => [
      // People, not tickets: a couple pass holds two (migration 0024; null: one per ticket).
      sql<number>`coalesce(sum(coalesce(people, quantity)), 0)`.as('held'),
      o.selectFrom('event_inventory').select('tickets_sold').where('event_id', '=', eventId).as('sold'),
    ])
    .where('event_id', '=', eventId)
    .where('status', '=', 'created')
    .where('hold_expires_at', '>', nowIso),
);

/** Sold and held, both from liveHeldQuery's one snapshot. */
export function liveHeldOf({ rows: [row] }: { rows: { held: number | null; sold: number | null }[] }): {
  sold: number;
  held: number;
} {
  if (row?.sold === null || row?.sold === undefined) throw new Error('the event has no inventory row');
  return { sold: Number(row.sold), held: Number(row.held ?? 0) };
}

function figureColumns(
  eb: ExpressionBuilder<Database, never>,
  postgres: boolean,
  eventId: string,
  userId: string,
  nowIso: string,
) {
  return [
    ...eventFigureColumns(eb, postgres, eventId),
    personBoughtQuery(eb, eventId, userId).as('person_bought'),
    personHeldQuery(eb, eventId, userId, nowIso).as('person_held'),
  ] as const;
}

/** Stock and the waitlist: the figures of the event, the same for every buyer. */
function eventFigureColumns(eb: ExpressionBuilder<Database, never>, postgres: boolean, eventId: string) {
  const list = sql.raw(
    postgres ? `string_agg(distinct ticket_type_id, ',')` : `group_concat(distinct ticket_type_id)`,
  );
  return [
    eb.selectFrom('event_inventory').select('tickets_sold').where('event_id', '=', eventId).as('sold'),
    eb.selectFrom('event_inventory').select('seats_in_holds').where('event_id', '=', eventId).as('held'),
    // Anyone waiting in the waitlist's event line: the condition of stores/waitlist-line.ts anyoneWaiting.
    eb
      .exists(
        eb
          .selectFrom('waitlist_entries')
          .select('id')
          .where('event_id', '=', eventId)
          .where('status', '=', 'waiting')
          .where('type_line', '=', 0),
      )
      .as('waiting'),
    // The types with a line of their own: stores/waitlist-line.ts typesWithLine, from its partial index (none
    // waiting: no entry read).
    sql<string | null>`(select ${list} from waitlist_entries
      where event_id = ${eventId} and status = 'waiting' and type_line = 1)`.as('waiting_types'),
  ] as const;
}

/**
 * PostgreSQL, a batch of holds (hold-on-postgres.ts): the event's figures and each buyer's seats (and the optional
 * figures the batch needs), one row per buyer, in one statement (one snapshot, one round trip under the event lock
 * for the whole batch).
 */
export async function findBatchFigures(
  db: Db,
  eventId: string,
  userIds: string[],
  now: Date,
  needs: FigureNeeds,
): Promise<Map<string, HoldFigures>> {
  const key = needsKey(needs);
  let variant = batchVariants.get(key);
  if (!variant) {
    variant = batchFigures(needs);
    batchVariants.set(key, variant);
  }
  const rows = await variant(db, eventId, userIds, now.toISOString());
  return new Map(rows.map((row) => [row.user_id as string, figuresOf({ rows: [row as FigureRow] })]));
}

const batchVariants = new Map<string, ReturnType<typeof batchFigures>>();

function batchFigures(needs: FigureNeeds) {
  return compiledOnce((db: Db, eventId: string, userIds: string[], nowIso: string) => {
    // One row per buyer: the ids arrive as one array parameter, so the text (and its prepared plan) does not
    // change with the size of the batch.
    const buyer = sql<string>`buyers.user_id`;
    return db
      .selectFrom(
        sql<{ user_id: string }>`unnest(cast(${userIds} as text[]))`.as(sql`buyers(user_id)` as never),
      )
      .select((eb) => {
        const root = eb as unknown as ExpressionBuilder<Database, never>;
        return [
          buyer.as('user_id'),
          ...eventFigureColumns(root, true, eventId),
          personBoughtQuery(root, eventId, buyer).as('person_bought'),
          personHeldQuery(root, eventId, buyer, nowIso).as('person_held'),
          ...salesFigureColumns(true, needs, eventId, buyer, nowIso),
        ];
      });
  });
}

/** SQLite: the hold's order row, written after the judgement (PostgreSQL writes it with the figures). */
export function orderInsert(db: Db, order: OrderRow) {
  return insertOrderRow(db, ...ORDER_COLUMNS.map((column) => order[column] ?? null));
}

/** SQLite: the hold's audit row, likewise. */
export function auditInsert(db: Db, audit: AuditLogTable) {
  return insertAuditRow(db, ...AUDIT_COLUMNS.map((column) => audit[column]));
}

// Every column of each row, in a fixed order: the statement is compiled once with one argument per column.
export const ORDER_COLUMNS = [
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
  'people',
  'promo_code_id',
  'discount_paise',
  'checkout_answers',
  'convenience_fee_paise',
  'convenience_fee_rule',
] as const satisfies readonly (keyof OrderRow)[];
export const AUDIT_COLUMNS = [
  'id',
  'actor_user_id',
  'action',
  'entity',
  'entity_id',
  'data',
  'created_at',
] as const satisfies readonly (keyof AuditLogTable)[];

/** Values in column order (as the statements below take them) put back into a row. */
function rowOf(columns: readonly string[], values: unknown[], from: number): unknown {
  return Object.fromEntries(columns.map((column, index) => [column, values[from + index]]));
}

const insertOrderRow = compiledQueryOnce((db: Db, ...values: unknown[]) =>
  db.insertInto('orders').values(rowOf(ORDER_COLUMNS, values, 0) as OrderRow),
);
/** SQLite: one of the hold's lines, likewise. */
export function lineInsert(db: Db, line: OrderLineRow) {
  return insertLineRow(db, ...LINE_COLUMNS.map((column) => line[column] ?? null));
}

export const LINE_COLUMNS = [
  'order_id',
  'line_no',
  'event_id',
  'ticket_type_id',
  'phase_id',
  'promo_code_id',
  'quantity',
  'admits',
  'unit_price_paise',
  'discount_per_ticket_paise',
  'code_uses',
  'group_price',
] as const satisfies readonly (keyof OrderLineRow)[];

const insertLineRow = compiledQueryOnce((db: Db, ...values: unknown[]) =>
  db.insertInto('order_lines').values(rowOf(LINE_COLUMNS, values, 0) as OrderLineRow),
);
const insertAuditRow = compiledQueryOnce((db: Db, ...values: unknown[]) =>
  db.insertInto('audit_log').values(rowOf(AUDIT_COLUMNS, values, 0) as AuditLogTable),
);
