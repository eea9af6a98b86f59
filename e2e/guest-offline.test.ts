import AxeBuilder from '@axe-core/playwright';
import type { Language } from '@utsav/domain/languages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeQrImage } from '../apps/server/test/unit/documents/qr-decode';
import { type ApiUser, apiAt, newEmail } from './support/api';
import { FULL_CHROMIUM_PATH, newContext, PHONE, screenshot } from './support/browser';
import { keepTicketsOnPhone, savedKeys } from './support/saved-tickets';
import { useBrowser, useServerAndBrowser } from './support/suite';

// The guest's tickets open without a connection, at 390 px: the guest app's service
// worker caches the shell, the tickets are kept on the phone (IndexedDB) for the signed-in person only,
// and a reload with the network cut shows them, QR and code included, under an honest "saved at" banner.

// The full browser for the first scene: the headless shell has no installability check (it answers no errors
// for any page). The other scenes run on the worker's headless shell (its service worker and offline reload are
// the same), which draws a page with about a third less CPU.
const suite = useServerAndBrowser({ executablePath: FULL_CHROMIUM_PATH });
const shell = useBrowser();
const api = apiAt(() => suite.server.url);
const BANNER = /^offline — showing tickets saved at \d{2}:\d{2}$/;

interface TicketJson {
  id: string;
  ticketId: string;
  qrCode: string;
}

const openTicketsOnline = (page: Page, person: ApiUser, ticketCount: number, language?: Language) =>
  keepTicketsOnPhone(page, suite.server.url, person, ticketCount, language);

async function qrOf(page: Page, ticket: TicketJson): Promise<string[]> {
  const card = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
  await card.getByRole('button', { name: 'Show QR' }).click();
  const image = card.locator(`img[data-qr-ticket="${ticket.ticketId}"]`);
  await image.waitFor();
  const src = (await image.getAttribute('src')) ?? '';
  return decodeQrImage(Buffer.from(src.slice(src.indexOf(',') + 1), 'base64'));
}

async function phone(
  options: { largeText?: boolean; browser?: Browser } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(options.browser ?? shell.browser, {
    viewport: PHONE,
    serviceWorkers: 'allow',
  });
  if (options.largeText) {
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
  }
  return { context, page: await context.newPage() };
}

/** The 200% text scene's phone, offline with a ticket kept, for the Hindi scene after it. */
let offlinePhone: { context: BrowserContext; page: Page } | undefined;

afterAll(async () => {
  await offlinePhone?.context.close();
});

