import type { Db } from '../platform/db/database';

// Whether anyone waits in the waitlist's line: the event page shows it (modules/event/service.ts), joining the
// line decides on it (modules/waitlist/service.ts). A hold reads the same condition inside its one statement
// (modules/purchase/hold-figures.ts, the `waiting` column): a change here changes it there too.

/** Checkout refuses newcomers while anyone waits: one index probe (waitlist_entries_line_idx). */
export async function anyoneWaiting(db: Db, eventId: string): Promise<boolean> {
  const row = await db
    .selectFrom('waitlist_entries')
    .select('id')
    .where('event_id', '=', eventId)
    .where('status', '=', 'waiting')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
