import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { qrPngBytes, qrSvg } from '../../../src/platform/documents/qr-image';
import { newTicket } from './factories';
import { decodeQrImage } from './qr-decode';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

// The decoder must run from the bundled .wasm: any attempt to reach a CDN fails these tests.
beforeAll(() => {
  vi.stubGlobal('fetch', () => Promise.reject(new Error('no network in unit tests')));
});
afterAll(() => {
  vi.unstubAllGlobals();
});

describe('qrPngBytes', () => {
  it('renders a PNG that decodes back to exactly the token', async () => {
    const { qrToken } = newTicket();
    const png = await qrPngBytes(qrToken);
    expect([...png.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(await decodeQrImage(png)).toEqual([qrToken]);
  });

  it('is never wider than the requested size and uses whole pixels per module', async () => {
    const png = await qrPngBytes(newTicket().qrToken, { size: 300 });
    const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
    const width = view.getUint32(16);
    expect(width).toBeLessThanOrEqual(300);
    expect(width).toBeGreaterThan(200);
  });

  it('decodes back to the exact text whatever runs of digits, capitals or symbols it has', async () => {
    const texts = [
      `UT1.${'1234567890'.repeat(5)}.AbC-_xyz`,
      'UT1.ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      'टिकट 1 — Garba night ✓',
    ];
    for (const text of texts) expect(await decodeQrImage(await qrPngBytes(text))).toEqual([text]);
  });

  it('still decodes when rendered small', async () => {
    const { qrToken } = newTicket();
    expect(await decodeQrImage(await qrPngBytes(qrToken, { size: 160 }))).toEqual([qrToken]);
  });
});

describe('qrSvg', () => {
  it('renders an SVG document with a white quiet zone', async () => {
    const svg = await qrSvg(newTicket().qrToken);
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain('fill="#ffffff"');
  });
});
