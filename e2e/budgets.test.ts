import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, PHONE } from './support/browser';
import { useServerAndBrowser } from './support/suite';

// Budgets in the browser that do not depend on the machine's speed: what the landing page ships
// before anyone touches it. Timings (LCP, decode latency) are measured by bench/web/run.ts, not asserted here.
//
// "Compressed" is what crossed the wire: the server sends the build's precompressed .br/.gz files, so each
// script's transferred body size is its compressed size. Should a script ever arrive uncompressed, its
// gzip size (node:zlib, level 6) is counted instead, so the budget still speaks of compressed bytes.

const JS_BUDGET_BYTES = 170 * 1024;
const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

const suite = useServerAndBrowser();

/**
 * The landing page once the app has taken over, with nothing left in flight. 'networkidle' alone is not it:
 * the boot script asks for the app's scripts only after the pre-rendered first screen has painted, and on a
 * busy machine that can come after half a second of quiet, so the page may look idle before any script.
 */
async function appTakenOver(page: Page): Promise<void> {
  let inFlight = 0;
  const done = () => {
    inFlight -= 1;
  };
  page.on('request', () => {
    inFlight += 1;
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  await page.goto(suite.server.url);
  await page.waitForFunction((id) => !document.getElementById(id), 'static-landing');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expect.poll(() => inFlight).toBe(0);
}

interface ScriptLoad {
  url: string;
  encoding: string;
  bytes: number;
}

async function compressedSize(response: Response): Promise<ScriptLoad> {
  const url = response.url();
  const encoding = (await response.headerValue('content-encoding')) ?? 'identity';
  if (encoding !== 'identity') {
    const { responseBodySize } = await response.request().sizes();
    return { url, encoding, bytes: responseBodySize };
  }
  return { url, encoding: 'none (counted as gzip)', bytes: gzipSync(await response.body()).length };
}

const isScript = (response: Response) =>
  response.request().resourceType() === 'script' ||
  /javascript/.test(response.headers()['content-type'] ?? '');

// Catalog chunks are named i18n-<language>-<area>-<8-character hash> (apps/web/build/catalog-areas.ts);
// the hash may itself hold a dash.
const CATALOG_CHUNK = /\/assets\/i18n-(\w+)-([\w-]+)-[\w-]{8}\.js$/;
const LOCALES = { en: 'en-IN', hi: 'hi-IN', gu: 'gu-IN' } as const;

describe('landing page budgets', () => {
  for (const [language, locale] of Object.entries(LOCALES)) {
    it(`ships at most 170 KB of compressed JavaScript before any interaction, in ${language}, with only the first screen's texts`, async () => {
      // A first visit on a phone: the intro plays (no reduced motion) and nothing is cached.
      const context = await newContext(suite.browser, { viewport: PHONE, reducedMotion: false, locale });
      const page = await context.newPage();
      const scripts: Array<Promise<ScriptLoad>> = [];
      page.on('response', (response) => {
        if (isScript(response)) scripts.push(compressedSize(response));
      });
      await appTakenOver(page);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);

      const loads = await Promise.all(scripts);
      const total = loads.reduce((sum, load) => sum + load.bytes, 0);
      console.log(
        `[budgets] landing JS before interaction (${language}): ${(total / 1024).toFixed(1)} KiB compressed in ${loads.length} files\n${loads
          .map(
            (load) =>
              `  ${(load.bytes / 1024).toFixed(1).padStart(6)} KiB ${load.encoding.padEnd(6)} ${load.url}`,
          )
          .join('\n')}`,
      );
      expect(loads.length).toBeGreaterThan(0);
      expect(loads.every((load) => load.encoding === 'br' || load.encoding === 'gzip')).toBe(true);
      expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
      // Texts: English's first-screen areas are in the entry chunk; Hindi and Gujarati fetch theirs as one
      // chunk; no other area's catalog is fetched for the landing page.
      const catalogs = loads.flatMap((load) => {
        const match = CATALOG_CHUNK.exec(new URL(load.url).pathname);
        return match ? [`${match[1]}-${match[2]}`] : [];
      });
      expect(catalogs).toEqual(language === 'en' ? [] : [`${language}-first-screen`]);
      await context.close();
    });
  }

  it('makes no request off loopback and loads no third-party script; checkout.js waits for the purchase dialog', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    const requests: Array<{ url: string; type: string }> = [];
    context.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType() }));
    await appTakenOver(page);
    // The lazy sections too: scrolling is not an interaction that may pull in a third party.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');

    expect(requests.filter((request) => !LOOPBACK.test(request.url))).toEqual([]);
    const origin = new URL(suite.server.url).origin;
    expect(
      requests.filter((request) => request.type === 'script' && new URL(request.url).origin !== origin),
    ).toEqual([]);
    expect(requests.filter((request) => /checkout\.js/.test(request.url))).toEqual([]);

    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    await page.getByRole('dialog', { name: 'Book Your Tickets' }).waitFor();
    await expect
      .poll(() => requests.some((request) => /\/razorpay-emulator\/checkout\.js$/.test(request.url)))
      .toBe(true);
    expect(requests.filter((request) => !LOOPBACK.test(request.url))).toEqual([]);
    await context.close();
  });
});
