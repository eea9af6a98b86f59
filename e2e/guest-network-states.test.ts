import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAt, newEmail } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { keepTicketsOnPhone } from './support/saved-tickets';
import { useServerAndBrowser } from './support/suite';

// The words over the guest's saved tickets, at 390 px: "offline" only when the phone is offline; a server that
// fails (500) or has not answered yet is said as such, while the phone stays online. The server's trouble is
// made by routing every API call in the browser: failed, or held until the test lets it through.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

const saved = (words: string) => new RegExp(`^${words} — showing tickets saved at \\d{2}:\\d{2}$`);

interface TicketJson {
  ticketId: string;
}

/** A guest with one ticket, whose phone has kept it from an online visit (a new guest on each attempt: newEmail). */
async function phoneWithSavedTicket(
  email: string,
  name: string,
  /** Offline reopens the installed app (its service worker); a failing or slow server leaves the phone online. */
  offline = false,
): Promise<{ context: BrowserContext; page: Page; ticket: TicketJson }> {
  const guest = await api.signIn(email, name);
  const ticket = await api.buyTicket<TicketJson>(guest);
  const context = await newContext(suite.browser, {
    viewport: PHONE,
    serviceWorkers: offline ? 'allow' : 'block',
  });
  const page = await context.newPage();
  await keepTicketsOnPhone(page, suite.server.url, guest, 1, undefined, offline);
  return { context, page, ticket };
}

async function bannerOf(page: Page): Promise<{ trouble: string | null; text: string }> {
  const banner = page.getByTestId('offline-banner');
  await banner.waitFor();
  return {
    trouble: await banner.getAttribute('data-trouble'),
    text: (await banner.textContent())?.trim() ?? '',
  };
}

describe("the guest's banner names the trouble as it is", () => {
  it('offline: the phone has no connection', async () => {
    const { context, page, ticket } = await phoneWithSavedTicket(
      newEmail('states.offline'),
      'Om Offline',
      true,
    );
    await context.setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect.poll(async () => (await bannerOf(page)).trouble).toBe('offline');
    expect((await bannerOf(page)).text).toMatch(saved('offline'));
    await page.locator(`article[data-ticket-id="${ticket.ticketId}"]`).waitFor();
    await context.close();
  });

  it('a failing server (500 on every call): "having trouble", never "offline", the saved ticket shown', async () => {
    const { context, page, ticket } = await phoneWithSavedTicket(newEmail('states.failing'), 'Farah Failing');
    await context.route('**/api/**', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: 'Internal error', code: 'INTERNAL' }),
      }),
    );
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect.poll(async () => (await bannerOf(page)).trouble).toBe('failing');
    expect((await bannerOf(page)).text).toMatch(saved('The server is having trouble'));
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await page.locator(`article[data-ticket-id="${ticket.ticketId}"]`).waitFor();
    await screenshot(page, 'network-state-failing-390');

    // The server answers again: Refresh Data brings the live list and the banner goes.
    await context.unroute('**/api/**');
    await page.getByRole('button', { name: /Refresh Data/ }).click();
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await context.close();
  });

  it('a slow server (no answer yet): "slow to answer", never "offline"; the answer replaces the saved copy', async () => {
    const { context, page, ticket } = await phoneWithSavedTicket(newEmail('states.slow'), 'Sanjay Slow');
    // Every API call waits for the test (a delay could run out before a loaded machine drew the page).
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await context.route('**/api/**', async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    await expect.poll(async () => (await bannerOf(page)).trouble).toBe('slow');
    expect((await bannerOf(page)).text).toMatch(saved('The server is slow to answer'));
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await page.locator(`article[data-ticket-id="${ticket.ticketId}"]`).waitFor();
    await screenshot(page, 'network-state-slow-390');
    // At 200% text the banner wraps and nothing goes sideways.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'network-state-slow-390-large-text');

    release();
    await page.getByTestId('offline-banner').waitFor({ state: 'detached' });
    await context.unroute('**/api/**');
    await context.close();
  });
});
