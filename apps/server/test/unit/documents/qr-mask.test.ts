import { randomUUID } from 'node:crypto';
import { generateEventKeyPair } from '@utsav/domain/qr-token';
import { unzlibSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventSigner } from '../../../src/modules/tickets/ticket-signing';
import { QR_QUIET_ZONE_MODULES, type QrImage, qrImage } from '../../../src/platform/documents/qr-image';
import { decodeQrImage } from './qr-decode';

// qrImage uses one fixed mask instead of searching all eight (the search was most of an image's CPU). Any mask
// makes a valid symbol; these check that real ticket tokens, with that one mask, are all read back exactly by
// the gate scanner's decoder (zxing) in a single quick pass, at the smallest size the server draws them.

beforeAll(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new Error('no network in unit tests')));
});
afterAll(() => {
  vi.unstubAllGlobals();
});

function realTokens(count: number): string[] {
  const eventId = randomUUID();
  const signer = eventSigner(eventId, generateEventKeyPair().privateKey);
  return Array.from({ length: count }, () => signer.sign(randomUUID()));
}

/** The mask pattern (0-7) written in the symbol's format information, read from the PNG's pixels. */
function maskOf(image: QrImage): number {
  const stride = Math.ceil(image.width / 8) + 1;
  const raw = unzlibSync(image.compressedScanlines);
  const dark = (x: number, y: number) => (raw[y * stride + 1 + (x >> 3)]! & (0x80 >> (x & 7))) === 0;
  // The first dark pixel, scanning rows from the top, is the top-left finder's corner, after the quiet zone.
  let firstDarkRow = 0;
  while (!Array.from({ length: image.width }, (_, x) => dark(x, firstDarkRow)).some(Boolean)) firstDarkRow++;
  const scale = firstDarkRow / QR_QUIET_ZONE_MODULES;
  const size = image.width / scale - 2 * QR_QUIET_ZONE_MODULES;
  const module = (row: number, col: number) =>
    dark(
      (col + QR_QUIET_ZONE_MODULES) * scale + (scale >> 1),
      (row + QR_QUIET_ZONE_MODULES) * scale + (scale >> 1),
    );
  // Format bits 10-12 (the mask) sit in column 8, rows size-5 to size-3, XOR-ed with 0b101 (ISO/IEC 18004 7.9).
  let bits = 0;
  for (let i = 0; i < 3; i++) if (module(size - 5 + i, 8)) bits |= 1 << i;
  return bits ^ 0b101;
}

describe('ticket QR images with one fixed mask', () => {
  it('use the same mask for every token (no per-token search)', () => {
    const masks = new Set(realTokens(40).map((token) => maskOf(qrImage(token, { size: 240 }))));
    // Mask 2: qr-image.ts's choice, read back from the pixels (so the reading itself is checked too).
    expect([...masks]).toEqual([2]);
  });

  it('decode back to exactly the token in one quick pass, for hundreds of real signed tokens', async () => {
    for (const token of realTokens(300)) {
      // 240 px: the data URL of My Tickets and the API (the PDF's is twice as large).
      expect(await decodeQrImage(qrImage(token, { size: 240 }).png, { tryHarder: false })).toEqual([token]);
    }
  });
});
