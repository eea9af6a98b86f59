import { IST_OFFSET_MINUTES, type SoldCount } from '@utsav/domain/analytics';
import { SOLD_TICKET_STATUSES } from '@utsav/domain/gate-pass';
import { FEE_DESCRIPTIONS } from '@utsav/domain/gst-credits';
import {
  type MoneyLine,
  type MoneySource,
  REVENUE_ROWS,
  type Revenue,
  revenueOf,
} from '@utsav/domain/revenue';
import { addDays, istDate, istInstant } from '@utsav/domain/time';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';

// Sales figures counted from rows at read time, never kept as running totals. Which rows are money, and how they
// add up, is @utsav/domain/revenue (one rule: docs/decisions/0917-revenue-one-rule.md); this file sums them per
// source and per IST day or hour, one statement per source. Tickets sold = active + used tickets, on the day issued.
//
// IST buckets are computed by the database with the fixed +05:30 offset (IST has no daylight saving), one
// spelling per engine; timestamps are ISO-8601 UTC text in SQLite and timestamptz in PostgreSQL.

const SOLD = SOLD_TICKET_STATUSES;

type Column =
  | 'tickets.created_at'
  | 'orders.paid_at'
  | 'refunds.processed_at'
  | 'ticket_transfers.completed_at';

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

type Bucketing = 'day' | 'hour';
type Range = { start: string; end: string };

function keyOf<K>(bucketing: Bucketing | undefined, value: unknown): K | undefined {
  if (!bucketing) return undefined;
  return (bucketing === 'hour' ? Number(value) : String(value)) as K;
}

