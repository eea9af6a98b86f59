import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import type { OrderRow } from '../../platform/db/schema';
import { type RepeatingJob, startRepeatingJob } from '../../platform/jobs/repeating-job';
import { RazorpayError, type RazorpayPayment } from '../../platform/payments/razorpay-client';
import { findOrderById } from '../../stores/orders';
import { paysOrder } from '../payments/captured-payment';
import { followPaymentRefunds } from '../payments/payment-refunds';
import { fulfilOrder } from './fulfilment';
import { expireHold, findExpiredHolds, findExpiredOrdersToRecheck, touchExpiredOrder } from './repo';

// Background reconciliation, run by every instance at once: all writes are conditional updates or go
// through fulfilOrder (exactly-once by its unique constraint and locks), so overlapping runs are harmless.

const BATCH = 100;
/** Expired orders looked at again per pass, and for how long after their hold ran out. */
const RECHECK_BATCH = 20;
const RECHECK_WINDOW_MS = 24 * 60 * 60_000;

export interface ReconcileReport {
  expired: number;
  fulfilled: number;
  refunded: number;
  skipped: number;
  refundsRetried: number;
  /** Sent whole-payment refunds asked about at Razorpay (a refund webhook may have been lost). */
  refundsChecked: number;
  /** Expired orders asked about again (a payment made after the hold ran out, whose webhook was lost). */
  rechecked: number;
}

/**
 * One pass. Holds past their expiry are already back on sale (the inventory count ignores them); before
 * marking one expired we ask Razorpay whether it was paid after all (a lost webhook, a closed tab), so a
 * paid order gets its tickets, or its refund when the seats are gone. Then owed refunds are retried.
 */
export async function reconcileOrders(ctx: AppContext): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    expired: 0,
    fulfilled: 0,
    refunded: 0,
    skipped: 0,
    refundsRetried: 0,
    refundsChecked: 0,
    rechecked: 0,
  };
  for (const order of await findExpiredHolds(ctx.db, ctx.now(), BATCH)) {
    try {
      const outcome = await reconcileExpiredHold(ctx, order);
      report[outcome]++;
    } catch (error) {
      report.skipped++;
      ctx.log.error({ err: error, orderId: order.id }, 'reconciling an expired hold failed; will retry');
    }
  }
  const refunds = await followPaymentRefunds(ctx);
  report.refundsRetried += refunds.sent;
  report.refundsChecked += refunds.checked;
  // Razorpay keeps an order payable after our hold ran out. A guest who pays then, closes the tab and whose
  // webhooks are all lost would stay charged with no tickets and no refund, so expired orders are asked about
  // again, a few per pass, least recently first, for a day after their hold ran out.
  const since = new Date(ctx.now().getTime() - RECHECK_WINDOW_MS);
  for (const order of await findExpiredOrdersToRecheck(ctx.db, since, RECHECK_BATCH)) {
    try {
      report.rechecked++;
      const settled = await recheckExpiredOrder(ctx, order);
      if (settled) report[settled]++;
    } catch (error) {
      report.skipped++;
      ctx.log.error({ err: error, orderId: order.id }, 'rechecking an expired order failed; will retry');
    }
  }
  return report;
}

async function recheckExpiredOrder(
  ctx: AppContext,
  order: OrderRow,
): Promise<'fulfilled' | 'refunded' | undefined> {
  let settled: 'fulfilled' | 'refunded' | undefined;
  try {
    settled = await settleWithRazorpay(ctx, order);
  } catch (error) {
    if (!unknownAtRazorpay(error)) throw error;
  }
  if (!settled) await touchExpiredOrder(ctx.db, order.id, ctx.now());
  return settled;
}

async function reconcileExpiredHold(
  ctx: AppContext,
  order: OrderRow,
): Promise<'expired' | 'fulfilled' | 'refunded' | 'skipped'> {
  // Never given a Razorpay id: nobody could have paid it.
  if (!order.razorpay_order_id) return expire(ctx, order, 'no-razorpay-order');

  let settled: 'fulfilled' | 'refunded' | undefined;
  try {
    settled = await settleWithRazorpay(ctx, order);
  } catch (error) {
    // Razorpay does not know the order (the local emulator restarted and lost it): it cannot be paid.
    if (unknownAtRazorpay(error)) return expire(ctx, order, 'unknown-at-razorpay');
    throw error;
  }
  if (settled) return settled;

  if ((await expire(ctx, order, 'unpaid')) === 'expired') return 'expired';
  // Paid a moment ago through verify or the webhook: nothing left to do.
  const current = await findOrderById(ctx.db, order.id);
  return current?.status === 'paid' ? 'fulfilled' : 'skipped';
}

function unknownAtRazorpay(error: unknown): boolean {
  return error instanceof RazorpayError && error.status === 400 && /does not exist/i.test(error.description);
}

/** Issues tickets (or refunds) for a payment Razorpay captured, or authorized, for this order; else undefined. */
async function settleWithRazorpay(
  ctx: AppContext,
  order: OrderRow,
): Promise<'fulfilled' | 'refunded' | undefined> {
  const payments: RazorpayPayment[] = (await ctx.razorpay().fetchOrderPayments(order.razorpay_order_id!))
    .items;
  const usable = payments.filter((payment) => paysOrder(payment, order));
  let settled: 'fulfilled' | 'refunded' | undefined;
  for (const payment of usable.filter((candidate) => candidate.status === 'captured')) {
    const result = await fulfilOrder(ctx, order, { id: payment.id, amount: payment.amount }, 'reconcile');
    settled ??= result.outcome === 'refunded' ? 'refunded' : 'fulfilled';
  }
  if (settled) return settled;

  const authorized = usable.find((payment) => payment.status === 'authorized');
  if (authorized) {
    const captured = await ctx
      .razorpay()
      .capturePayment(authorized.id, order.amount_paise, authorized.currency);
    const result = await fulfilOrder(ctx, order, { id: captured.id, amount: captured.amount }, 'reconcile');
    return result.outcome === 'refunded' ? 'refunded' : 'fulfilled';
  }
  return undefined;
}

async function expire(ctx: AppContext, order: OrderRow, reason: string): Promise<'expired' | 'skipped'> {
  const now = ctx.now();
  if (!(await expireHold(ctx.db, order.id, now))) return 'skipped';
  await recordAudit(
    ctx.db,
    { actorUserId: null, action: 'order.expired', entity: 'order', entityId: order.id, data: { reason } },
    now,
  );
  return 'expired';
}

/** Runs reconcileOrders every intervalMs, never overlapping itself; stop() waits for a run in progress. */
export function startPurchaseJobs(ctx: AppContext, intervalMs: number): RepeatingJob {
  return startRepeatingJob({
    name: 'order reconciliation',
    intervalMs,
    log: ctx.log,
    run: () => reconcileOrders(ctx),
    onResult: (report) => {
      if (report.expired + report.fulfilled + report.refunded + report.refundsRetried > 0) {
        ctx.log.info({ report }, 'orders reconciled');
      }
    },
  });
}
