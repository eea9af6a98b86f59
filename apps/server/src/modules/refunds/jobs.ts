import type { AppContext } from '../../platform/context';
import { type RepeatingJob, startRepeatingJob } from '../../platform/jobs/repeating-job';
import { RazorpayError } from '../../platform/payments/razorpay-client';
import { applyRazorpayRefund, sendRefund } from './gateway';
import { findStaleProcessingRefunds, findUnsentRefunds } from './repo';

// The fallback for lost webhooks and failed sends, run by every instance at once: sends use the attempt's
// idempotency key (Razorpay returns the same refund to every sender) and status moves are conditional
// updates, so overlapping runs are harmless.

export const REFUND_POLL_INTERVAL_MS = 60_000;
const BATCH = 100;

export interface RefundPollOptions {
  /** A pending refund younger than this is still being sent by the request that created it. */
  unsentAfterMs?: number;
  /** A processing refund not heard of for this long is looked up at Razorpay. */
  processingAfterMs?: number;
}

export interface RefundPollReport {
  sent: number;
  stillPending: number;
  checked: number;
  errors: number;
}

export async function pollRefunds(
  ctx: AppContext,
  options: RefundPollOptions = {},
): Promise<RefundPollReport> {
  const now = ctx.now().getTime();
  const report: RefundPollReport = { sent: 0, stillPending: 0, checked: 0, errors: 0 };

  const unsent = await findUnsentRefunds(ctx.db, new Date(now - (options.unsentAfterMs ?? 30_000)), BATCH);
  for (const refund of unsent) {
    const outcome = await sendRefund(ctx, refund.id).catch((error: unknown) => {
      ctx.log.error({ err: error, refundId: refund.id }, 'resending a refund failed');
      return 'error' as const;
    });
    if (outcome === 'sent' || outcome === 'failed') report.sent++;
    else if (outcome === 'pending') report.stillPending++;
    else if (outcome === 'error') report.errors++;
  }

  const stale = await findStaleProcessingRefunds(
    ctx.db,
    new Date(now - (options.processingAfterMs ?? 120_000)),
    BATCH,
  );
  for (const refund of stale) {
    try {
      const gatewayRefund = await ctx.razorpay().fetchRefund(refund.razorpay_refund_id!);
      await applyRazorpayRefund(ctx, gatewayRefund, 'poll');
      report.checked++;
    } catch (error) {
      report.errors++;
      const level = error instanceof RazorpayError && error.retryable ? 'warn' : 'error';
      ctx.log[level]({ err: error, refundId: refund.id }, 'checking a refund at Razorpay failed; will retry');
    }
  }
  return report;
}

/** Runs pollRefunds every intervalMs, never overlapping itself; stop() waits for a run in progress. */
export function startRefundJobs(ctx: AppContext, intervalMs = REFUND_POLL_INTERVAL_MS): RepeatingJob {
  return startRepeatingJob({
    name: 'refund polling',
    intervalMs,
    log: ctx.log,
    run: () => pollRefunds(ctx),
    onResult: (report) => {
      if (report.sent + report.checked + report.errors > 0) ctx.log.info({ report }, 'refunds polled');
    },
  });
}
