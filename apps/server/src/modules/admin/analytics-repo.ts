import { IST_OFFSET_MINUTES } from '@utsav/domain/analytics';
import { SOLD_TICKET_STATUSES } from '@utsav/domain/gate-pass';
import { addDays, istDate, istInstant } from '@utsav/domain/time';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';

// Sales figures counted from rows at read time, never kept as running totals.
//
// Revenue = money received and kept:
//   + the amount of every paid Razorpay order (orders.status 'paid'), on the day it was paid;
//   + the price of every manually issued ticket marked "payment received" that is not cancelled, on the
//     day it was issued (cash/UPI to the organiser; a cancelled one is taken as handed back);
//   - every processed refund (refunds.status 'processed'), on the day it was processed.
// An order refunded in full because it was paid after its hold ran out (status 'refunded') never counts:
// its money came in and went straight back. A pending or failed refund has not left yet, so it does not
// count either. Tickets sold = active + used tickets, on the day they were issued.
//
// IST buckets are computed by the database with the fixed +05:30 offset (IST has no daylight saving), one
// spelling per engine; timestamps are ISO-8601 UTC text in SQLite and timestamptz in PostgreSQL.

const SOLD = SOLD_TICKET_STATUSES;

type Column = 'tickets.created_at' | 'orders.paid_at' | 'refunds.processed_at';

// Literals, not bound parameters: GROUP BY must see the very same expression text as the select list.
const PG_SHIFT = sql.raw(`interval '${IST_OFFSET_MINUTES} minutes'`);
const SQLITE_SHIFT = sql.raw(`'+${IST_OFFSET_MINUTES} minutes'`);

function istDayOf(db: Db, column: Column): RawBuilder<string> {
  return isPostgres(db)
    ? sql<string>`to_char((${sql.ref(column)} at time zone 'UTC') + ${PG_SHIFT}, 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', ${sql.ref(column)}, ${SQLITE_SHIFT})`;
}

function istHourOf(db: Db, column: Column): RawBuilder<number> {
  return isPostgres(db)
    ? sql<number>`cast(extract(hour from (${sql.ref(column)} at time zone 'UTC') + ${PG_SHIFT}) as integer)`
    : sql<number>`cast(strftime('%H', ${sql.ref(column)}, ${SQLITE_SHIFT}) as integer)`;
}

/** [start, end) of the IST calendar day containing `now`, as ISO instants. */
export function istDayBounds(now: Date): { day: string; start: string; end: string } {
  const day = istDate(now);
  return { day, start: istInstant(day).toISOString(), end: istInstant(addDays(day, 1)).toISOString() };
}

export interface Part<K> {
  key: K;
  count?: number;
  paise?: number;
}

type Bucketing = 'day' | 'hour';

/**
 * Every figure of the sales chart, per IST day (all time) or per IST hour (within [start, end)): tickets
 * sold, order money, manual-ticket money, processed refunds (negative). Callers merge the parts.
 */
export async function salesParts<K extends string | number>(
  db: Db,
  bucketing: Bucketing,
  range?: { start: string; end: string },
): Promise<Part<K>[]> {
  const bucket = (column: Column) =>
    (bucketing === 'day' ? istDayOf(db, column) : istHourOf(db, column)) as RawBuilder<K>;
  let sold = db
    .selectFrom('tickets')
    .select([bucket('tickets.created_at').as('bucket'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('tickets.status', 'in', SOLD);
  let orders = db
    .selectFrom('orders')
    .select([
      bucket('orders.paid_at').as('bucket'),
      (eb) => eb.fn.sum<number>('orders.amount_paise').as('paise'),
    ])
    .where('orders.status', '=', 'paid')
    .where('orders.paid_at', 'is not', null);
  let manual = db
    .selectFrom('tickets')
    .select([
      bucket('tickets.created_at').as('bucket'),
      (eb) => eb.fn.sum<number>('tickets.price_paise').as('paise'),
    ])
    .where('tickets.issued_by_admin', '=', 1)
    .where('tickets.payment_received', '=', 1)
    .where('tickets.status', '!=', 'cancelled');
  let refunds = db
    .selectFrom('refunds')
    .select([
      bucket('refunds.processed_at').as('bucket'),
      (eb) => eb.fn.sum<number>('refunds.refund_amount_paise').as('paise'),
    ])
    .where('refunds.status', '=', 'processed')
    .where('refunds.processed_at', 'is not', null);
  if (range) {
    sold = sold.where('tickets.created_at', '>=', range.start).where('tickets.created_at', '<', range.end);
    orders = orders.where('orders.paid_at', '>=', range.start).where('orders.paid_at', '<', range.end);
    manual = manual
      .where('tickets.created_at', '>=', range.start)
      .where('tickets.created_at', '<', range.end);
    refunds = refunds
      .where('refunds.processed_at', '>=', range.start)
      .where('refunds.processed_at', '<', range.end);
  }
  // Grouped by the bucket expression itself (no bound parameters in it, so both engines see one expression).
  const [soldRows, orderRows, manualRows, refundRows] = await Promise.all([
    sold.groupBy(bucket('tickets.created_at')).execute(),
    orders.groupBy(bucket('orders.paid_at')).execute(),
    manual.groupBy(bucket('tickets.created_at')).execute(),
    refunds.groupBy(bucket('refunds.processed_at')).execute(),
  ]);
  const key = (value: unknown) => (bucketing === 'hour' ? Number(value) : String(value)) as K;
  return [
    ...soldRows.map((row) => ({ key: key(row.bucket), count: Number(row.count) })),
    ...orderRows.map((row) => ({ key: key(row.bucket), paise: Number(row.paise ?? 0) })),
    ...manualRows.map((row) => ({ key: key(row.bucket), paise: Number(row.paise ?? 0) })),
    ...refundRows.map((row) => ({ key: key(row.bucket), paise: -Number(row.paise ?? 0) })),
  ];
}

/** All-time revenue in paise (the definition above), in one statement. */
export async function totalRevenuePaise(db: Db): Promise<number> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('orders')
        .select((o) => o.fn.coalesce(o.fn.sum<number>('amount_paise'), o.lit(0)).as('paise'))
        .where('status', '=', 'paid')
        .as('orders'),
      eb
        .selectFrom('tickets')
        .select((t) => t.fn.coalesce(t.fn.sum<number>('price_paise'), t.lit(0)).as('paise'))
        .where('issued_by_admin', '=', 1)
        .where('payment_received', '=', 1)
        .where('status', '!=', 'cancelled')
        .as('manual'),
      eb
        .selectFrom('refunds')
        .select((r) => r.fn.coalesce(r.fn.sum<number>('refund_amount_paise'), r.lit(0)).as('paise'))
        .where('status', '=', 'processed')
        .as('refunded'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.orders ?? 0) + Number(row.manual ?? 0) - Number(row.refunded ?? 0);
}

/** Active or used tickets issued today (IST). */
export async function soldTodayCount(db: Db, now: Date): Promise<number> {
  const { start, end } = istDayBounds(now);
  const row = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('status', 'in', SOLD)
    .where('created_at', '>=', start)
    .where('created_at', '<', end)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** People holding at least one active or used ticket, among users who still exist. */
export async function countBuyers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .innerJoin('users', 'users.id', 'tickets.user_id')
    .select((eb) => eb.fn.count<number>('tickets.user_id').distinct().as('count'))
    .where('tickets.status', 'in', SOLD)
    .where('users.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
