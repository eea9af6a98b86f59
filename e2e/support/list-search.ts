import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Types `text` into a list's search box and returns once the list shows the search's answer: some rows, each
 * containing `shown` (the text typed, by default). The admin lists (Ticket Management, Refund Management) search
 * once typing pauses and keep showing the earlier rows until the answer comes, so a locator used right after
 * fill() can find, or act on, a row of the list before the search.
 */
export async function searchList(box: Locator, text: string, rows: Locator, shown = text): Promise<void> {
  await box.fill(text);
  await expect
    .poll(async () => {
      const texts = await rows.allTextContents();
      return texts.length > 0 && texts.every((row) => row.includes(shown));
    })
    .toBe(true);
}
