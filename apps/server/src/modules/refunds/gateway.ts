import { callOffFailureRetried } from '@utsav/domain/call-off-refund-mail';
import { CALL_OFF_REASON } from '@utsav/domain/event-change';
import { paiseToRupees } from '@utsav/domain/pricing';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type { RefundRow, RefundStatus } from '../../platform/db/schema';
import { enqueueOutbox } from '../../platform/outbox/repo';
import { RazorpayError, type RazorpayRefund } from '../../platform/payments/razorpay-client';
import { lockOrder } from '../../stores/orders';
import { refundFailureReason } from '../payments/provider-refunds';
import { settleCallOffOrder } from './call-off-mail';
import {
  appendHistory,
  findRefundById,
  findRefundByRazorpayId,
  noteSendFailure,
  type Transition,
  transitionRefund,
} from './repo';

// Between our refunds and Razorpay's: sending a refund (after the commit that created it) and applying what
// Razorpay says about it, whether a webhook or the polling job brought the news. Every move is a conditional
// update from the states it may come from, so replays, late and out-of-order deliveries change nothing.
//
//   pending ──sent──▶ processing ──▶ processed
//      │                  └────────▶ failed ──admin retry──▶ pending (new attempt, new idempotency key)
//      └─(webhook before our own update)──▶ processed | failed

export const HISTORY_NOTES = {
  created: 'Refund request created',
  sent: 'Sent to payment gateway',
  processed: 'Refund completed successfully',
  retried: 'Retry requested by admin',
} as const;

export type SendOutcome = 'sent' | 'pending' | 'failed' | 'skipped';

/**
 * Asks Razorpay for the refund of the refund's current attempt. The idempotency key is fixed per attempt, so
 * a resend after a timeout (the request, the job, another instance) returns the same Razorpay refund instead
 * of refunding twice. A provider that cannot be reached leaves the refund pending for the job; one that
 * refuses it for good (4xx) marks it failed, which is what an admin watches and retries.
 */
export async function sendRefund(ctx: AppContext, refundId: string): Promise<SendOutcome> {
  const refund = await findRefundById(ctx.db, refundId);
  if (refund?.status !== 'pending' || refund.razorpay_refund_id) return 'skipped';
  let accepted: RazorpayRefund;
  try {
    accepted = await ctx.razorpay().createRefund(
      refund.payment_id,
      {
        amount: refund.refund_amount_paise,
        speed: 'normal',
        // The attempt lets a webhook that outruns our own update find the row without mixing up attempts.
        notes: { refundId: refund.id, ticketId: refund.ticket_id, attempt: refund.attempts },
      },
      refund.idempotency_key,
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof RazorpayError && !error.retryable) {
      ctx.log.error({ err: error, refundId: refund.id }, 'Razorpay refused the refund');
      const changed = await moveRefund(ctx, refund, {
        to: 'failed',
        from: ['pending'],
        attempt: refund.attempts,
        notes: `Payment gateway refused the refund: ${error.description}`,
        set: { last_error: message.slice(0, 1000) },
      });
      return changed ? 'failed' : 'skipped';
    }
    ctx.log.warn({ err: error, refundId: refund.id }, 'refund not sent yet; the refund job will retry');
    await noteSendFailure(ctx.db, refund.id, refund.attempts, message, ctx.now());
    return 'pending';
  }
  await applyRazorpayRefund(ctx, accepted, 'send');
  return 'sent';
}

export type RefundNewsSource = 'send' | 'webhook' | 'poll';

/**
 * What Razorpay says a refund is now, applied to ours. Finds our refund by Razorpay's id, or (before we
 * stored that id) by the refund id and attempt in its notes. Unknown refunds (a late-payment or
 * duplicate-payment refund of the purchase flow) are ignored: false.
 */
export async function applyRazorpayRefund(
  ctx: AppContext,
  gatewayRefund: RazorpayRefund,
  source: RefundNewsSource,
): Promise<boolean> {
  const refund = await refundFor(ctx, gatewayRefund);
  if (!refund) return false;
  const bound = { razorpayRefundId: gatewayRefund.id, attempt: attemptOf(gatewayRefund) };
  switch (gatewayRefund.status) {
    case 'pending':
      await moveRefund(ctx, refund, {
        ...bound,
        to: 'processing',
        from: ['pending'],
        notes: HISTORY_NOTES.sent,
        set: { razorpay_refund_id: gatewayRefund.id, last_error: null },
        source,
      });
      return true;
    case 'processed':
      await moveRefund(ctx, refund, {
        ...bound,
        to: 'processed',
        from: ['pending', 'processing'],
        notes: HISTORY_NOTES.processed,
        set: {
          razorpay_refund_id: gatewayRefund.id,
          processed_at: ctx.now().toISOString(),
          last_error: null,
        },
        source,
      });
      return true;
    case 'failed': {
      const reason = refundFailureReason(gatewayRefund);
      await moveRefund(ctx, refund, {
        ...bound,
        to: 'failed',
        from: ['pending', 'processing'],
        notes: `Refund failed at the payment gateway: ${reason}`,
        set: { razorpay_refund_id: gatewayRefund.id, last_error: reason },
        source,
      });
      return true;
    }
    default:
      return true;
  }
}

