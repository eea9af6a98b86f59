import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, apiAt } from './support/api';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser';
import { fakeCameraFlags, writeFakeCameraY4m } from './support/fake-camera';
import { recordShown, shownAfter, shownOf } from './support/shown';
import { signedInContext } from './support/signed-in';
import { usePrivateApp } from './support/suite';

// Gate check-in as volunteers do it: real tickets bought through the API, their QR codes shown
// to Chromium's fake camera, the scanner page of a production build, the checker's sign-in kept on the
// phone. Debian's Chromium has no BarcodeDetector, so the bundled zxing-wasm decodes.
//
// The app runs in this process on its own web build (not apps/web/dist), so a rebuild by anyone else
// while this suite runs cannot change what it tests.

const CHECKER = 'checker@utsav.test';

interface BoughtTicket {
  id: string;
  ticketId: string;
  qrCode: string;
  holderName: string;
  status: string;
}

const product = usePrivateApp('checkin');
const api = apiAt(() => product.url);

async function ticketStatus(guest: ApiUser, id: string): Promise<string | undefined> {
  const { tickets } = await api.call<{ tickets: BoughtTicket[] }>(
    'GET',
    '/api/tickets/my-tickets',
    guest.token,
  );
  return tickets.find((ticket) => ticket.id === id)?.status;
}

/** A browser whose camera shows `code`, as a guest holding up their phone. */
async function browserShowing(code: string, name: string): Promise<Browser> {
  const file = path.join(product.workDir, `${name}.y4m`);
  writeFakeCameraY4m(code, file);
  return launchBrowser(fakeCameraFlags(file));
}

/**
 * A gate phone: its own context, the checker signed in, on the scanner page. Its service worker (whose install
 * fetches every file of the gate app, the decoder's wasm included) runs only where the scene goes offline.
 */
async function openGate(
  browser: Browser,
  gate: string,
  serviceWorkers: 'allow' | 'block',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await signedInContext(browser, product.url, CHECKER, { viewport: PHONE, serviceWorkers });
  await context.grantPermissions(['camera'], { origin: product.url });
  await recordShown(context);
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error));
  await page.goto(`${product.url}/dashboard/qrchecker`);
  await page.getByRole('heading', { level: 1, name: 'QR Scanner' }).waitFor();
  await page.getByLabel('Gate name (optional)').fill(gate);
  await page.evaluate(() => window.scrollTo(0, 0));
  // The offline ticket list is downloaded on load; wait for it, as a volunteer would see it.
  await expect.poll(() => page.getByTestId('snapshot-info').textContent()).toMatch(/^Ticket list:/);
  return { context, page };
}

/** Starts the camera and waits for the result of the first scan (as its overlay showed it: support/shown.ts). */
async function scanResult(page: Page): Promise<{ tone: string | null; text: string }> {
  const before = shownOf(page, 'scan-result').length;
  await page.getByRole('button', { name: 'Start Camera' }).click();
  try {
    return await shownAfter(page, 'scan-result', before);
  } catch (error) {
    await screenshot(page, 'checkin-failure');
    throw error;
  }
}

async function stat(page: Page, key: string): Promise<string | null> {
  return page.getByTestId(`stat-${key}`).textContent();
}

