import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, apiAt, type EventJson } from './support/api';
import { launchBrowser, PHONE, screenshot } from './support/browser';
import { fakeCameraFlags, writeFakeCameraY4m } from './support/fake-camera';
import { recordShown, shownAfter } from './support/shown';
import { signedInContext } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// The night at the gates in a phone-sized browser: the scanner's Exit mode records a
// guest going out through Chromium's fake camera, and the organiser's Gates panel shows the gates live.

interface BoughtTicket {
  id: string;
  ticketId: string;
  qrCode: string;
  status: string;
  exitedAt?: string | null;
}

const product = usePrivateApp('gates');
const shared = useBrowser();
const api = apiAt(() => product.url);

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('gates at 390 px', () => {
  let admin: ApiUser;
  let checker: ApiUser;
  let guest: ApiUser;
  let ticket: BoughtTicket;

  beforeAll(async () => {
    admin = await api.signIn('admin@utsav.test', 'Admin');
    checker = await api.signIn('checker@utsav.test', 'Checker');
    guest = await api.signIn('kavya.desai@example.test', 'Kavya Desai');
    // Re-entry on, through the event form's call.
    const event = await api.currentEvent();
    const { _id, id, availableTickets, soldTickets, soldPercentage, createdAt, updatedAt, ...form } =
      event as EventJson & Record<string, unknown>;
    await api.call('PUT', '/api/event', admin.token, { ...form, reentryAllowed: true });
    ticket = await api.buyTicket<BoughtTicket>(guest);
    // Admitted at the North gate by another phone, as on the night.
    await api.call('POST', '/api/tickets/mark-used', checker.token, {
      qrCode: ticket.qrCode,
      gate: 'North',
      deviceId: 'north-phone-1',
    });
    const other = await api.buyTicket<BoughtTicket>(guest);
    await api.call('POST', '/api/tickets/mark-used', checker.token, {
      qrCode: other.ticketId,
      gate: 'South',
      deviceId: 'south-phone-1',
    });
  });

  it('the scanner in Exit mode records a guest going out, with a distinct result, and the guest may come back in', async () => {
    const file = path.join(product.workDir, 'exit.y4m');
    writeFakeCameraY4m(ticket.qrCode, file);
    const browser: Browser = await launchBrowser(fakeCameraFlags(file));
    try {
      const context = await signedInContext(browser, product.url, 'checker@utsav.test', { viewport: PHONE });
      await context.grantPermissions(['camera'], { origin: product.url });
      await recordShown(context);
      const page = await context.newPage();
      await page.goto(`${product.url}/dashboard/qrchecker`);
      await page.getByRole('heading', { level: 1, name: 'QR Scanner' }).waitFor();
      await page.getByLabel('Gate name (optional)').fill('East');
      await expect.poll(() => page.getByTestId('snapshot-info').textContent()).toMatch(/^Ticket list:/);
      await page.evaluate(() => window.scrollTo(0, 0));
      // The gate bar: this gate's name, this phone's count, and Entry/Exit because re-entry is on.
      await expect.poll(() => page.getByTestId('gate-name').textContent()).toBe('East');
      const exitButton = page.getByRole('button', { name: 'Exit', exact: true });
      await exitButton.click();
      expect(await exitButton.getAttribute('aria-pressed')).toBe('true');
      await page.getByText('Exit mode: scanning records guests going out').waitFor();
      await noHorizontalScroll(page);
      await screenshot(page, 'gates-scanner-exit-mode-390');

      await page.getByRole('button', { name: 'Start Camera' }).click();
      const result = await shownAfter(page, 'scan-result', 0);
      expect(result.tone).toBe('exit');
      expect(result.text).toContain('Exit recorded');
      // The phone's own counters: an exit is counted as such, not as an entry or a refusal.
      await expect.poll(() => page.getByTestId('stat-exits').textContent()).toBe('1');
      expect(await page.getByTestId('stat-validEntries').textContent()).toBe('0');
      await screenshot(page, 'gates-scanner-exit-result-390');

      const { tickets } = await api.call<{ tickets: BoughtTicket[] }>(
        'GET',
        '/api/tickets/my-tickets',
        guest.token,
      );
      expect(tickets.find((t) => t.id === ticket.id)?.exitedAt).toEqual(expect.any(String));
      // Back in once: mark-used admits again.
      await api.call('POST', '/api/tickets/mark-used', checker.token, {
        qrCode: ticket.qrCode,
        gate: 'East',
      });
      await context.close();
    } finally {
      await browser.close();
    }
  });

  it('the Gates panel shows admitted of sold, inside now, each gate, the phones and the refusals, live', async () => {
    // The worker's Chromium (support/suite.ts): this scene needs no camera of its own.
    const context = await signedInContext(shared.browser, product.url, 'admin@utsav.test', {
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/admin`);
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.getByRole('button', { name: /^Gates/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Gates' }).waitFor();
    await page.getByTestId('gate-row').first().waitFor();
    const gates = await page.getByTestId('gate-row').allTextContents();
    expect(gates.join(' ')).toContain('North');
    expect(gates.join(' ')).toContain('South');
    expect(gates.join(' ')).toContain('East');
    expect(await page.getByTestId('refusal-transferred').textContent()).toBe('0');
    expect(await page.getByTestId('device-row').count()).toBeGreaterThanOrEqual(3);
    await noHorizontalScroll(page);
    await screenshot(page, 'gates-panel-390');

    // Live: a refusal at a gate shows up without a reload.
    await fetch(`${product.url}/api/tickets/mark-used`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${checker.token}` },
      body: JSON.stringify({ qrCode: ticket.qrCode, gate: 'North', deviceId: 'north-phone-1' }),
    });
    await expect.poll(() => page.getByTestId('refusal-already_used').textContent()).not.toBe('0');
    await screenshot(page, 'gates-panel-390-live');
    await screenshot(page, 'gates-panel-390-full', { fullPage: true });

    // The same panel in Hindi and Gujarati, as the organiser's remembered choice.
    for (const [language, title, inside] of [
      ['hi', 'गेट', 'अभी अंदर'],
      ['gu', 'ગેટ', 'હમણાં અંદર'],
    ] as const) {
      await page.evaluate((chosen) => localStorage.setItem('utsav.language', chosen), language);
      await page.goto(`${product.url}/dashboard/admin?view=gates`);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByText(inside, { exact: true }).waitFor();
      await page.getByTestId('gate-row').first().waitFor();
      await noHorizontalScroll(page);
      await screenshot(page, `gates-panel-${language}-390`);
    }
    await context.close();
  });
});
