import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SCANNER_RESTART_MS } from '@utsav/domain/constants';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspDirectives } from '../apps/server/src/platform/security';
import { launchBrowser, newContext, PHONE, screenshot } from './support/browser';
import { fakeCameraFlags, writeFakeCameraY4m } from './support/fake-camera';
import { buildScannerLab, type ServedLab, serveLab, TICKET_SHAPED_CODE } from './support/scanner-lab';
import { useBrowser } from './support/suite';

// The scanner engine (camera, decoder, scan timing) in Debian's Chromium, which has no native
// BarcodeDetector: every decode here goes through the zxing-wasm fallback served from our own bundle.

const workDir = mkdtempSync(path.join(tmpdir(), 'utsav-scanner-'));
const outDir = path.join(workDir, 'web');
const cameraFile = path.join(workDir, 'ticket.y4m');
const ORIGIN_RE = /^http:\/\/127\.0\.0\.1:\d+\//;

// The production CSP, so the test fails if it ever stops allowing the wasm decoder.
const CSP = Object.entries(
  cspDirectives({
    authMode: 'dev',
    firebase: undefined,
    payments: 'emulator',
    publicUrl: 'http://127.0.0.1',
  }),
)
  .filter((entry): entry is [string, string[]] => entry[1] !== null)
  .map(([name, values]) => [name, ...values].join(' '))
  .join('; ');

let lab: ServedLab;
let baseUrl: string;
const served: Array<{ path: string; type: string }> = [];

beforeAll(async () => {
  await buildScannerLab(outDir);
  writeFakeCameraY4m(TICKET_SHAPED_CODE, cameraFile);
  lab = await serveLab(outDir, {
    headers: { 'content-security-policy': CSP },
    onServe: (urlPath, type) => served.push({ path: urlPath, type }),
  });
  baseUrl = lab.url;
});

afterAll(async () => {
  await lab?.close();
  rmSync(workDir, { recursive: true, force: true });
});

interface Lab {
  context: BrowserContext;
  page: Page;
  requests: string[];
}

async function openLab(browser: Browser, query = '', grantCamera = true): Promise<Lab> {
  const context = await newContext(browser, { viewport: PHONE });
  if (grantCamera) await context.grantPermissions(['camera'], { origin: baseUrl });
  const requests: string[] = [];
  context.on('request', (request) => requests.push(request.url()));
  const page = await context.newPage();
  await page.goto(`${baseUrl}/scanner-lab.html${query}`);
  return { context, page, requests };
}

/** Waits for the camera error alert (vitest's expect has no Playwright matchers) and returns its text. */
async function alertText(page: Page): Promise<string> {
  const alert = page.getByRole('alert');
  await alert.waitFor();
  return (await alert.locator('p').textContent()) ?? '';
}

async function scanTimes(page: Page): Promise<number[]> {
  const times = await page.getByTestId('scanned').getAttribute('data-scan-times');
  return times ? times.split(',').map(Number) : [];
}

