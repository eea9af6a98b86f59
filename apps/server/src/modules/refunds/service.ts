import { randomBytes, randomUUID } from 'node:crypto';
import { CANCELLATION_MIN_DAYS } from '@utsav/domain/constants';
import { paiseToRupees } from '@utsav/domain/pricing';
import {
  CANCEL_MESSAGES,
  CANCELLATION_CLOSED_MESSAGE,
  canCancelTicket,
  cancellationWindow,
  refundQuote,
} from '@utsav/domain/refunds';
import { can } from '@utsav/domain/roles';
import { TRANSFER_MESSAGES } from '@utsav/domain/transfer';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { RefundStatus, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { findTicketView, lockOrder, type TicketView } from '../tickets/repo';
import { HISTORY_NOTES, sendRefund } from './gateway';
import {
  appendHistory,
  countRefunds,
  countRefundsByStatus,
  findRefundById,
  findRefundView,
  findRefundViewsOfUser,
  historyOf,
  idempotencyKeyFor,
  insertRefund,
  listRefunds,
  type RefundFilter,
  type RefundView,
  reopenFailedRefund,
  sumRefundsOfPayment,
} from './repo';
import { cancelTicketRow } from './ticket-repo';

// Cancellation and refunds (ARCHITECTURE.md "Cancellation and refunds"): only the owner, only active
// tickets not issued by an admin, only while the window is open. One transaction cancels the ticket (its
// seat is back on sale at once: stock counts active + used tickets), creates the one refund of the ticket
// and queues the guest's mail; Razorpay is asked after the commit, never inside it.

export interface RefundWithHistory {
  refund: RefundView;
  history: { status: RefundStatus; notes: string; created_at: string }[];
}

export interface CancelResult {
  refund: RefundWithHistory;
  ticket: TicketView;
}

const REFUND_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** PATCH /tickets/cancel/:id and POST /refunds/create: the same use case. */
export async function cancelTicket(
  ctx: AppContext,
  caller: UserRow,
  ticketIdOrCode: string,
  reason: string,
): Promise<CancelResult> {
  const ticket = await findTicketView(ctx.db, ticketIdOrCode);
  // Someone else's ticket does not exist, as far as this caller can tell.
  if (!ticket || ticket.user_id !== caller.id) throw new AppError('TICKET_NOT_FOUND', 'Ticket not found');
  // The money would go back to the card of whoever first paid; the dialog says so before the transfer.
  if (ticket.transferred_from_ticket_id) throw notCancellable(TRANSFER_MESSAGES.notCancellable);
  assertCancellable(ticket);
  const now = ctx.now();
  const window = cancellationWindow(ticket.event_date, now);
  if (!window.open) {
    throw new AppError(
      'CANCELLATION_WINDOW_CLOSED',
      msg(CANCELLATION_CLOSED_MESSAGE, {
        days: CANCELLATION_MIN_DAYS,
        count: Math.max(0, window.daysRemaining),
      }),
    );
  }
  if (!ticket.order_id) throw notCancellable(CANCEL_MESSAGES.adminIssued);

  const quote = refundQuote([paiseToRupees(ticket.price_paise)]);
  const refundId = randomUUID();

  await transaction(ctx.db, async (trx) => {
    // The order row lock serialises cancellations of one order's tickets (PostgreSQL; SQLite runs one write
    // transaction at a time), so the "never more than was paid" sum below cannot be raced.
    const order = await lockOrder(trx, ticket.order_id!);
    if (!order?.razorpay_payment_id || order.status !== 'paid') {
      throw notCancellable('This ticket has no completed payment to refund');
    }
    // Must stay one conditional statement: a gate scanning this ticket, or a second cancel, may race it.
    if (!(await cancelTicketRow(trx, ticket.id, reason, now))) {
      // Scanned or cancelled a moment ago: a double cancel creates nothing and says why.
      const current = await findTicketView(trx, ticket.id);
      const verdict = current ? canCancelTicket(toCancellable(current)) : undefined;
      throw notCancellable(verdict && !verdict.ok ? verdict.message : CANCEL_MESSAGES.notActive);
    }
    const refundPaise = Math.round(quote.refundAmount * 100);
    const promised = await sumRefundsOfPayment(trx, order.razorpay_payment_id);
    if (promised + refundPaise > order.amount_paise) {
      // Cannot happen with price − ₹20 per ticket; if it ever does, nothing is cancelled and nothing owed.
      throw notCancellable('This ticket has already been refunded');
    }
    await insertRefund(trx, {
      id: refundId,
      refund_code: newRefundCode(),
      ticket_id: ticket.id,
      order_id: order.id,
      user_id: caller.id,
      payment_id: order.razorpay_payment_id,
      razorpay_refund_id: null,
      original_amount_paise: ticket.price_paise,
      processing_fee_paise: ticket.price_paise - refundPaise,
      refund_amount_paise: refundPaise,
      status: 'pending',
      reason,
      idempotency_key: idempotencyKeyFor(refundId, 1),
      attempts: 1,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      processed_at: null,
      last_error: null,
    });
    await appendHistory(trx, refundId, 'pending', HISTORY_NOTES.created, now);
    await enqueueOutbox(trx, 'refund-initiated', { refundId, amount: quote.refundAmount }, now);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'ticket.cancelled',
        entity: 'ticket',
        entityId: ticket.id,
        data: { reason, refundId, refundAmountPaise: refundPaise, daysRemaining: window.daysRemaining },
      },
      now,
    );
  });

  await sendRefund(ctx, refundId);
  return {
    refund: await loadRefund(ctx, refundId),
    ticket: (await findTicketView(ctx.db, ticket.id))!,
  };
}

