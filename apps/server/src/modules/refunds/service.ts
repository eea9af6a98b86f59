import { paiseToRupees } from '@utsav/domain/pricing';
import { can } from '@utsav/domain/roles';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { RefundStatus, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { sendRefund } from './gateway';
import {
  countRefunds,
  countRefundsByStatus,
  findRefundById,
  findRefundView,
  findRefundViewsOfUser,
  historyOf,
  listRefunds,
  type RefundFilter,
  type RefundView,
} from './repo';
import { reopenForRetry } from './retry';

// Refunds as the guest and the staff see them, and an admin's retry of a failed one. Cancelling a ticket, which
// creates its refund, is cancellation.ts; talking to Razorpay about a refund is gateway.ts.

export interface RefundWithHistory {
  refund: RefundView;
  history: { status: RefundStatus; notes: string; created_at: string }[];
}

export async function loadRefund(ctx: AppContext, idOrCode: string): Promise<RefundWithHistory> {
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
    // Read again inside: the job or another admin may have retried it since the check above.
    const refund = await findRefundById(trx, found.id);
    if (refund?.status !== 'failed' || !(await reopenForRetry(trx, refund, caller.id, now))) {
      throw new AppError('BAD_REQUEST', 'Only failed refunds can be retried');
    }
  });
  await sendRefund(ctx, found.id);
  return loadRefund(ctx, found.id);
}
