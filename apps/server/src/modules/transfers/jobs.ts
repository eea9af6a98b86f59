import type { AppContext } from '../../platform/context';
import { type RepeatingJob, startRepeatingJob } from '../../platform/jobs/repeating-job';
import { followTransferFeeRefunds } from './fee-refunds';

/** Sends again the fee refunds of failed transfers that never reached Razorpay or failed at the bank. */
export function startTransferJobs(ctx: AppContext, intervalMs: number): RepeatingJob {
  return startRepeatingJob({
    name: 'transfer fee refund follow-up',
    intervalMs,
    log: ctx.log,
    run: () => followTransferFeeRefunds(ctx),
    onResult: (report) => {
      if (report.sent + report.errors > 0) ctx.log.info({ report }, 'transfer fee refunds followed');
    },
  });
}
