import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { RefundRow, RefundStatus, RefundStatusHistoryTable } from '../../platform/db/schema';

// SQL for refunds and their status history. No business rule lives here: the conditions in the updates are
// the concurrency guards the services rely on (a transition happens only from the states named).

export async function insertRefund(trx: Db, refund: RefundRow): Promise<void> {
  await trx.insertInto('refunds').values(refund).execute();
}

export async function appendHistory(
  trx: Db,
  refundId: string,
  status: RefundStatus,
  notes: string,
  at: Date,
): Promise<void> {
  await trx
    .insertInto('refund_status_history')
    .values({ id: randomUUID(), refund_id: refundId, status, notes, created_at: at.toISOString() })
    .execute();
}

export function findRefundById(db: Db, id: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findRefundByRazorpayId(db: Db, razorpayRefundId: string): Promise<RefundRow | undefined> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('razorpay_refund_id', '=', razorpayRefundId)
    .executeTakeFirst();
}

/**
 * Paise already promised back from this payment: every refund that is, or may still become, money out
 * (all but cancelled ones; a failed refund is still owed and will be retried).
 */
export async function sumRefundsOfPayment(
  trx: Db,
  paymentId: string,
  options: { excludeRefundId?: string; excludeFailed?: boolean } = {},
): Promise<number> {
  let query = trx
    .selectFrom('refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('refund_amount_paise'), eb.lit(0)).as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', '!=', 'cancelled');
  if (options.excludeFailed) query = query.where('status', '!=', 'failed');
  if (options.excludeRefundId) query = query.where('id', '!=', options.excludeRefundId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.total ?? 0);
}

export interface Transition {
  to: RefundStatus;
  /** Only rows in one of these states move; 0 rows means someone else moved it first (or it never could). */
  from: readonly RefundStatus[];
  /** The Razorpay refund this news is about: rows bound to another attempt's refund are left alone. */
  razorpayRefundId?: string | undefined;
  /** When the row is not bound to a Razorpay refund yet, the news must be about this attempt. */
  attempt?: number | undefined;
  set?: Partial<Pick<RefundRow, 'processed_at' | 'last_error' | 'razorpay_refund_id'>>;
}

