import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, PHONE } from './support/browser';
import { useServerAndBrowser } from './support/suite';

// Budgets in the browser (issue 7) that do not depend on the machine's speed: what the landing page ships
// before anyone touches it. Timings (LCP, decode latency) are measured by bench/web/run.ts, not asserted here.
//
// "Compressed" is what crossed the wire: the server sends the build's precompressed .br/.gz files, so each
// script's transferred body size is its compressed size. Should a script ever arrive uncompressed, its
// gzip size (node:zlib, level 6) is counted instead, so the budget still speaks of compressed bytes.

const JS_BUDGET_BYTES = 170 * 1024;
const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

const suite = useServerAndBrowser();

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

describe('landing page budgets', () => {
  it('ships at most 170 KB of compressed JavaScript before any interaction', async () => {
    // A first visit on a phone: the intro plays (no reduced motion) and nothing is cached.
    const context = await newContext(suite.browser, { viewport: PHONE, reducedMotion: false });
    const page = await context.newPage();
    const scripts: Array<Promise<ScriptLoad>> = [];
    page.on('response', (response) => {
      if (isScript(response)) scripts.push(compressedSize(response));
    });
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();

    const loads = await Promise.all(scripts);
    const total = loads.reduce((sum, load) => sum + load.bytes, 0);
    console.log(
      `[budgets] landing JS before interaction: ${(total / 1024).toFixed(1)} KiB compressed in ${loads.length} files\n${loads
        .map(
          (load) =>
            `  ${(load.bytes / 1024).toFixed(1).padStart(6)} KiB ${load.encoding.padEnd(6)} ${load.url}`,
        )
        .join('\n')}`,
    );
    expect(loads.length).toBeGreaterThan(0);
    expect(loads.every((load) => load.encoding === 'br' || load.encoding === 'gzip')).toBe(true);
    expect(total).toBeLessThanOrEqual(JS_BUDGET_BYTES);
    await context.close();
  });

  it('makes no request off loopback and loads no third-party script; checkout.js waits for the purchase dialog', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    const requests: Array<{ url: string; type: string }> = [];
    context.on('request', (request) => requests.push({ url: request.url(), type: request.resourceType() }));
    await page.goto(suite.server.url, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).waitFor();
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
