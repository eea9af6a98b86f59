import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES } from '@utsav/domain/constants';
import { EVENT_MESSAGES, sniffImageType } from '@utsav/domain/event-schema';
import { validationError } from '../../platform/errors';

export interface DecodedImage {
  id: string;
  contentType: string;
  bytes: Buffer;
}

const IMAGE_URL_PREFIX = '/api/event/image/';
const STORED_REFERENCE = /\/api\/event\/image\/([a-f0-9]{64})$/;

export function imageUrl(id: string): string {
  return `${IMAGE_URL_PREFIX}${id}`;
}

/** The id inside a URL we handed out earlier (relative or absolute), or null. */
export function storedImageId(value: string): string | null {
  return STORED_REFERENCE.exec(value)?.[1] ?? null;
}

/**
 * Decodes a data URL and trusts only its bytes: an SVG or a text file named image/png is refused. `field` names
 * the form field a refusal is reported under (the event's picture, the organiser's logo).
 */
export function decodeImageDataUrl(dataUrl: string, field = 'eventImage'): DecodedImage {
  if (!dataUrl.startsWith('data:')) throw imageError(EVENT_MESSAGES.image, field);
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw imageError(EVENT_MESSAGES.imageSize, field);
  const type = sniffImageType(bytes);
  if (!type) throw imageError(EVENT_MESSAGES.image, field);
  return { id: createHash('sha256').update(bytes).digest('hex'), contentType: `image/${type}`, bytes };
}

export function imageError(message: string, field = 'eventImage') {
  return validationError([{ field, message }]);
}
