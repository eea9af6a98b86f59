import type { AppContext } from '../../platform/context';
import { type RepeatingJob, startRepeatingJob } from '../../platform/jobs/repeating-job';
import type { OfferTrigger } from './offer-trigger';
import { sweepWaitlist } from './offers';

/**
 * The safety net behind offer-trigger.ts: offers seats that came back, passes on offers that ran out, and closes
 * the line at the event's start; then tells the trigger when the next hold it now knows of ends.
 */
export function startWaitlistJobs(ctx: AppContext, intervalMs: number, trigger: OfferTrigger): RepeatingJob {
  return startRepeatingJob({
    name: 'waitlist sweep',
    intervalMs,
    log: ctx.log,
    run: async () => {
      const report = await sweepWaitlist(ctx);
      if (report.eventId) await trigger.refresh(report.eventId);
      return report;
    },
    onResult: (report) => {
      if (report.offered + report.expired + report.bought + report.closed > 0) {
        ctx.log.info({ report }, 'waitlist swept');
      }
    },
  });
}
