import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES, IMAGE_MAX_PIXELS } from '@utsav/domain/constants';
import {
  EVENT_MESSAGES,
  type ImageType,
  imageDimensionsAllowed,
  sniffImageType,
} from '@utsav/domain/event-schema';
import type Sharp from 'sharp';
import { validationError } from '../../platform/errors';
import { lazyModule } from '../../platform/lazy-module';

// A picture as uploaded (a data URL: the event's picture, the organiser's logo) becomes bytes we made ourselves: the header's pixel size is
// checked before anything is decoded (a 74-byte PNG can claim 60,000 × 60,000 pixels), then the picture is
// decoded and encoded again in its own format (sharp, on libuv's thread pool, not the event loop). Whatever
// else the upload carried (camera metadata with a location, a script glued after the image data, a malformed
// chunk a browser's decoder might trip on) is not in what we store and serve.

export interface DecodedImage {
  id: string;
  contentType: string;
  bytes: Buffer;
}

/** The image library, loaded at the first upload (platform/lazy-module.ts). */
const loadSharp = lazyModule<typeof Sharp>('sharp');

const IMAGE_URL_PREFIX = '/api/event/image/';
const STORED_REFERENCE = /\/api\/event\/image\/([a-f0-9]{64})$/;

export function imageUrl(id: string): string {
  return `${IMAGE_URL_PREFIX}${id}`;
}

/** The id inside a URL we handed out earlier (relative or absolute), or null. */
export function storedImageId(value: string): string | null {
  return STORED_REFERENCE.exec(value)?.[1] ?? null;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * The bytes of a data URL, refused (400 on `field`) when not one or over the size limit. `field` names the form
 * field a refusal is reported under (the event's picture, the organiser's logo).
 */
export function dataUrlBytes(dataUrl: string, field = 'eventImage'): Buffer {
  if (!dataUrl.startsWith('data:')) throw imageError(EVENT_MESSAGES.image, field);
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (bytes.length > IMAGE_MAX_BYTES) throw imageError(EVENT_MESSAGES.imageSize, field);
  return bytes;
}

/**
 * Checks an uploaded picture and re-encodes it. Trusts only its bytes: an SVG or a text file named image/png
 * is refused, so is a picture beyond IMAGE_MAX_SIDE_PX / IMAGE_MAX_PIXELS or one that does not decode.
 */
export async function decodeImage(bytes: Buffer, field = 'eventImage'): Promise<DecodedImage> {
  const type = sniffImageType(bytes);
  if (!type) throw imageError(EVENT_MESSAGES.image, field);
  const encoded = await reencode(bytes, type, field);
  return { id: sha256Hex(encoded), contentType: `image/${type}`, bytes: encoded };
}

async function reencode(bytes: Buffer, type: ImageType, field: string): Promise<Buffer> {
  // Reads the header only: nothing is decoded yet.
  const header = await loadSharp()(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw imageError(EVENT_MESSAGES.image, field);
    });
  const width = header.width ?? 0;
  const height = header.pageHeight ?? header.height ?? 0;
  if (!imageDimensionsAllowed(width, height)) throw imageError(EVENT_MESSAGES.imageDimensions, field);
  // An animation keeps its frames while all of them together stay within the pixel budget; beyond it only its
  // first frame is kept (a thousand-frame GIF of flat colour is small in bytes and huge decoded).
  const frames = header.pages ?? 1;
  const animated = frames > 1 && width * height * frames <= IMAGE_MAX_PIXELS;
  try {
    const image = loadSharp()(bytes, {
      animated,
      limitInputPixels: IMAGE_MAX_PIXELS,
      failOn: 'error',
    }).rotate();
    switch (type) {
      case 'jpeg':
        return await image.jpeg({ quality: 88 }).toBuffer();
      case 'png':
        return await image.png().toBuffer();
      case 'webp':
        return await image.webp({ quality: 88 }).toBuffer();
      case 'gif':
        return await image.gif().toBuffer();
    }
  } catch {
    throw imageError(EVENT_MESSAGES.image, field);
  }
}

/** Largest data URL an admin's GET /event carries for the picture (the form sends it back unchanged). */
export const PREVIEW_MAX_DATA_URL_LENGTH = 300 * 1024;
const PREVIEW_STEPS = [
  { side: 1600, quality: 80 },
  { side: 1200, quality: 75 },
  { side: 800, quality: 70 },
  { side: 480, quality: 60 },
  { side: 240, quality: 50 },
] as const;

export interface ImagePreview {
  dataUrl: string;
  /** sha256 of the preview's bytes: a form saved unchanged sends exactly these bytes back. */
  sha256: string;
}

/**
 * A downscaled WebP copy of a stored picture as a data URL of at most PREVIEW_MAX_DATA_URL_LENGTH: the first
 * of PREVIEW_STEPS that fits. Deterministic for the same bytes and the same sharp, so every instance makes
 * the same copy.
 */
export async function makePreview(bytes: Buffer): Promise<ImagePreview> {
  let last: Buffer | undefined;
  for (const step of PREVIEW_STEPS) {
    last = await loadSharp()(bytes, { limitInputPixels: IMAGE_MAX_PIXELS })
      .rotate()
      .resize({ width: step.side, height: step.side, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: step.quality })
      .toBuffer();
    const dataUrl = `data:image/webp;base64,${last.toString('base64')}`;
    if (dataUrl.length <= PREVIEW_MAX_DATA_URL_LENGTH) return { dataUrl, sha256: sha256Hex(last) };
  }
  throw new Error(`no preview step fits ${PREVIEW_MAX_DATA_URL_LENGTH} characters (${last?.length} bytes)`);
}

export function imageError(message: string, field = 'eventImage') {
  return validationError([{ field, message }]);
}