describe("the guest's tickets without a connection", () => {
  // Each scene's guest is new on each attempt (support/api.ts newEmail): a retry would find two tickets kept.
  it('a reload with the network cut shows the saved tickets, QR and code, under the banner; back online the list is fresh', async () => {
    const guest = await api.signIn(newEmail('offline.tickets'), 'Priya Offline');
    const ticket = await api.buyTicket<TicketJson>(guest);
    const { context, page } = await phone({ browser: suite.browser });
    await openTicketsOnline(page, guest, 1);
    expect(await page.getByTestId('offline-banner').count()).toBe(0);

    await context.setOffline(true);
    const offline = await page.reload({ waitUntil: 'domcontentloaded' });
    // The worker answers with My Tickets' own document, its pre-rendered first screen (not the landing's).
    expect(offline?.fromServiceWorker()).toBe(true);
    const html = (await offline?.text()) ?? '';
    expect(html).toContain('<html lang="en" data-static-page="guest">');
    expect(html).toContain('data-static-page-name="guest"');
    expect(html).not.toContain('id="static-landing"');
    const banner = page.getByTestId('offline-banner');
    // Chromium sometimes keeps navigator.onLine true after the reload (a venue Wi-Fi connected to nothing
    // looks the same): then the session check's retries come first, up to ~7 s.
    await banner.waitFor();
    expect((await banner.textContent())?.trim()).toMatch(BANNER);
    // Still signed in although /auth/me cannot answer, and the tickets are this person's.
    await page.getByRole('button', { name: /^Account menu for Priya Offline/ }).waitFor();
    expect(page.url()).toBe(`${suite.server.url}/dashboard/guest`);
    expect(await qrOf(page, ticket)).toEqual([ticket.qrCode]);
    const card = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
    expect(await card.getByTestId('ticket-code').textContent()).toBe(ticket.ticketId);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'offline-tickets-390');
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
      .analyze();
    expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target.join(' ')}`)).toEqual(
      [],
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'offline-tickets-qr-390');

    // Meanwhile a second ticket is bought elsewhere; the connection returns and the phone shows it.
    const second = await api.buyTicket<TicketJson>(guest);
    const answers: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/'))
        answers.push(`${new URL(response.url()).pathname} ${response.status()}`);
    });
    await context.setOffline(false);
    // The list is fetched afresh and the saved session confirmed with the server: at the 'online' event, or
    // (no event when the browser never thought it was offline) at the session's next check, within 15 s.
    await page.locator(`article[data-ticket-id="${second.ticketId}"]`).waitFor();
    await expect.poll(() => banner.count()).toBe(0);
    await expect.poll(() => answers).toContain('/api/auth/me 200');

    // Online but the server in trouble (a 503 for /auth/me): still signed in from the saved user.
    await page.route('**/api/auth/me', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: /^Account menu for Priya Offline/ }).waitFor();
    await expect.poll(() => page.locator('article[data-ticket-id]').count()).toBe(2);
    expect(page.url()).toBe(`${suite.server.url}/dashboard/guest`);
    // Installable: Chromium finds nothing missing (manifest, icons, a worker that controls the page) but
    // the test's own incognito context. Checked last: after a DevTools session of its own, a reload with
    // the network cut could keep navigator.onLine true. The manifest is linked once the page has loaded and
    // is idle (decision 1125).
    await page.locator('link[rel="manifest"]').waitFor({ state: 'attached' });
    const devtools = await context.newCDPSession(page);
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors');
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    expect((await devtools.send('Page.getAppManifest')).errors).toEqual([]);
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/guest.webmanifest');
    await context.close();
  });

  it('on a bad signal the browser thinks is online, a reload shows the saved tickets while the session check still hangs, not after its retries, and no failure toast', async () => {
    const guest = await api.signIn(newEmail('liefi.tickets'), 'Neha Liefi');
    const ticket = await api.buyTicket<TicketJson>(guest);
    const { context, page } = await phone();
    await openTicketsOnline(page, guest, 1);
    // The session check and the data calls hang (a venue signal that carries next to nothing); the app's
    // configuration, read before anything else, still comes through.
    let sessionChecks = 0;
    await page.route(/\/api\/(auth\/me|tickets\/my-tickets|event)\b/, (route) => {
      if (new URL(route.request().url()).pathname === '/api/auth/me') sessionChecks += 1;
    });
    await page.reload({ waitUntil: 'domcontentloaded' });
    // The saved copy comes a moment after the session check began (the app waits under a second for it), not
    // when its first attempt has timed out and been tried again (REQUEST_TIMEOUT_MS, 30 s of the page's time,
    // longer than this wait): shown while that one check is still the only one. How many seconds it took is
    // not asserted (a speed; the page's own timers decide the order).
    await page.locator(`article[data-ticket-id="${ticket.ticketId}"]`).waitFor({ timeout: 25_000 });
    expect(sessionChecks).toBe(1);
    // Nothing failed and the browser says online: from the phone a hanging signal is a server slow to answer,
    // and the banner says that, not "offline" (which it says only once the device is known to be offline).
    expect((await page.getByTestId('offline-banner').textContent())?.trim()).toMatch(
      /^The server is slow to answer — showing tickets saved at \d{2}:\d{2}$/,
    );
    await page.getByRole('button', { name: /^Account menu for Neha Liefi/ }).waitFor();
    // Still nothing from the server after its retries: the banner says so, and no toast repeats it.
    await page.waitForTimeout(9_000);
    expect(await page.getByText(/^Failed to load data/).count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'liefi-tickets-390');
    await context.close();
  });

  it('after sign-out nothing of that person stays on the phone, and the next person never sees their tickets offline', async () => {
    const first = await api.signIn(newEmail('first.person'), 'Kavya First');
    const ticket = await api.buyTicket<TicketJson>(first);
    const { context, page } = await phone();
    await openTicketsOnline(page, first, 1);
    const firstPerson = (await savedKeys(page))[0]?.split(':')[0] ?? '';
    expect(firstPerson).not.toBe('');

    await page.getByRole('button', { name: /^Account menu for Kavya First/ }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await expect.poll(() => savedKeys(page)).toEqual([]);
    await context.setOffline(true);
    await page.goto(`${suite.server.url}/dashboard/guest`, { waitUntil: 'domcontentloaded' });
    await page.waitForURL(`${suite.server.url}/`);
    expect(await page.content()).not.toContain(ticket.ticketId);
    await context.setOffline(false);

    // Someone else signs in on the same phone (no tickets of their own), then loses the connection.
    const next = await api.signIn(newEmail('next.person'), 'Rohan Next');
    await openTicketsOnline(page, next, 0);
    const keys = await savedKeys(page);
    expect(keys.some((key) => key.endsWith(':tickets'))).toBe(true);
    expect(keys.filter((key) => key.startsWith(`${firstPerson}:`))).toEqual([]);
    await context.setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('offline-banner').waitFor();
    await page.getByRole('button', { name: /^Account menu for Rohan Next/ }).waitFor();
    expect(await page.locator('article[data-ticket-id]').count()).toBe(0);
    expect(await page.content()).not.toContain(ticket.ticketId);
    await context.close();
  });

  it('at 200% text the offline banner and the saved tickets reflow on a 390 px phone', async () => {
    const guest = await api.signIn(newEmail('offline.large'), 'Meenakshi Sundaram Offline');
    const ticket = await api.buyTicket<TicketJson>(guest);
    const { context, page } = await phone({ largeText: true });
    await openTicketsOnline(page, guest, 1);
    await context.setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('offline-banner').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'offline-tickets-large-text-390');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    expect(await qrOf(page, ticket)).toEqual([ticket.qrCode]);
    offlinePhone = { context, page };
  });

  it('in Hindi the banner says the same in Hindi, in its Devanagari font', async () => {
    // The phone of the scene before, still offline, switched to Hindi (as its header's switcher keeps it); a phone
    // of its own if that scene failed.
    let kept = offlinePhone;
    offlinePhone = undefined;
    if (!kept) {
      const guest = await api.signIn(newEmail('offline.hindi'), 'Asha Offline');
      await api.buyTicket<TicketJson>(guest);
      kept = await phone();
      await openTicketsOnline(kept.page, guest, 1);
      await kept.context.setOffline(true);
    }
    const { context, page } = kept;
    await page.evaluate(() => localStorage.setItem('utsav.language', 'hi'));
    await page.reload({ waitUntil: 'domcontentloaded' });
    const banner = page.getByTestId('offline-banner');
    await banner.waitFor();
    expect((await banner.textContent())?.trim()).toMatch(
      /^ऑफ़लाइन — \d{2}:\d{2} बजे सहेजे गए टिकट दिखाए जा रहे हैं$/,
    );
    await expect
      .poll(() =>
        page.evaluate(() =>
          [...document.fonts]
            .filter((face) => face.family.includes('Devanagari'))
            .map((face) => face.status)
            .join(','),
        ),
      )
      .toMatch(/^loaded/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'offline-tickets-hindi-390');
    await context.close();
  });
});
