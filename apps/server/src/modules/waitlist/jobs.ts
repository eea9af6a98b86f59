import type { AppContext } from '../../platform/context';
import { type RepeatingJob, startRepeatingJob } from '../../platform/jobs/repeating-job';
import { sweepWaitlist } from './offers';

/** Offers seats that came back, passes on offers that ran out, and closes the line at the event's start. */
export function startWaitlistJobs(ctx: AppContext, intervalMs: number): RepeatingJob {
  return startRepeatingJob({
    name: 'waitlist sweep',
    intervalMs,
    log: ctx.log,
    run: () => sweepWaitlist(ctx),
    onResult: (report) => {
      if (report.offered + report.expired + report.bought + report.closed > 0) {
        ctx.log.info({ report }, 'waitlist swept');
      }
    },
  });
}
