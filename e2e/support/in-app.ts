import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Moves the app already open in `page` to `path` (same origin) the way its own links and Back do, without
 * loading the document again: the URL is pushed and the router told, as a popstate tells it. A full load of
 * the admin app costs about 2.5 s of CPU (its script compiled and run again, then its native work), which on
 * a 2-core machine was most of what a scene visiting a dozen views paid. What the view shows, and the calls
 * it makes for its data, are the same as after a load.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((next) => {
    window.history.pushState(null, '', next);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
}

/**
 * Opens the view at `path` inside the app (openInApp) and returns once it is drawn: its `title` (a heading
 * the previous view did not show) reads something new, nothing in `main` is still loading, and no call has
 * been under way for half a second (what Playwright's 'networkidle' waits for after a load).
 */
export async function openViewInApp(page: Page, path: string, title: Locator): Promise<void> {
  const before = (await title.count()) > 0 ? await title.first().textContent() : null;
  const network = quietNetwork(page);
  try {
    await openInApp(page, path);
    await title.first().waitFor();
    await expect.poll(() => title.first().textContent()).not.toBe(before);
    await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
    await network.settled();
  } finally {
    network.stop();
  }
}

const QUIET_MS = 500;

/** Counts the page's calls in flight from now on; settled() waits until none has been for QUIET_MS. */
function quietNetwork(page: Page): { settled(): Promise<void>; stop(): void } {
  let inFlight = 0;
  let lastChange = Date.now();
  const started = () => {
    inFlight += 1;
    lastChange = Date.now();
  };
  const ended = () => {
    inFlight = Math.max(0, inFlight - 1);
    lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async settled() {
      while (inFlight > 0 || Date.now() - lastChange < QUIET_MS) await page.waitForTimeout(100);
    },
    stop() {
      page.off('request', started);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}
