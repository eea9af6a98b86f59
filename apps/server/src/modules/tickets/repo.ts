import { compiledOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type { OrderRow, OrderStatus, PaymentEventsTable, TicketRow } from '../../platform/db/schema';

// SQL for orders (holds), tickets and webhook deliveries. No business rule lives here; the conditions in
// the updates are the concurrency guards the services rely on, named in each comment.

// ---- orders

export async function insertOrder(db: Db, order: OrderRow): Promise<void> {
  await db.insertInto('orders').values(order).execute();
}

export async function findOrderById(db: Db, id: string): Promise<OrderRow | undefined> {
  return (await orderById(db, id))[0];
}

export async function findOrderByRazorpayId(db: Db, razorpayOrderId: string): Promise<OrderRow | undefined> {
  return (await orderByRazorpayId(db, razorpayOrderId))[0];
}

// Read by every verify-payment and every webhook delivery: compiled once.
const orderById = compiledOnce((db: Db, id: string) =>
  db.selectFrom('orders').selectAll().where('id', '=', id),
);
const orderByRazorpayId = compiledOnce((db: Db, razorpayOrderId: string) =>
  db.selectFrom('orders').selectAll().where('razorpay_order_id', '=', razorpayOrderId),
);

/** Reads the order and, on PostgreSQL, row-locks it until commit (SQLite transactions are serial). */
export function lockOrder(trx: Db, id: string): Promise<OrderRow | undefined> {
  const query = trx.selectFrom('orders').selectAll().where('id', '=', id);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** Gives a hold made before its Razorpay order (checkout-placement.ts, the contested path) its Razorpay id. */
export async function setRazorpayOrderId(
  db: Db,
  id: string,
  razorpayOrderId: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ razorpay_order_id: razorpayOrderId, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('razorpay_order_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Releases a hold whose Razorpay order could not be created (never had a Razorpay id, so never payable). */
export async function markOrderFailed(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ status: 'failed', updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .where('razorpay_order_id', 'is', null)
    .execute();
}

/** Guarded by the status the caller read under its locks: 0 rows means someone else moved the order. */
export async function markOrderPaid(
  trx: Db,
  id: string,
  expected: OrderStatus,
  paymentId: string,
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await trx
    .updateTable('orders')
    .set({ status: 'paid', razorpay_payment_id: paymentId, paid_at: stamp, updated_at: stamp })
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The order will never get tickets; its payment is owed back until razorpay_refund_id is set. */
export async function markOrderRefundOwed(
  trx: Db,
  id: string,
  expected: OrderStatus,
  paymentId: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('orders')
    .set({ status: 'refunded', razorpay_payment_id: paymentId, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Safe on every instance at once: only an order still `created` whose hold has run out changes, so a
 * payment that fulfilled it a moment earlier (status `paid`) is never overwritten.
 */
export async function expireHold(db: Db, id: string, now: Date): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable('orders')
    .set({ status: 'expired', updated_at: stamp })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .where('hold_expires_at', '<=', stamp)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Ends every checkout of a person still `created` (their account is being deleted): the seats go back to sale
 * at once. Marked expired with the hold ending now, so the reconciliation job's re-check of expired orders
 * still asks Razorpay about them, and a payment made anyway is found and refunded. Returns the orders' ids.
 */
export async function releaseHoldsOfUser(trx: Db, userId: string, now: Date): Promise<string[]> {
  const stamp = now.toISOString();
  const rows = await trx
    .updateTable('orders')
    .set((eb) => ({
      status: 'expired',
      // Never later than it was: a hold that ran out an hour ago keeps its place in the re-check window.
      hold_expires_at: eb
        .case()
        .when('hold_expires_at', '>', stamp)
        .then(stamp)
        .else(eb.ref('hold_expires_at'))
        .end(),
      updated_at: stamp,
    }))
    .where('user_id', '=', userId)
    .where('status', '=', 'created')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

export function findExpiredHolds(db: Db, now: Date, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'created')
    .where('hold_expires_at', '<=', now.toISOString())
    .orderBy('hold_expires_at')
    .limit(limit)
    .execute();
}

/**
 * Expired orders whose hold ran out after `since`, least recently looked at first. Razorpay keeps an order
 * payable after our hold ran out, so these are looked at again for a while (see jobs.ts).
 */
export function findExpiredOrdersToRecheck(db: Db, since: Date, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'expired')
    .where('razorpay_order_id', 'is not', null)
    .where('hold_expires_at', '>', since.toISOString())
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** Records that an expired order was looked at (updated_at), so the next re-check moves on to others. */
export async function touchExpiredOrder(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('status', '=', 'expired')
    .execute();
}

// ---- tickets

/**
 * All of an order's tickets in one statement. A conflict on (order_id, seq) means they were issued
 * already (a racing verify, webhook or job): nothing is inserted and the caller reads the existing ones.
 */
export async function insertTicketsOnce(trx: Db, tickets: TicketRow[]): Promise<number> {
  if (tickets.length === 0) return 0;
  const result = await trx
    .insertInto('tickets')
    .values(tickets)
    .onConflict((conflict) => conflict.columns(['order_id', 'seq']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** A ticket with the names and event facts its JSON shows. */
export interface TicketView extends TicketRow {
  event_name: string;
  event_date: string;
  event_start_time: string;
  event_end_time: string;
  event_venue: string;
  owner_name: string;
  owner_email: string;
  owner_language: string | null;
  scanner_name: string | null;
  issuer_name: string | null;
  razorpay_order_id: string | null;
  /** The QR as a PNG data URL, once made (ticket_qr_images); null until then. */
  qr_image: string | null;
  /** The completed transfer out of this ticket, if any (migration 0014). */
  transfer_recipient_name: string | null;
  transfer_recipient_email: string | null;
}

/** A ticket with what every view of it shows (owner, scanner, issuer, order, QR image, transfer): the guest's
 * and the staff's lists read the same columns, so one presenter (toTicketJson) renders both. */
export function ticketViews(db: Db) {
  return (
    db
      .selectFrom('tickets')
      .innerJoin('events', 'events.id', 'tickets.event_id')
      .innerJoin('users as owner', 'owner.id', 'tickets.user_id')
      .leftJoin('users as scanner', 'scanner.id', 'tickets.scanned_by_user_id')
      .leftJoin('users as issuer', 'issuer.id', 'tickets.issued_by_user_id')
      .leftJoin('orders', 'orders.id', 'tickets.order_id')
      .leftJoin('ticket_qr_images', 'ticket_qr_images.token', 'tickets.qr_token')
      // At most one completed transfer per ticket: the revocation that completes one is conditional.
      .leftJoin('ticket_transfers as transfer', (join) =>
        join.onRef('transfer.ticket_id', '=', 'tickets.id').on('transfer.status', '=', 'completed'),
      )
      .selectAll('tickets')
      .select([
        'events.name as event_name',
        'events.date as event_date',
        'events.start_time as event_start_time',
        'events.end_time as event_end_time',
        'events.venue as event_venue',
        'owner.name as owner_name',
        'owner.email as owner_email',
        'owner.language as owner_language',
        'scanner.name as scanner_name',
        'issuer.name as issuer_name',
        'orders.razorpay_order_id as razorpay_order_id',
        'ticket_qr_images.image as qr_image',
        'transfer.recipient_name as transfer_recipient_name',
        'transfer.recipient_email as transfer_recipient_email',
      ])
  );
}

export function findTicketsOfOrder(db: Db, orderId: string): Promise<TicketView[]> {
  return ticketsOfOrder(db, orderId);
}

// Every verify-payment reads it: compiled once (seven joins took longer to build than to run).
const ticketsOfOrder = compiledOnce((db: Db, orderId: string) =>
  ticketViews(db).where('tickets.order_id', '=', orderId).orderBy('tickets.seq'),
);

export function findTicketsOfUser(db: Db, userId: string): Promise<TicketView[]> {
  return ticketViews(db)
    .where('tickets.user_id', '=', userId)
    .orderBy('tickets.created_at', 'desc')
    .orderBy('tickets.order_id')
    .orderBy('tickets.seq')
    .execute();
}

/** Several tickets by id, in the order of their creation (a manual issuance mails them together). */
export function findTicketViews(db: Db, ids: readonly string[]): Promise<TicketView[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return ticketViews(db)
    .where('tickets.id', 'in', [...ids])
    .orderBy('tickets.created_at')
    .orderBy('tickets.seq')
    .execute();
}

/** By id or by the printed ticket code. */
export async function findTicketView(db: Db, idOrCode: string): Promise<TicketView | undefined> {
  return (await ticketView(db, idOrCode))[0];
}

// Every scan at the gate reads it: compiled once (seven joins took longer to build than to run).
const ticketView = compiledOnce((db: Db, idOrCode: string) =>
  ticketViews(db)
    .where((eb) => eb.or([eb('tickets.id', '=', idOrCode), eb('tickets.ticket_code', '=', idOrCode)]))
    .limit(1),
);

/**
 * Names who an active ticket is for. One conditional statement: a ticket scanned or cancelled a moment
 * earlier keeps the name it was admitted or refunded under. True when the ticket was renamed.
 */
export async function setHolderName(
  trx: Db,
  ticketId: string,
  holderName: string,
  now: Date,
): Promise<boolean> {
  const result = await trx
    .updateTable('tickets')
    .set({ holder_name: holderName, updated_at: now.toISOString() })
    .where('id', '=', ticketId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// ---- webhook deliveries

export async function paymentEventSeen(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('payment_events').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** First delivery wins; a duplicate arriving concurrently is simply not recorded twice. */
export async function recordPaymentEvent(db: Db, row: PaymentEventsTable): Promise<void> {
  await db
    .insertInto('payment_events')
    .values(row)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}
