import type { AppContext } from '../../platform/context';
import { findImage } from '../../stores/images';
import { type ImagePreview, makePreview } from './image';

// The downscaled copy of the event's picture an admin's GET /event carries as a data URL (a client written
// against the spec validates the form's image as a data URL, so it must get one back to save the form again).
// Made once per picture and instance; the event has one picture at a time, so a few entries are plenty.

const KEPT = 4;
const caches = new WeakMap<AppContext, Map<string, Promise<ImagePreview | null>>>();

/** The preview of stored picture `imageId`, or null when no such picture is stored. */
export function imagePreview(ctx: AppContext, imageId: string): Promise<ImagePreview | null> {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new Map();
    caches.set(ctx, cache);
  }
  const known = cache.get(imageId);
  if (known) return known;
  const made = findImage(ctx.db, imageId).then((image) =>
    image ? makePreview(Buffer.from(image.bytes)) : null,
  );
  cache.set(imageId, made);
  // A failed or missing read is not kept: the next request tries again.
  made.then(
    (preview) => preview ?? cache.delete(imageId),
    () => cache.delete(imageId),
  );
  if (cache.size > KEPT) cache.delete(cache.keys().next().value!);
  return made;
}
