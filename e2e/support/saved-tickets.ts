import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiUser } from './api';
import { signInThroughPopup } from './browser';

// The guest's phone keeping its tickets for use without a connection (the guest app's service worker and
// IndexedDB), as the offline and network-state suites start from.

/** The (uid, area) keys of what the phone keeps for offline use. */
export function savedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const request = indexedDB.open('utsav-guest');
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('saved')) {
            db.close();
            resolve([]);
            return;
          }
          const keys = db.transaction('saved').objectStore('saved').getAllKeys();
          keys.onsuccess = () => {
            db.close();
            resolve(keys.result.map((key) => (key as string[]).join(':')).sort());
          };
          keys.onerror = () => reject(keys.error);
        };
      }),
  );
}

/** Signs `person` in on the phone and opens My Tickets, online, until the app and the tickets are kept. */
export async function keepTicketsOnPhone(
  page: Page,
  baseUrl: string,
  person: ApiUser,
  ticketCount: number,
  language?: string,
): Promise<void> {
  await page.goto(baseUrl);
  await signInThroughPopup(page, { email: person.email, name: person.name });
  // The language chosen as the switcher remembers it (the sign-in above speaks English).
  if (language) await page.evaluate((chosen) => localStorage.setItem('utsav.language', chosen), language);
  await page.goto(`${baseUrl}/dashboard/guest`);
  await page.locator('#tickets').waitFor();
  await expect.poll(() => page.locator('article[data-ticket-id]').count()).toBe(ticketCount);
  // The guest app's worker has installed, precached the shell and controls the page.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        const keys = await caches.keys();
        const cache = keys.find((key) => key.startsWith('utsav-guest-'));
        if (!cache || !navigator.serviceWorker.controller) return false;
        return Boolean(await (await caches.open(cache)).match('/index.html'));
      }),
    )
    .toBe(true);
  await expect
    .poll(() => savedKeys(page))
    .toEqual(expect.arrayContaining([expect.stringMatching(/:tickets$/)]));
}
