import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

// SQL of the reminder sweep. No rule lives here: which people, which key and when are the service's.

/**
 * Up to `limit` owners of active tickets of the event who have no reminder row yet. The key is built in
 * SQL the same way reminderKey builds it (`<prefix><user id>`), so people already queued are skipped
 * without reading them all on every pass.
 */
export async function findPeopleWithoutReminder(
  db: Db,
  eventId: string,
  keyPrefix: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('tickets')
    .select('tickets.user_id')
    .distinct()
    .where('tickets.event_id', '=', eventId)
    .where('tickets.status', '=', 'active')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('outbox')
            .select('outbox.id')
            .where('outbox.id', '=', sql<string>`${keyPrefix} || tickets.user_id`),
        ),
      ),
    )
    .orderBy('tickets.user_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.user_id);
}
