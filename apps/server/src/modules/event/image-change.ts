import { EVENT_MESSAGES } from '@utsav/domain/event-schema';
import type { AppContext } from '../../platform/context';
import type { Db } from '../../platform/db/database';
import { imageExists, insertImageIfAbsent } from '../../stores/images';
import { type DecodedImage, dataUrlBytes, decodeImage, imageError, sha256Hex, storedImageId } from './image';
import { imagePreview } from './image-preview';

// What a form's picture field asks for (the event's picture, the organiser's logo), read in two steps: before
// the transaction (decoding and re-encoding a 5 MB picture is work, not to be done under the lock), then inside
// it (storing the new picture, or checking that a named one exists).

/** What a create or edit asks of the picture. */
export type ImageChange = { keep: true } | { remove: true } | { stored: string } | { upload: DecodedImage };

/**
 * undefined keeps the current picture, null or '' removes it, our own URL names a stored picture, and a data
 * URL is a new upload, unless it is exactly the downscaled copy an admin's GET /event gave for the current
 * picture (the form saved unchanged), which keeps that picture at full size. `field` names the form field a
 * refusal is reported under.
 */
export async function readImageChange(
  ctx: AppContext,
  value: string | null | undefined,
  currentImageId: string | null | undefined,
  field = 'eventImage',
): Promise<ImageChange> {
  if (value === undefined) return { keep: true };
  if (value === null || value === '') return { remove: true };
  if (!value.startsWith('data:')) {
    const id = storedImageId(value);
    if (!id) throw imageError(EVENT_MESSAGES.image, field);
    return { stored: id };
  }
  const bytes = dataUrlBytes(value, field);
  if (currentImageId && (await imagePreview(ctx, currentImageId))?.sha256 === sha256Hex(bytes))
    return { stored: currentImageId };
  return { upload: await decodeImage(bytes, field) };
}

/** The stored picture's id after the change (null: none), storing an upload once per content. */
export async function resolveImage(
  trx: Db,
  change: ImageChange,
  current: string | null,
  now: Date,
  field = 'eventImage',
): Promise<string | null> {
  if ('keep' in change) return current;
  if ('remove' in change) return null;
  if ('upload' in change) {
    await insertImageIfAbsent(trx, {
      id: change.upload.id,
      content_type: change.upload.contentType,
      bytes: change.upload.bytes,
      created_at: now.toISOString(),
    });
    return change.upload.id;
  }
  if (await imageExists(trx, change.stored)) return change.stored;
  throw imageError(EVENT_MESSAGES.image, field);
}