function assertCancellable(ticket: TicketView): void {
  const verdict = canCancelTicket(toCancellable(ticket));
  if (!verdict.ok) throw notCancellable(verdict.message);
}

function toCancellable(ticket: TicketView) {
  return { status: ticket.status, issuedByAdmin: Boolean(ticket.issued_by_admin) };
}

function notCancellable(message: string): AppError {
  return new AppError('NOT_CANCELLABLE', message);
}

/** RF-XXXXXXXXXX: 50 random bits in Crockford base32, like ticket codes. */
function newRefundCode(): string {
  let code = '';
  for (const byte of randomBytes(10)) code += REFUND_CODE_ALPHABET[byte & 31];
  return `RF-${code}`;
}

async function loadRefund(ctx: AppContext, idOrCode: string): Promise<RefundWithHistory> {
  const refund = await findRefundView(ctx.db, idOrCode);
  if (!refund) throw new AppError('REFUND_NOT_FOUND', 'Refund not found');
  return { refund, history: await historyOf(ctx.db, [refund.id]) };
}

async function withHistory(ctx: AppContext, refunds: RefundView[]): Promise<RefundWithHistory[]> {
  const history = await historyOf(
    ctx.db,
    refunds.map((refund) => refund.id),
  );
  return refunds.map((refund) => ({
    refund,
    history: history.filter((entry) => entry.refund_id === refund.id),
  }));
}

export async function listMyRefunds(ctx: AppContext, caller: UserRow): Promise<RefundWithHistory[]> {
  return withHistory(ctx, await findRefundViewsOfUser(ctx.db, caller.id));
}

/** The owner or staff may read a refund; to anyone else it does not exist. */
export async function getRefundStatus(
  ctx: AppContext,
  caller: UserRow,
  idOrCode: string,
): Promise<RefundWithHistory> {
  const refund = await findRefundView(ctx.db, idOrCode);
  if (!refund || (refund.user_id !== caller.id && !can(caller, 'refunds:view'))) {
    throw new AppError('REFUND_NOT_FOUND', 'Refund not found');
  }
  return { refund, history: await historyOf(ctx.db, [refund.id]) };
}

export interface RefundPage {
  refunds: RefundWithHistory[];
  pagination: { current: number; total: number; count: number; totalRefunds: number };
}

export async function listRefundPage(
  ctx: AppContext,
  filter: RefundFilter,
  page: number,
  limit: number,
): Promise<RefundPage> {
  const totalRefunds = await countRefunds(ctx.db, filter);
  const refunds = await listRefunds(ctx.db, filter, { limit, offset: (page - 1) * limit });
  return {
    refunds: await withHistory(ctx, refunds),
    pagination: {
      current: page,
      total: Math.ceil(totalRefunds / limit),
      count: refunds.length,
      totalRefunds,
    },
  };
}

export interface RefundStats {
  total: number;
  pending: number;
  processing: number;
  processed: number;
  failed: number;
  cancelled: number;
  /** Rupees actually refunded (processed refunds only). */
  totalRefundAmount: number;
}

export async function refundStats(ctx: AppContext): Promise<RefundStats> {
  const { byStatus, processedPaise } = await countRefundsByStatus(ctx.db);
  const pending = byStatus.pending ?? 0;
  const processing = byStatus.processing ?? 0;
  const processed = byStatus.processed ?? 0;
  const failed = byStatus.failed ?? 0;
  const cancelled = byStatus.cancelled ?? 0;
  return {
    total: pending + processing + processed + failed + cancelled,
    pending,
    processing,
    processed,
    failed,
    cancelled,
    totalRefundAmount: paiseToRupees(processedPaise),
  };
}

/**
 * An admin retries a failed refund: failed → pending with a new attempt (and so a new idempotency key, as
 * Razorpay would return the failed refund for the old one), then sent. Razorpay gave a failed refund's
 * money back to the payment; our own sum checks that this payment is still not refunded beyond its amount.
 */
export async function retryRefund(
  ctx: AppContext,
  caller: UserRow,
  idOrCode: string,
): Promise<RefundWithHistory> {
  const found = await findRefundView(ctx.db, idOrCode);
  if (!found) throw new AppError('REFUND_NOT_FOUND', 'Refund not found');
  if (found.status !== 'failed') {
    throw new AppError('BAD_REQUEST', 'Only failed refunds can be retried');
  }
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    const order = await lockOrder(trx, found.order_id);
    const refund = await findRefundById(trx, found.id);
    if (!order || refund?.status !== 'failed') {
      throw new AppError('BAD_REQUEST', 'Only failed refunds can be retried');
    }
    const promised = await sumRefundsOfPayment(trx, refund.payment_id, {
      excludeRefundId: refund.id,
      excludeFailed: true,
    });
    if (promised + refund.refund_amount_paise > order.amount_paise) {
      throw new AppError('CONFLICT', 'This payment has already been refunded in full');
    }
    if (!(await reopenFailedRefund(trx, refund, now))) {
      throw new AppError('BAD_REQUEST', 'Only failed refunds can be retried');
    }
    await appendHistory(trx, refund.id, 'pending', HISTORY_NOTES.retried, now);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'refund.retried',
        entity: 'refund',
        entityId: refund.id,
        data: { attempt: refund.attempts + 1, previousError: refund.last_error },
      },
      now,
    );
  });
  await sendRefund(ctx, found.id);
  return loadRefund(ctx, found.id);
}