/** Tickets sold (active + used) per IST day (all time) or per IST hour within `range`. */
export async function soldCounts<K extends string | number>(
  db: Db,
  bucketing: Bucketing,
  range?: Range,
): Promise<SoldCount<K>[]> {
  const bucket = bucketOf(db, bucketing, 'tickets.created_at');
  let query = db
    .selectFrom('tickets')
    .select([bucket.as('bucket'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('tickets.status', 'in', SOLD);
  if (range)
    query = query.where('tickets.created_at', '>=', range.start).where('tickets.created_at', '<', range.end);
  // Grouped by the bucket expression itself (no bound parameters in it, so both engines see one expression).
  const rows = await query.groupBy(bucket).execute();
  return rows.map((row) => ({ key: keyOf<K>(bucketing, row.bucket)!, count: Number(row.count) }));
}

function bucketOf(db: Db, bucketing: Bucketing | undefined, column: Column): RawBuilder<string | number> {
  if (!bucketing) return sql<string>`null`;
  return bucketing === 'day' ? istDayOf(db, column) : istHourOf(db, column);
}

/**
 * The money lines of revenue (@utsav/domain/revenue), each source summed per IST day, per IST hour within
 * `range`, or (no bucketing) over all time. Each row counts once, on the day its money moved.
 */
export async function moneyLines<K extends string | number>(
  db: Db,
  bucketing?: Bucketing,
  range?: Range,
): Promise<MoneyLine<K>[]> {
  const orders = db
    .selectFrom('orders')
    .select([
      bucketOf(db, bucketing, 'orders.paid_at').as('bucket'),
      (eb) => eb.fn.sum<number>('orders.amount_paise').as('paise'),
    ])
    .where('orders.status', '=', REVENUE_ROWS.paidOrderStatus)
    .where('orders.paid_at', 'is not', null)
    .$if(range !== undefined, (q) =>
      q.where('orders.paid_at', '>=', range!.start).where('orders.paid_at', '<', range!.end),
    )
    .$if(bucketing !== undefined, (q) => q.groupBy(bucketOf(db, bucketing, 'orders.paid_at')));
  const byHand = db
    .selectFrom('tickets')
    .select([
      bucketOf(db, bucketing, 'tickets.created_at').as('bucket'),
      (eb) => eb.fn.sum<number>('tickets.price_paise').as('paise'),
    ])
    // @utsav/domain/revenue handIssuedCounts, as SQL.
    .where('tickets.issued_by_admin', '=', 1)
    .where('tickets.payment_received', '=', 1)
    .where('tickets.status', '!=', 'cancelled')
    .$if(range !== undefined, (q) =>
      q.where('tickets.created_at', '>=', range!.start).where('tickets.created_at', '<', range!.end),
    )
    .$if(bucketing !== undefined, (q) => q.groupBy(bucketOf(db, bucketing, 'tickets.created_at')));
  const refunds = db
    .selectFrom('refunds')
    .select([
      bucketOf(db, bucketing, 'refunds.processed_at').as('bucket'),
      (eb) => eb.fn.sum<number>('refunds.original_amount_paise').as('paise'),
      // The deduction kept is what the price and the refund differ by (not the stored fee, which a refund of at
      // least ₹1 may round): the two lines then net to exactly the money sent back.
      (eb) =>
        eb.fn
          .sum<number>(eb('refunds.original_amount_paise', '-', eb.ref('refunds.refund_amount_paise')))
          .as('kept'),
    ])
    .where('refunds.status', '=', REVENUE_ROWS.processedRefundStatus)
    .where('refunds.processed_at', 'is not', null)
    .$if(range !== undefined, (q) =>
      q.where('refunds.processed_at', '>=', range!.start).where('refunds.processed_at', '<', range!.end),
    )
    .$if(bucketing !== undefined, (q) => q.groupBy(bucketOf(db, bucketing, 'refunds.processed_at')));
  const fees = db
    .selectFrom('ticket_transfers')
    .select([
      bucketOf(db, bucketing, 'ticket_transfers.completed_at').as('bucket'),
      (eb) => eb.fn.sum<number>('ticket_transfers.fee_paise').as('paise'),
    ])
    .where('ticket_transfers.status', '=', REVENUE_ROWS.completedTransferStatus)
    .where('ticket_transfers.completed_at', 'is not', null)
    .$if(range !== undefined, (q) =>
      q
        .where('ticket_transfers.completed_at', '>=', range!.start)
        .where('ticket_transfers.completed_at', '<', range!.end),
    )
    .$if(bucketing !== undefined, (q) => q.groupBy(bucketOf(db, bucketing, 'ticket_transfers.completed_at')));
  // Grouped by the bucket expression itself (no bound parameters in it, so both engines see one expression);
  // over all time, not grouped at all: one row per source.
  const [orderRows, handRows, refundRows, feeRows] = await Promise.all([
    orders.execute(),
    byHand.execute(),
    refunds.execute(),
    fees.execute(),
  ]);
  const line = (source: MoneySource, bucket: unknown, paise: unknown): MoneyLine<K> => ({
    source,
    paise: Number(paise ?? 0),
    ...(bucketing ? { key: keyOf<K>(bucketing, bucket) } : {}),
  });
  return [
    ...orderRows.map((row) => line('ticketSales', row.bucket, row.paise)),
    ...handRows.map((row) => line('ticketSales', row.bucket, row.paise)),
    ...refundRows.flatMap((row) => [
      line('refundedTickets', row.bucket, row.paise),
      line('cancellationFees', row.bucket, row.kept),
    ]),
    ...feeRows.map((row) => line('transferFees', row.bucket, row.paise)),
  ];
}

/** All-time revenue and its parts (@utsav/domain/revenue revenueOf over moneyLines). */
export async function totalRevenue(db: Db): Promise<Revenue> {
  return revenueOf(await moneyLines(db));
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

/** Guests holding at least one active or used ticket, among users who still exist (staff are not counted). */
export async function countGuestBuyers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tickets')
    .innerJoin('users', 'users.id', 'tickets.user_id')
    .select((eb) => eb.fn.count<number>('tickets.user_id').distinct().as('count'))
    .where('tickets.status', 'in', SOLD)
    .where('users.role', '=', 'guest')
    .where('users.deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The tax documents with a convenience fee line, as issued (kind and lines JSON): the sales that charged one and
 * the credit notes that gave one back. The LIKE only narrows the rows read; @utsav/domain/convenience-fee-revenue
 * picks the lines.
 */
export function convenienceFeeDocuments(
  db: Db,
): Promise<Array<{ kind: string; lines: string; issued_at: string }>> {
  return db
    .selectFrom('tax_documents')
    .select(['kind', 'lines', 'issued_at'])
    .where('lines', 'like', `%${FEE_DESCRIPTIONS.convenience}%`)
    .execute();
}
