import { reminderKey, remindersDue } from '@utsav/domain/reminders';
import type { AppContext } from '../../platform/context';
import { type RepeatingJob, startRepeatingJob } from '../../platform/jobs/repeating-job';
import { enqueueOutboxOnce } from '../../platform/outbox/repo';
import { findCurrentEvent } from '../../stores/events';
import { findPeopleWithoutReminder } from './repo';

// The day-before reminder (docs/product.md#emails): from REMINDER_HOUR_IST the day before the event until it
// starts, each pass queues one 'event-reminder' outbox row per ticket holder not yet queued. The row's id
// is reminderKey(event, date, person), so every instance may sweep at once and a restart may sweep again:
// the primary key lets exactly one row in. The mail itself is composed when the worker sends it, from the
// person's tickets at that moment.

/** Per pass: 20,000 holders are queued over ~100 minutes, so purchase mail never waits behind all of them. */
export const REMINDERS_PER_PASS = 200;

export async function sweepReminders(ctx: AppContext, limit = REMINDERS_PER_PASS): Promise<number> {
  const event = await findCurrentEvent(ctx.db);
  const now = ctx.now();
  if (!event) return 0;
  if (!remindersDue({ date: event.date, startTime: event.start_time }, ctx.config.reminders.hourIst, now)) {
    return 0;
  }
  const prefix = reminderKey(event.id, event.date, '');
  const people = await findPeopleWithoutReminder(ctx.db, event.id, prefix, limit);
  let queued = 0;
  for (const userId of people) {
    const key = reminderKey(event.id, event.date, userId);
    if (
      await enqueueOutboxOnce(
        ctx.db,
        key,
        'event-reminder',
        { eventId: event.id, eventDate: event.date, userId },
        now,
      )
    ) {
      queued++;
    }
  }
  return queued;
}

/** Sweeps every intervalMs, never overlapping itself; stop() waits for a pass in progress. */
export function startReminderJobs(ctx: AppContext, intervalMs: number): RepeatingJob {
  return startRepeatingJob({
    name: 'reminder sweep',
    intervalMs,
    log: ctx.log,
    run: () => sweepReminders(ctx),
    onResult: (queued) => {
      if (queued > 0) ctx.log.info({ queued }, 'event reminders queued');
    },
  });
}
