import { qrImage } from './qr-image';

// The API's ticket carries `qrCodeImage` (docs/contracts.md): the QR as a data URL, for clients that show an
// image instead of drawing `qrCode` themselves (ours draws it). Encoding a symbol costs ~1-2 ms of CPU
// (qrcode's masking), so each token's image is made once and kept: a 20-ticket guest's My Tickets is then
// 20 map lookups. Keyed by the token itself, so a re-signed token (another holder, another key) can never
// be shown with a stale picture.

/** 1-bit PNG at 4 px per module: ~230 px wide, ~0.8 KB, ~1.1 KB as base64. */
const IMAGE_SIZE = 240;
/** Every ticket of a large night (20,000) fits: about 25 MB of one-byte strings at most. */
const MAX_CACHED = 20_000;

const cache = new Map<string, string>();

export function qrDataUrl(token: string): string {
  const cached = cache.get(token);
  if (cached !== undefined) return cached;
  const png = qrImage(token, { size: IMAGE_SIZE }).png;
  const url = `data:image/png;base64,${Buffer.from(png.buffer, png.byteOffset, png.byteLength).toString('base64')}`;
  // Oldest first out: a Map iterates in insertion order. Recency is not tracked; a night's tickets all fit.
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(token, url);
  return url;
}

/** QR images made in one turn of the event loop before letting waiting requests run (~1-2 ms each). */
const PER_TURN = 16;

/**
 * The images of many tokens, made PER_TURN at a time with a turn of the event loop in between: 500 freshly
 * issued tickets were ~0.6 s of one uninterrupted block, during which nobody else's request was answered.
 * Resolves once every image is in the cache (qrDataUrl then answers from it).
 */
export async function makeQrDataUrls(tokens: readonly string[]): Promise<void> {
  const missing = tokens.filter((token) => !cache.has(token));
  for (let start = 0; start < missing.length; start += PER_TURN) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const token of missing.slice(start, start + PER_TURN)) qrDataUrl(token);
  }
}

/**
 * Makes the images of freshly issued tickets ahead of the first read, off the request that issued them (a
 * paying guest's verify-payment or a webhook): by the time My Tickets is opened they are cached.
 */
export function prepareQrDataUrls(tokens: readonly string[]): void {
  if (tokens.length === 0) return;
  setImmediate(() => void makeQrDataUrls(tokens));
}

/** For benchmarks and tests that measure the first read after a restart. */
export function forgetQrDataUrls(): void {
  cache.clear();
}