async function refundFor(ctx: AppContext, gatewayRefund: RazorpayRefund): Promise<RefundRow | undefined> {
  const byGatewayId = await findRefundByRazorpayId(ctx.db, gatewayRefund.id);
  if (byGatewayId) return byGatewayId;
  const notes = Array.isArray(gatewayRefund.notes) ? {} : gatewayRefund.notes;
  const refundId = typeof notes.refundId === 'string' ? notes.refundId : undefined;
  if (!refundId) return undefined;
  const refund = await findRefundById(ctx.db, refundId);
  // Our row must be about this very payment; a stray note must not move someone else's refund.
  return refund && refund.payment_id === gatewayRefund.payment_id ? refund : undefined;
}

function attemptOf(gatewayRefund: RazorpayRefund): number | undefined {
  const notes = Array.isArray(gatewayRefund.notes) ? {} : gatewayRefund.notes;
  const attempt = Number(notes.attempt);
  return Number.isSafeInteger(attempt) && attempt > 0 ? attempt : undefined;
}

const OUTBOX_KIND: Partial<Record<RefundStatus, string>> = {
  processed: 'refund-completed',
  failed: 'refund-failed',
};

/**
 * A called-off night's refund that failed is retried by its job (event-change/job.ts) while attempts remain: the
 * guest is not told of a failure that fixes itself; the last attempt's failure is mailed as any other.
 */
function retriedByCallOff(refund: RefundRow, to: RefundStatus): boolean {
  return to === 'failed' && refund.reason === CALL_OFF_REASON && callOffFailureRetried(refund.attempts);
}

/** A call-off refund reaching processed or failed may settle its order: the order's one mail is decided then. */
function settlesCallOff(refund: RefundRow, to: RefundStatus): boolean {
  return refund.reason === CALL_OFF_REASON && (to === 'processed' || to === 'failed');
}

interface Move extends Transition {
  notes: string;
  source?: RefundNewsSource;
}

/**
 * One transaction: the conditional update, and only if it moved the row, the history entry, the guest's
 * mail (outbox) and the audit entry. A replay finds the row moved already and writes nothing.
 *
 * A call-off refund that settles takes its order's lock first on PostgreSQL (the order before the refund, as every
 * path that holds both does), so the order's refunds settle one transaction at a time and the last one sees all the
 * others committed: call-off-mail.ts then queues the order's one completion mail, and a processed refund it covers
 * gets no mail of its own. SQLite runs the app's transactions one at a time (lockOrder is a plain read there, so it
 * is skipped and the update stays the transaction's first statement, the one that takes the write lock).
 */
export async function moveRefund(ctx: AppContext, refund: RefundRow, move: Move): Promise<boolean> {
  const now = ctx.now();
  return transaction(ctx.db, async (trx) => {
    const callOff = settlesCallOff(refund, move.to);
    if (callOff && isPostgres(trx)) await lockOrder(trx, refund.order_id);
    if (!(await transitionRefund(trx, refund.id, move, now))) return false;
    await appendHistory(trx, refund.id, move.to, move.notes, now);
    let kind = OUTBOX_KIND[move.to];
    if (callOff) {
      const outcome = await settleCallOffOrder(trx, refund.order_id, now);
      // The order's one mail tells of this completion (queued now, or when the order's last refund settles).
      if (outcome === 'order-mail' && move.to === 'processed') kind = undefined;
    }
    if (kind && !retriedByCallOff(refund, move.to)) {
      await enqueueOutbox(
        trx,
        kind,
        { refundId: refund.id, amount: paiseToRupees(refund.refund_amount_paise) },
        now,
      );
    }
    await recordAudit(
      trx,
      {
        actorUserId: null,
        action: `refund.${move.to}`,
        entity: 'refund',
        entityId: refund.id,
        data: {
          from: move.from,
          razorpayRefundId: move.set?.razorpay_refund_id ?? refund.razorpay_refund_id,
          attempt: refund.attempts,
          source: move.source ?? 'send',
        },
      },
      now,
    );
    return true;
  });
}
