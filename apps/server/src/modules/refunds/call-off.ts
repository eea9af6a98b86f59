import { randomUUID } from 'node:crypto';
import { feeOfTicket, ruleFromText } from '@utsav/domain/convenience-fee';
import { CALL_OFF_REASON, CALL_OFF_REFUND_ATTEMPTS } from '@utsav/domain/event-change';
import { sql } from 'kysely';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { RefundRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { lockOrder } from '../../stores/orders';
import { cancelTicketRow } from './cancellation-repo';
import { HISTORY_NOTES, sendRefund } from './gateway';
import { newRefundCode } from './queued-refund';
import { appendHistory, findRefundById, idempotencyKeyFor, insertRefund, sumRefundsOfPayment } from './repo';
import { reopenForRetry } from './retry';

// A called-off night's refunds go the one way every refund goes: a row in `refunds` per ticket (pending, then sent
// with its attempt's idempotency key, moved by Razorpay's news, resent by the refund job, retried when it failed),
// only in full — no ₹20 deduction — and created by the call-off's job for one order at a time.

/**
 * In the caller's transaction: cancels each active paid ticket of the order (and each ticket received by transfer
 * from one of them) and creates its full refund. The
 * order's row lock serialises this with a guest cancelling one of its tickets; each ticket's cancel is one
 * conditional update, so a ticket cancelled (and refunded) a moment ago is skipped, never refunded twice; the
 * "never more than was paid" sum is checked under the same lock. Returns the refunds created.
 */
export async function refundOrderInFull(trx: Db, orderId: string, now: Date): Promise<string[]> {
  const order = await lockOrder(trx, orderId);
  if (!order?.razorpay_payment_id || order.status !== 'paid' || order.amount_paise === 0) return [];
  // The order's own tickets, then those received by transfer from them (a transfer revokes the sender's ticket and
  // issues the recipient one on no order; its seat was paid by this order, so its refund goes to this payment).
  // Each step is an index lookup (migration 0049), and the tickets are then found by id: a join with `line` had
  // SQLite scan every ticket of every night once per order.
  const { rows: tickets } = await sql<{ id: string; price_paise: number }>`
    with recursive line(id) as (
      select id from tickets where order_id = ${orderId}
      union all
      select tickets.id from tickets join line on tickets.transferred_from_ticket_id = line.id
    )
    select tickets.id, tickets.price_paise from tickets
    where tickets.id in (select id from line) and tickets.status = 'active' and tickets.price_paise > 0
    order by tickets.order_id is null, tickets.seq, tickets.id`.execute(trx);
  const stamp = now.toISOString();
  let promised = await sumRefundsOfPayment(trx, order.razorpay_payment_id);
  // The convenience fee paid on top goes back too (decision 1405): each ticket's own share, priced by the rule the
  // order was sold under, so the shares of the whole order add up to its fee.
  const feeRule = ruleFromText(order.convenience_fee_rule);
  const created: string[] = [];
  for (const ticket of tickets) {
    const feePaise = feeOfTicket(ticket.price_paise, feeRule);
    const amountPaise = ticket.price_paise + feePaise;
    if (promised + amountPaise > order.amount_paise) break;
    if (!(await cancelTicketRow(trx, ticket.id, CALL_OFF_REASON, now))) continue;
    const id = randomUUID();
    const refund: RefundRow = {
      id,
      refund_code: newRefundCode(),
      ticket_id: ticket.id,
      order_id: order.id,
      user_id: order.user_id,
      payment_id: order.razorpay_payment_id,
      razorpay_refund_id: null,
      original_amount_paise: amountPaise,
      processing_fee_paise: 0,
      refund_amount_paise: amountPaise,
      convenience_fee_paise: feePaise,
      status: 'pending',
      reason: CALL_OFF_REASON,
      idempotency_key: idempotencyKeyFor(id, 1),
      attempts: 1,
      created_at: stamp,
      updated_at: stamp,
      processed_at: null,
      last_error: null,
    };
    await insertRefund(trx, refund);
    await appendHistory(trx, id, 'pending', HISTORY_NOTES.created, now);
    // Its credit note, reversing the whole ticket and its fee (modules/tax-documents/credits.ts), after the commit.
    await enqueueOutbox(trx, 'tax-document', { refundId: id }, now);
    promised += amountPaise;
    created.push(id);
  }
  if (created.length > 0) {
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: 'order.called-off-refunds',
        entity: 'order',
        entityId: order.id,
        data: { refundIds: created, reason: CALL_OFF_REASON },
      },
      now,
    );
  }
  return created;
}

export interface OrderSendReport {
  sent: number;
  retried: number;
  waiting: number;
}

/**
 * Sends what the order's call-off refunds need now: a pending one (again, with the same key: Razorpay returns
 * the refund it made, never a second), a failed one retried under a new attempt while attempts remain.
 */
export async function sendCallOffRefunds(ctx: AppContext, orderId: string): Promise<OrderSendReport> {
  const refunds = await ctx.db
    .selectFrom('refunds')
    .select(['id', 'status', 'attempts'])
    .where('order_id', '=', orderId)
    .where('reason', '=', CALL_OFF_REASON)
    .where('status', 'in', ['pending', 'failed'])
    .execute();
  const report: OrderSendReport = { sent: 0, retried: 0, waiting: 0 };
  for (const refund of refunds) {
    if (refund.status === 'failed') {
      if (refund.attempts >= CALL_OFF_REFUND_ATTEMPTS) continue;
      const current = await findRefundById(ctx.db, refund.id);
      if (!current || !(await transaction(ctx.db, (trx) => reopenForRetry(trx, current, null, ctx.now())))) {
        continue;
      }
      report.retried++;
    }
    const outcome = await sendRefund(ctx, refund.id);
    if (outcome === 'pending') report.waiting++;
    else if (outcome !== 'skipped') report.sent++;
  }
  return report;
}

/**
 * An admin's retry of one call-off refund that failed: reopened under a new attempt by the one retry path
 * (retry.ts reopenForRetry: a conditional reopen of a refund still failed, checked under the order's lock against
 * what the payment holds), so two admins retrying at once reopen it once, and an order is never refunded beyond
 * what it paid. False when it is no longer failed, or its payment has no room left for it. The call-off job sends
 * it (a pending refund is sent with its attempt's idempotency key).
 */
export async function reopenCallOffRefund(
  ctx: AppContext,
  refundId: string,
  actorUserId: string,
): Promise<boolean> {
  const refund = await findRefundById(ctx.db, refundId);
  if (refund?.status !== 'failed' || refund.reason !== CALL_OFF_REASON) return false;
  try {
    return await transaction(ctx.db, (trx) => reopenForRetry(trx, refund, actorUserId, ctx.now()));
  } catch (error) {
    if (error instanceof AppError && error.code === 'CONFLICT') return false;
    throw error;
  }
}
