import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type { TicketRow, TransferRow } from '../../platform/db/schema';

// SQL of ticket transfers. The conditions in the updates are the guards the service relies on.

export async function insertTransfer(db: Db, transfer: TransferRow): Promise<void> {
  await db.insertInto('ticket_transfers').values(transfer).execute();
}

export function findTransferByRazorpayOrder(
  db: Db,
  razorpayOrderId: string,
): Promise<TransferRow | undefined> {
  return db
    .selectFrom('ticket_transfers')
    .selectAll()
    .where('razorpay_order_id', '=', razorpayOrderId)
    .executeTakeFirst();
}

export function findTransferById(db: Db, id: string): Promise<TransferRow | undefined> {
  return db.selectFrom('ticket_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Reads the transfer and, on PostgreSQL, row-locks it until commit (SQLite transactions are serial). */
export function lockTransfer(trx: Db, id: string): Promise<TransferRow | undefined> {
  const query = trx.selectFrom('ticket_transfers').selectAll().where('id', '=', id);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

/** A transfer of this ticket still waiting for its fee, started after `since`. */
export function findPendingTransfer(db: Db, ticketId: string, since: Date): Promise<TransferRow | undefined> {
  return db
    .selectFrom('ticket_transfers')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .where('status', '=', 'created')
    .where('created_at', '>', since.toISOString())
    .executeTakeFirst();
}

export async function setTransferRazorpayOrder(
  db: Db,
  id: string,
  razorpayOrderId: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('ticket_transfers')
    .set({ razorpay_order_id: razorpayOrderId, updated_at: now.toISOString() })
    .where('id', '=', id)
    .where('razorpay_order_id', 'is', null)
    .execute();
}

export async function markTransferFailed(
  db: Db,
  id: string,
  reason: string,
  paymentId: string | null,
  now: Date,
): Promise<void> {
  await db
    .updateTable('ticket_transfers')
    .set({
      status: 'failed',
      failure_reason: reason,
      razorpay_payment_id: paymentId,
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .execute();
}

export async function markTransferCompleted(
  trx: Db,
  id: string,
  change: { recipientUserId: string; newTicketId: string; paymentId: string },
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await trx
    .updateTable('ticket_transfers')
    .set({
      status: 'completed',
      recipient_user_id: change.recipientUserId,
      new_ticket_id: change.newTicketId,
      razorpay_payment_id: change.paymentId,
      completed_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', id)
    .where('status', '=', 'created')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setTransferRefund(db: Db, id: string, refundId: string, now: Date): Promise<void> {
  await db
    .updateTable('ticket_transfers')
    .set({ razorpay_refund_id: refundId, updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/** Failed transfers whose fee was paid but whose refund was never recorded (the call to Razorpay failed). */
export function findUnsentFeeRefunds(db: Db, limit: number): Promise<TransferRow[]> {
  return db
    .selectFrom('ticket_transfers')
    .selectAll()
    .where('status', '=', 'failed')
    .where('razorpay_payment_id', 'is not', null)
    .where('razorpay_refund_id', 'is', null)
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/**
 * Failed transfers with a fee refund sent, created after `since` and not looked at since `before`, least
 * recently looked at first: a refund can still fail at the bank days after it was accepted.
 */
export function findSentFeeRefunds(db: Db, since: Date, before: Date, limit: number): Promise<TransferRow[]> {
  return db
    .selectFrom('ticket_transfers')
    .selectAll()
    .where('status', '=', 'failed')
    .where('razorpay_refund_id', 'is not', null)
    .where('created_at', '>', since.toISOString())
    .where('updated_at', '<', before.toISOString())
    .orderBy('updated_at')
    .limit(limit)
    .execute();
}

/** Records that a transfer's refund was looked at (updated_at), so the next pass moves on to others. */
export async function touchTransfer(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable('ticket_transfers')
    .set({ updated_at: now.toISOString() })
    .where('id', '=', id)
    .execute();
}

/**
 * Revokes the sender's ticket: only while it is still active and not transferred, so a ticket scanned at the
 * gate a moment earlier, cancelled, or transferred by a racing payment is left alone (0 rows).
 */
export async function revokeForTransfer(
  trx: Db,
  ticketId: string,
  reason: string,
  now: Date,
): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await trx
    .updateTable('tickets')
    .set({
      status: 'cancelled',
      cancelled_at: stamp,
      cancellation_reason: reason,
      transferred_at: stamp,
      updated_at: stamp,
    })
    .where('id', '=', ticketId)
    .where('status', '=', 'active')
    .where('transferred_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertTransferredTicket(trx: Db, ticket: TicketRow): Promise<void> {
  await trx.insertInto('tickets').values(ticket).execute();
}

export interface TransferView extends TransferRow {
  ticket_code: string;
  new_ticket_code: string | null;
  from_name: string;
  from_email: string;
}

function transferViews(db: Db) {
  return db
    .selectFrom('ticket_transfers')
    .innerJoin('tickets as old', 'old.id', 'ticket_transfers.ticket_id')
    .leftJoin('tickets as new', 'new.id', 'ticket_transfers.new_ticket_id')
    .innerJoin('users as sender', 'sender.id', 'ticket_transfers.from_user_id')
    .selectAll('ticket_transfers')
    .select([
      'old.ticket_code as ticket_code',
      'new.ticket_code as new_ticket_code',
      'sender.name as from_name',
      'sender.email as from_email',
    ]);
}

/** Completed transfers out of these tickets, keyed by the sender's ticket (for the sender's list). */
export async function completedTransfersOf(db: Db, ticketIds: string[]): Promise<Map<string, TransferView>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await transferViews(db)
    .where('ticket_transfers.ticket_id', 'in', ticketIds)
    .where('ticket_transfers.status', '=', 'completed')
    .execute();
  return new Map(rows.map((row) => [row.ticket_id, row]));
}

/** Every transfer, newest first (admin history). */
export function listTransfers(db: Db, limit: number): Promise<TransferView[]> {
  return transferViews(db).orderBy('ticket_transfers.created_at', 'desc').limit(limit).execute();
}
