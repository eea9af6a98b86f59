import type { Db } from '../../platform/db/database';
import type { EventRow } from '../../platform/db/schema';

// SQL for the organiser's edits of the event (its pictures: src/stores/images.ts). Reading the event, its lock and its inventory,
// which every module selling or admitting to it needs: src/stores/events.ts.

export type EventPatch = Partial<Omit<EventRow, 'id' | 'created_at'>>;

export function updateEvent(db: Db, id: string, patch: EventPatch): Promise<EventRow | undefined> {
  return db.updateTable('events').set(patch).where('id', '=', id).returningAll().executeTakeFirst();
}
