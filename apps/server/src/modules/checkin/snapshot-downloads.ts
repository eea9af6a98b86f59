import type { Db } from '../../platform/db/database';

// The offline ticket lists each volunteer downloaded, by the server's clock (migration 0025). An offline
// admission synced later names the list it was decided with (`snapshotAt`, the list's generatedAt); only a
// list recorded here for that volunteer bounds how early the admission is recorded. SQL only.

/** Recorded when the list is made, before it is sent. The same instant twice (two phones) is one row. */
export async function recordSnapshotDownload(
  db: Db,
  download: { checkerUserId: string; eventId: string; generatedAt: string },
): Promise<void> {
  await db
    .insertInto('checkin_snapshot_downloads')
    .values({
      checker_user_id: download.checkerUserId,
      event_id: download.eventId,
      generated_at: download.generatedAt,
    })
    .onConflict((conflict) => conflict.columns(['checker_user_id', 'generated_at']).doNothing())
    .execute();
}

/**
 * Of the times `claimed`, those that are lists this volunteer really downloaded for the event, as the
 * server wrote them (ISO-8601). Claims that are not ISO instants are left out without asking the database.
 */
export async function recordedSnapshotTimes(
  db: Db,
  checkerUserId: string,
  eventId: string,
  claimed: ReadonlySet<string>,
): Promise<Set<string>> {
  const instants = [...claimed].filter((at) => !Number.isNaN(Date.parse(at)));
  if (instants.length === 0) return new Set();
  const byTime = new Map(instants.map((at) => [new Date(at).toISOString(), at]));
  const rows = await db
    .selectFrom('checkin_snapshot_downloads')
    .select('generated_at')
    .where('checker_user_id', '=', checkerUserId)
    .where('event_id', '=', eventId)
    .where('generated_at', 'in', [...byTime.keys()])
    .execute();
  const recorded = new Set<string>();
  for (const row of rows) {
    const claim = byTime.get(new Date(row.generated_at).toISOString());
    if (claim !== undefined) recorded.add(claim);
  }
  return recorded;
}
