import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type { QueueEntriesTable, QueueStateTable } from '../../platform/db/schema';

export type QueueStateRow = QueueStateTable;
export type QueueEntryRow = QueueEntriesTable;

export function findQueueState(db: Db, eventId: string): Promise<QueueStateRow | undefined> {
  return db.selectFrom('queue_state').selectAll().where('event_id', '=', eventId).executeTakeFirst();
}

/**
 * The line starts empty with a full bucket (`tokens`); concurrent first callers on several instances end up
 * with the one row.
 */
export async function insertQueueStateIfAbsent(
  db: Db,
  eventId: string,
  now: Date,
  tokens: number,
): Promise<void> {
  await db
    .insertInto('queue_state')
    .values({
      event_id: eventId,
      version: 0,
      last_rank: 0,
      admitted_through: 0,
      pending_draw: 0,
      tokens,
      refilled_at: now.toISOString(),
      last_join_at: null,
      busy_until: null,
    })
    .onConflict((conflict) => conflict.column('event_id').doNothing())
    .execute();
}

/** PostgreSQL: row lock until commit, shared by all instances. SQLite: transactions already run one at a time. */
export function lockQueueState(trx: Db, eventId: string): Promise<QueueStateRow | undefined> {
  const query = trx.selectFrom('queue_state').selectAll().where('event_id', '=', eventId);
  return (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
}

export type QueueStatePatch = Partial<Omit<QueueStateRow, 'event_id' | 'version'>>;

/**
 * Compare-and-set on `version`: applies only if nobody changed the row since `expectedVersion` was read.
 * Lets any instance advance admission without a lock; a loser re-reads instead of double-admitting.
 */
export async function updateQueueState(
  db: Db,
  eventId: string,
  expectedVersion: number,
  patch: QueueStatePatch,
): Promise<boolean> {
  const result = await db
    .updateTable('queue_state')
    .set({ ...patch, version: expectedVersion + 1 })
    .where('event_id', '=', eventId)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export function findEntry(db: Db, eventId: string, userId: string): Promise<QueueEntryRow | undefined> {
  return db
    .selectFrom('queue_entries')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A new place, or a fresh one at the back for someone whose pass ran out. */
export async function upsertEntry(db: Db, entry: QueueEntryRow): Promise<void> {
  await db
    .insertInto('queue_entries')
    .values(entry)
    .onConflict((conflict) =>
      conflict.columns(['event_id', 'user_id']).doUpdateSet({
        rank: entry.rank,
        joined_at: entry.joined_at,
        admitted_at: null,
        pass_expires_at: null,
      }),
    )
    .execute();
}

/** Written once, when the person is first seen admitted; later calls keep the first expiry. */
export async function markAdmitted(
  db: Db,
  eventId: string,
  userId: string,
  admittedAt: string,
  passExpiresAt: string,
): Promise<void> {
  await db
    .updateTable('queue_entries')
    .set({ admitted_at: admittedAt, pass_expires_at: passExpiresAt })
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .where('admitted_at', 'is', null)
    .execute();
}

export async function undrawnUserIds(trx: Db, eventId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('queue_entries')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('rank', 'is', null)
    .orderBy('joined_at')
    .orderBy('user_id')
    .execute();
  return rows.map((row) => row.user_id);
}

const RANK_CHUNK = 400;

/** Gives userIds[i] the rank firstRank + i; chunked to stay under both engines' parameter limits. */
export async function assignRanks(
  trx: Db,
  eventId: string,
  userIds: string[],
  firstRank: number,
): Promise<void> {
  for (let start = 0; start < userIds.length; start += RANK_CHUNK) {
    const chunk = userIds.slice(start, start + RANK_CHUNK);
    const cases = sql.join(
      chunk.map((userId, i) => sql`when ${userId} then cast(${firstRank + start + i} as integer)`),
      sql` `,
    );
    await trx
      .updateTable('queue_entries')
      .set({ rank: sql<number>`case user_id ${cases} end` })
      .where('event_id', '=', eventId)
      .where('user_id', 'in', chunk)
      .execute();
  }
}

/** Holds placed since `since`: the checkout demand `auto` compares with the admission rate. */
export async function countHoldsSince(db: Db, eventId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('holds'))
    .where('event_id', '=', eventId)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.holds);
}