// Each scene buys the tickets it admits at its start: a retry (same database) finds the first attempt's admitted.
describe('gate check-in with a fake camera', () => {
  it("admits a real ticket once: 'Entry Allowed' at the first gate, 'Already Used' with time and checker at the second", async () => {
    const priya = await api.signIn('priya.shah@example.test', 'Priya Shah');
    const onlineTicket = await api.buyTicket<BoughtTicket>(priya);
    expect(onlineTicket.qrCode).toMatch(/^UT1\./);
    const browser = await browserShowing(onlineTicket.qrCode, 'online-ticket');
    try {
      const first = await openGate(browser, 'Gate A', 'block');
      const overflow = await first.page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(first.page, 'checkin-idle-390');
      const admitted = await scanResult(first.page);
      await screenshot(first.page, 'checkin-success-390');
      expect(admitted.tone).toBe('success');
      expect(admitted.text).toContain('Entry Allowed, Welcome Priya Shah!');
      expect(await stat(first.page, 'validEntries')).toBe('1');
      expect(await ticketStatus(priya, onlineTicket.id)).toBe('used');

      const second = await openGate(browser, 'Gate B', 'block');
      const refused = await scanResult(second.page);
      await screenshot(second.page, 'checkin-already-used-390');
      expect(refused.tone).toBe('warning');
      expect(refused.text).toContain('Already Used');
      expect(refused.text).toMatch(/Previous scan at .+ by Kiran Checker/);
      expect(await stat(second.page, 'alreadyUsed')).toBe('1');
      expect(await stat(second.page, 'totalScanned')).toBe('1');

      // The QR stays in front of the first gate's camera: it is not taken (and refused) a second time.
      await first.page.waitForTimeout(4000);
      expect(await stat(first.page, 'totalScanned')).toBe('1');

      // Counters live on the device, survive a reload, and are reset only after a confirmation.
      await first.page.getByRole('button', { name: 'Stop Camera' }).click();
      await first.page.reload();
      await first.page.getByRole('heading', { level: 1, name: 'QR Scanner' }).waitFor();
      // (The HTML's first screen hides the counters until the app, which reads them from the phone, has replaced it.)
      await expect.poll(() => stat(first.page, 'validEntries')).toBe('1');
      await first.page.getByRole('button', { name: 'Reset Statistics' }).click();
      await first.page.getByRole('dialog').getByRole('button', { name: 'Reset', exact: true }).click();
      expect(await stat(first.page, 'totalScanned')).toBe('0');
      expect(await stat(first.page, 'validEntries')).toBe('0');
      await first.page.setViewportSize(DESKTOP);
      await screenshot(first.page, 'checkin-desktop-1280');
      await first.context.close();
      await second.context.close();
    } finally {
      await browser.close();
    }
  });

  it('admits from the stored list while offline, syncs on reconnect showing conflicts, and opens offline from the service worker', async () => {
    const rahul = await api.signIn('rahul.mehta@example.test', 'Rahul Mehta');
    const offlineTicket = await api.buyTicket<BoughtTicket>(rahul);
    const meera = await api.signIn('meera.iyer@example.test', 'Meera Iyer');
    const conflictTicket = await api.buyTicket<BoughtTicket>(meera);
    const browser = await browserShowing(offlineTicket.qrCode, 'offline-ticket');
    try {
      const { context, page } = await openGate(browser, 'Gate C', 'allow');
      const status = page.getByTestId('connection-status');
      expect(await status.getAttribute('data-online')).toBe('true');
      // One online visit installs the gate app (its service worker precaches the shell, chunks and wasm).
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      await context.setOffline(true);
      await expect.poll(() => status.getAttribute('data-online')).toBe('false');
      const admitted = await scanResult(page);
      expect(admitted.tone).toBe('success');
      expect(admitted.text).toContain('Entry Allowed, Welcome Rahul!');
      expect(admitted.text).toContain('Offline');
      expect(await status.getAttribute('data-queued')).toBe('1');
      await screenshot(page, 'checkin-offline-390');
      expect(await ticketStatus(rahul, offlineTicket.id)).toBe('active');

      // A cracked screen: the volunteer types the code printed under the QR. A ticket id is not enough.
      const manual = page.getByLabel('Ticket code printed under the QR (UT-…)');
      await manual.fill(conflictTicket.id);
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      expect(await page.getByRole('alert').textContent()).toContain("Meera's ticket");
      await manual.fill(conflictTicket.qrCode);
      const shown = shownOf(page, 'scan-result').length;
      await page.getByRole('button', { name: 'Check', exact: true }).click();
      // Offline too, the first tap shows whose ticket it is (from the device's list); the second admits.
      const confirm = page.getByRole('region', { name: 'Check before admitting' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('Meera');
      await confirm.getByRole('button', { name: /^Admit Meera/ }).click();
      expect((await shownAfter(page, 'scan-result', shown)).text).toContain('Entry Allowed, Welcome Meera!');
      expect(await status.getAttribute('data-queued')).toBe('2');
      // Meanwhile another gate, online, admits the same ticket: the sync must report it, not hide it.
      const { idToken: checkerToken } = await api.call<{ idToken: string }>(
        'POST',
        '/dev-auth/token',
        undefined,
        {
          email: CHECKER,
          name: 'Kiran Checker',
        },
      );
      await api.call('POST', '/api/tickets/mark-used', checkerToken, {
        qrCode: conflictTicket.qrCode,
        gate: 'Gate D',
      });

      await context.setOffline(false);
      await expect.poll(() => status.getAttribute('data-queued')).toBe('0');
      expect(await status.getAttribute('data-online')).toBe('true');
      expect(await ticketStatus(rahul, offlineTicket.id)).toBe('used');
      const conflicts = page.getByTestId('conflicts');
      expect(await conflicts.textContent()).toContain(
        `Ticket ${conflictTicket.ticketId} admitted offline here`,
      );
      expect(await conflicts.textContent()).toMatch(/was already used at .+ by Kiran Checker/);
      expect(await conflicts.locator('li').count()).toBe(1);
      await page.getByRole('button', { name: '1 sync conflict: see the list' }).click();
      await screenshot(page, 'checkin-conflicts-390');
      await page.evaluate(() => window.scrollTo(0, 0));

      // The service worker precached the app during this online visit; the page must now open with no network.
      await expect
        .poll(() =>
          page.evaluate(async () => {
            await navigator.serviceWorker.ready;
            const keys = await caches.keys();
            const cache = keys[0] ? await caches.open(keys[0]) : null;
            const entries = cache ? await cache.keys() : [];
            return entries.some((request) => /zxing_reader-[\w-]+\.wasm$/.test(request.url));
          }),
        )
        .toBe(true);
      await page.getByRole('button', { name: 'Stop Camera' }).click();
      await context.setOffline(true);
      const offline = await page.reload({ waitUntil: 'domcontentloaded' });
      // Answered by the worker with the scanner's own document, its pre-rendered first screen in it.
      expect(offline?.fromServiceWorker()).toBe(true);
      expect(await offline?.text()).toContain('<html lang="en" data-static-page="scanner">');
      await page.getByRole('heading', { level: 1, name: 'QR Scanner' }).waitFor();
      await expect.poll(() => status.getAttribute('data-online')).toBe('false');
      // The same ticket again, offline, from the cached decoder: this device knows it is used now.
      const again = await scanResult(page);
      expect(again.tone).toBe('warning');
      expect(again.text).toContain('Already Used');
      await screenshot(page, 'checkin-offline-reopened-390');
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
