import type { Db } from '../../platform/db/database';
import type { EventImagesTable, EventRow } from '../../platform/db/schema';

export type EventPatch = Partial<Omit<EventRow, 'id' | 'created_at'>>;

/** The product sells one event; the oldest row is it. */
export function findCurrentEvent(db: Db): Promise<EventRow | undefined> {
  return db.selectFrom('events').selectAll().orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
}

export async function insertEvent(db: Db, event: EventRow): Promise<void> {
  await db.insertInto('events').values(event).execute();
}

export function updateEvent(db: Db, id: string, patch: EventPatch): Promise<EventRow | undefined> {
  return db.updateTable('events').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}

/**
 * Seats no longer for sale: derived from rows at read time, never a stored counter that can drift.
 * Issue 3 extends it to active + used tickets + live holds; until tickets exist nothing is taken.
 */
export async function countTaken(_db: Db, _eventId: string): Promise<number> {
  return 0;
}

export function findImage(db: Db, id: string): Promise<EventImagesTable | undefined> {
  return db.selectFrom('event_images').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function imageExists(db: Db, id: string): Promise<boolean> {
  return (
    (await db.selectFrom('event_images').select('id').where('id', '=', id).executeTakeFirst()) !== undefined
  );
}

/** Keyed by content hash: uploading the same picture again stores nothing new. */
export async function insertImageIfAbsent(db: Db, image: EventImagesTable): Promise<void> {
  await db
    .insertInto('event_images')
    .values(image)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
}

/** Replaced pictures are dropped; their URLs were content-addressed, so no cached copy goes stale. */
export async function deleteUnusedImages(db: Db): Promise<void> {
  await db
    .deleteFrom('event_images')
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('events')
        .select('image_id')
        .where('image_id', 'is not', null)
        .$narrowType<{ image_id: string }>(),
    )
    .execute();
}
