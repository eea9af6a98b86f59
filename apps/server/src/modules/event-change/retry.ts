import { EVENT_CHANGE_MESSAGES } from '@utsav/domain/event-change';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { findCurrentEvent } from '../../stores/events';
import { reopenCallOffRefund } from '../refunds/call-off';
import { failedCallOffRefunds } from './repo';

// POST /admin/event/change/retry: the call-off's refunds that failed for good (Razorpay refused them more times
// than the job retries: a provider balance run out, a closed card) are put back in the job's hands, each once.
// Only failed ones: a pending or processed refund is never touched, so nothing is sent twice; the job sends the
// reopened ones at its next run, with the idempotency key of their new attempt.

export async function retryFailedCallOffRefunds(
  ctx: AppContext,
  caller: UserRow,
): Promise<{ retried: number }> {
  const event = await findCurrentEvent(ctx.db);
  if (event?.status !== 'called-off') throw new AppError('CONFLICT', EVENT_CHANGE_MESSAGES.notCalledOff);
  let retried = 0;
  for (const refundId of await failedCallOffRefunds(ctx.db, event.id)) {
    if (await reopenCallOffRefund(ctx, refundId, caller.id)) retried++;
  }
  return { retried };
}