/** One conditional update: true only for the caller that moved the refund (and so writes its history). */
export async function transitionRefund(
  trx: Db,
  id: string,
  transition: Transition,
  now: Date,
): Promise<boolean> {
  let query = trx
    .updateTable('refunds')
    .set({ ...transition.set, status: transition.to, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', [...transition.from]);
  const { razorpayRefundId, attempt } = transition;
  if (razorpayRefundId !== undefined) {
    query = query.where((eb) =>
      eb.or([
        eb('razorpay_refund_id', '=', razorpayRefundId),
        attempt === undefined
          ? eb('razorpay_refund_id', 'is', null)
          : eb.and([eb('razorpay_refund_id', 'is', null), eb('attempts', '=', attempt)]),
      ]),
    );
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Keeps the provider's complaint on a refund that stays pending (the job resends it). */
export async function noteSendFailure(
  db: Db,
  id: string,
  attempt: number,
  error: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('refunds')
    .set({ last_error: error.slice(0, 1000), updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('attempts', '=', attempt)
    .execute();
}

/** failed → pending with a new attempt number and idempotency key; the old Razorpay refund is forgotten. */
export async function reopenFailedRefund(trx: Db, refund: RefundRow, now: Date): Promise<boolean> {
  const attempt = refund.attempts + 1;
  const result = await trx
    .updateTable('refunds')
    .set({
      status: 'pending',
      attempts: attempt,
      idempotency_key: idempotencyKeyFor(refund.id, attempt),
      razorpay_refund_id: null,
      last_error: null,
      updated_at: now.toISOString(),
    })
    .where('id', '=', refund.id)
    .where('status', '=', 'failed')
    .where('attempts', '=', refund.attempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function idempotencyKeyFor(refundId: string, attempt: number): string {
  return `rf-${refundId}-${attempt}`;
}

export function historyOf(db: Db, refundIds: readonly string[]): Promise<RefundStatusHistoryTable[]> {
  if (refundIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('refund_status_history')
    .selectAll()
    .where('refund_id', 'in', [...refundIds])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

// ---- views: a refund with the names its JSON shows

export interface RefundView extends RefundRow {
  ticket_code: string;
  event_name: string;
  owner_name: string;
  owner_email: string;
  owner_language: string | null;
  /** When the ticket was resold (tickets.resold_at): set on the seller's ticket by the sale, never by a guest. */
  ticket_resold_at?: string | null;
}

function refundViews(db: Db) {
  return db
    .selectFrom('refunds')
    .innerJoin('tickets', 'tickets.id', 'refunds.ticket_id')
    .innerJoin('events', 'events.id', 'tickets.event_id')
    .innerJoin('users', 'users.id', 'refunds.user_id')
    .selectAll('refunds')
    .select([
      'tickets.ticket_code as ticket_code',
      'events.name as event_name',
      'users.name as owner_name',
      'users.email as owner_email',
      'users.language as owner_language',
      'tickets.resold_at as ticket_resold_at',
    ]);
}

/** By our id or by the refund code. */
export function findRefundView(db: Db, idOrCode: string): Promise<RefundView | undefined> {
  return refundViews(db)
    .where((eb) => eb.or([eb('refunds.id', '=', idOrCode), eb('refunds.refund_code', '=', idOrCode)]))
    .executeTakeFirst();
}

/** An order's refunds of one reason (a call-off's), with the names its mail shows, by id. */
export function findRefundViewsOfOrder(db: Db, orderId: string, reason: string): Promise<RefundView[]> {
  return refundViews(db)
    .where('refunds.order_id', '=', orderId)
    .where('refunds.reason', '=', reason)
    .orderBy('refunds.id')
    .execute();
}

export function findRefundViewsOfUser(db: Db, userId: string): Promise<RefundView[]> {
  return refundViews(db)
    .where('refunds.user_id', '=', userId)
    .orderBy('refunds.created_at', 'desc')
    .orderBy('refunds.id')
    .execute();
}

export interface RefundFilter {
  status?: RefundStatus | undefined;
  search?: string | undefined;
}

function filtered(db: Db, filter: RefundFilter) {
  let query = refundViews(db);
  if (filter.status) query = query.where('refunds.status', '=', filter.status);
  if (filter.search) {
    // Case-insensitive on both engines (PostgreSQL's LIKE is case-sensitive); wildcards typed are literal.
    const pattern = `%${filter.search.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const like = sql`${pattern} escape '\\'`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(users.name)`, 'like', like),
        eb(sql`lower(users.email)`, 'like', like),
        eb(sql`lower(tickets.ticket_code)`, 'like', like),
        eb(sql`lower(tickets.id)`, 'like', like),
        eb(sql`lower(refunds.refund_code)`, 'like', like),
      ]),
    );
  }
  return query;
}

export async function countRefunds(db: Db, filter: RefundFilter): Promise<number> {
  const row = await filtered(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export function listRefunds(
  db: Db,
  filter: RefundFilter,
  page: { limit: number; offset: number },
): Promise<RefundView[]> {
  return filtered(db, filter)
    .orderBy('refunds.created_at', 'desc')
    .orderBy('refunds.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export interface RefundCounts {
  byStatus: Partial<Record<RefundStatus, number>>;
  processedPaise: number;
}

export async function countRefundsByStatus(db: Db): Promise<RefundCounts> {
  const rows = await db
    .selectFrom('refunds')
    .select((eb) => [
      'status',
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>('refund_amount_paise'), eb.lit(0)).as('paise'),
    ])
    .groupBy('status')
    .execute();
  const byStatus: Partial<Record<RefundStatus, number>> = {};
  let processedPaise = 0;
  for (const row of rows) {
    byStatus[row.status] = Number(row.count);
    if (row.status === 'processed') processedPaise = Number(row.paise);
  }
  return { byStatus, processedPaise };
}

// ---- the polling job

/** Pending refunds Razorpay has not accepted yet (a send failed or the process died before it). */
export function findUnsentRefunds(db: Db, updatedBefore: Date, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'pending')
    .where('updated_at', '<=', updatedBefore.toISOString())
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** Refunds at Razorpay whose outcome we have not heard of (a lost webhook). */
export function findStaleProcessingRefunds(db: Db, updatedBefore: Date, limit: number): Promise<RefundRow[]> {
  return db
    .selectFrom('refunds')
    .selectAll()
    .where('status', '=', 'processing')
    .where('razorpay_refund_id', 'is not', null)
    .where('updated_at', '<=', updatedBefore.toISOString())
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}
