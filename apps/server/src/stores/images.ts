import type { Db } from '../platform/db/database';
import type { EventImagesTable } from '../platform/db/schema';

// Stored pictures: the event's and the organiser's logo, in one table keyed by the hash of their bytes and
// served from GET /event/image/{id}. SQL only.

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

/**
 * Replaced pictures are dropped once neither the event nor the organiser's logo uses them; their URLs were
 * content-addressed, so no cached copy goes stale.
 */
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
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('organiser')
        .select('logo_image_id')
        .where('logo_image_id', 'is not', null)
        .$narrowType<{ logo_image_id: string }>(),
    )
    .execute();
}
