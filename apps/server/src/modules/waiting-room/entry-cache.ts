import type { AppContext } from '../../platform/context';
import { findEntry, type QueueEntryRow } from './repo';

// Polling reads one's own place a few times a minute, and a drawn place never changes (the rank is fixed; the
// pass expiry is written once). So each instance keeps the places it has read, and GET /queue/me costs no
// more than the authenticated read it rides on. Not kept: places still waiting for the draw (the draw gives
// them a rank). A place that another instance replaced (a person back in line after their pass ran out)
// looks expired here, so /queue/me answers NOT_IN_QUEUE, the client joins again, and joining reads the
// database and refreshes this copy.

const MAX_ENTRIES = 200_000;
const caches = new WeakMap<AppContext, Map<string, QueueEntryRow>>();

function cacheOf(ctx: AppContext): Map<string, QueueEntryRow> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  return cache;
}

export function rememberEntry(ctx: AppContext, entry: QueueEntryRow): void {
  const cache = cacheOf(ctx);
  const key = `${entry.event_id}:${entry.user_id}`;
  if (entry.rank === null) {
    cache.delete(key);
    return;
  }
  // Oldest first out: a Map iterates in insertion order.
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
}

/** The person's place: this instance's copy when it has one, else the database (and remembered). */
export async function cachedEntry(
  ctx: AppContext,
  eventId: string,
  userId: string,
): Promise<QueueEntryRow | undefined> {
  const known = cacheOf(ctx).get(`${eventId}:${userId}`);
  if (known) return known;
  const entry = await findEntry(ctx.db, eventId, userId);
  if (entry) rememberEntry(ctx, entry);
  return entry;
}