describe('scanner engine with a fake camera', () => {
  const suite = useBrowser(fakeCameraFlags(cameraFile));

  it('reads a ticket QR through the bundled zxing-wasm without any request leaving loopback', async () => {
    const { context, page, requests } = await openLab(suite.browser);
    await page.getByRole('button', { name: 'Start Camera' }).click();
    const scanned = page.getByTestId('scanned');
    await expect.poll(() => scanned.textContent()).toBe(TICKET_SHAPED_CODE);

    const playingAt = Number(await scanned.getAttribute('data-playing-at'));
    const [firstScanAt] = await scanTimes(page);
    const latency = (firstScanAt ?? Number.NaN) - playingAt;
    console.log(`[scanner] first decode ${latency.toFixed(0)} ms after the video started playing`);
    expect(latency).toBeGreaterThanOrEqual(0);
    // The 500 ms target is a speed budget: bench/web/run.ts measures it and bench/RESULTS.md reports it.

    expect(await page.getByTestId('decoder').textContent()).toBe('zxing');
    await screenshot(page, 'scanner-lab-390');
    expect(requests.filter((url) => !ORIGIN_RE.test(url))).toEqual([]);
    expect(served).toContainEqual({
      path: expect.stringMatching(/^\/assets\/zxing_reader-[\w-]+\.wasm$/),
      type: 'application/wasm',
    });
    await context.close();
  });

  it('does not take the code just scanned again while it stays in view', async () => {
    const { context, page } = await openLab(suite.browser);
    await page.getByRole('button', { name: 'Start Camera' }).click();
    await expect.poll(() => scanTimes(page).then((times) => times.length)).toBe(1);
    await page.waitForTimeout(SCANNER_RESTART_MS + 2500);
    expect(await scanTimes(page)).toHaveLength(1);
    expect(await page.getByTestId('state').textContent()).toBe('on');
    await context.close();
  });

  it('pauses after a scan and reads again by itself, no sooner than SCANNER_RESTART_MS later', async () => {
    const { context, page } = await openLab(suite.browser, '?hold=0');
    await page.getByRole('button', { name: 'Start Camera' }).click();
    await expect.poll(() => scanTimes(page).then((times) => times.length)).toBe(2);
    const [first = 0, second = 0] = await scanTimes(page);
    console.log(`[scanner] second scan of a QR left in view came ${(second - first).toFixed(0)} ms later`);
    // Behaviour, not speed: it waited its pause, then restarted by itself (the second scan came at all) rather than
    // staying paused. How soon after the pause a busy machine decodes again is not asserted.
    expect(second - first).toBeGreaterThanOrEqual(SCANNER_RESTART_MS);
    await context.close();
  });

  it("reports a camera that stopped as 'Camera Feed Lost' and comes back on Reconnect", async () => {
    const { context, page } = await openLab(suite.browser);
    await page.getByRole('button', { name: 'Start Camera' }).click();
    await expect.poll(() => page.getByTestId('state').textContent()).toMatch(/on|paused/);
    // Stopping the track from script fires no 'ended' event: only the 2 s watchdog can notice.
    await page.evaluate("document.querySelector('video').srcObject.getVideoTracks()[0].stop()");
    expect(await alertText(page)).toBe('Camera Feed Lost');
    await page.getByRole('button', { name: 'Reconnect' }).click();
    await expect.poll(() => page.getByTestId('state').textContent()).toMatch(/on|paused/);
    await page.getByRole('button', { name: 'Stop Camera' }).click();
    await expect.poll(() => page.getByTestId('state').textContent()).toBe('off');
    await context.close();
  });

  it("says 'Failed to initialize scanner' when the decoder cannot load, and Try Again loads it afresh", async () => {
    const { context, page } = await openLab(suite.browser);
    const wasm = /\/assets\/zxing_reader-[\w-]+\.wasm$/;
    await page.route(wasm, (route) => route.fulfill({ status: 503, body: '' }));
    await page.getByRole('button', { name: 'Start Camera' }).click();
    expect(await alertText(page)).toBe('Failed to initialize scanner');

    await page.unroute(wasm);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect.poll(() => page.getByTestId('scanned').textContent()).toBe(TICKET_SHAPED_CODE);
    await context.close();
  });

  it('keeps the decoder out of the entry chunk: it loads only when the scanner starts', () => {
    const html = readFileSync(path.join(outDir, 'scanner-lab.html'), 'utf8');
    const entry = html.match(/src="\/assets\/([^"]+\.js)"/)?.[1];
    expect(entry).toBeDefined();
    const chunks = readdirSync(path.join(outDir, 'assets')).filter((file) => file.endsWith('.js'));
    const withDecoder = chunks.filter((file) =>
      readFileSync(path.join(outDir, 'assets', file), 'utf8').includes('readBarcodesFromPixmap'),
    );
    expect(withDecoder).toHaveLength(1);
    expect(withDecoder).not.toContain(entry);
  });
});

describe('scanner engine camera errors', () => {
  it("says 'No camera found on this device' when the device has none", async () => {
    // No fake device, and this machine has no /dev/video*: getUserMedia rejects with NotFoundError.
    const browser = await launchBrowser(['--use-fake-ui-for-media-stream']);
    try {
      const { page } = await openLab(browser);
      await page.getByRole('button', { name: 'Start Camera' }).click();
      expect(await alertText(page)).toBe('No camera found on this device');
      await page.getByRole('button', { name: 'Try Again' }).waitFor();
    } finally {
      await browser.close();
    }
  });

  it("says 'Failed to access camera' when permission is denied", async () => {
    const browser = await launchBrowser([
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${cameraFile}`,
    ]);
    try {
      const { page } = await openLab(browser, '', false);
      await page.getByRole('button', { name: 'Start Camera' }).click();
      expect(await alertText(page)).toBe('Failed to access camera');
      await page.getByRole('button', { name: 'Try Again' }).waitFor();
    } finally {
      await browser.close();
    }
  });
});
