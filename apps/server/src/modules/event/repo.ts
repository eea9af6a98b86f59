import type { Db } from '../../platform/db/database';
import type { EventImagesTable, EventRow } from '../../platform/db/schema';

// SQL for the organiser's edits of the event and its pictures. Reading the event, its lock and its inventory,
// which every module selling or admitting to it needs: src/stores/events.ts.

export type EventPatch = Partial<Omit<EventRow, 'id' | 'created_at'>>;

export function updateEvent(db: Db, id: string, patch: EventPatch): Promise<EventRow | undefined> {
  return db.updateTable('events').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
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
