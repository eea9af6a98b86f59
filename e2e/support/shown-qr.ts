import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { decodeQrImage } from '../../apps/server/test/unit/documents/qr-decode';

/**
 * The codes a QR image on the page reads as, once it is on screen: an <img> from a data URL is attached before
 * the browser has decoded and painted it, and a screenshot taken then is blank (seen on a loaded machine).
 */
export async function shownQrCodes(image: Locator): Promise<string[]> {
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0))
    .toBe(true);
  let codes: string[] = [];
  await expect
    .poll(async () => {
      codes = await decodeQrImage(await image.screenshot());
      return codes.length;
    })
    .toBeGreaterThan(0);
  return codes;
}
