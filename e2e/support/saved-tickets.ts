import type { Language } from '@utsav/domain/languages';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiUser } from './api';
import { storeSignIn } from './signed-in';

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

/**
 * Opens My Tickets on the phone with `person` signed in, online, until the app and the tickets are kept. The
 * sign-in is stored as the account chooser leaves it (support/signed-in.ts), with the language the header's
 * switcher remembers: these scenes are about what the phone keeps, and the landing page and the chooser's
 * popup loaded first cost as much as the page under test.
 */
export async function keepTicketsOnPhone(
  page: Page,
  baseUrl: string,
  person: ApiUser,
  ticketCount: number,
  language?: Language,
  /**
   * Whether the guest app's worker must have installed too (a context with serviceWorkers: 'allow'): for a
   * scene that reopens the app without a connection. A scene that stays online reads only the copy of the
   * tickets kept in IndexedDB, and its context need not pay the worker's install (every precached file).
   */
  installed = true,
): Promise<void> {
  await storeSignIn(page, baseUrl, { email: person.email, name: person.name }, language);
  await page.goto(`${baseUrl}/dashboard/guest`);
  await page.locator('#tickets').waitFor();
  await expect.poll(() => page.locator('article[data-ticket-id]').count()).toBe(ticketCount);
  // The guest app's worker has installed, precached the shell and controls the page.
  if (installed)
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
