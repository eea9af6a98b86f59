import { GATE_UNDO_OFFER_MS } from '@utsav/domain/gate-undo';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pausableClock } from '../apps/server/support/clock';
import { type ApiUser, apiAt } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { storeSignIn } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// The gate's undo at 390 px: after the second tap admits a guest from a typed code or from "Find a guest", the
// volunteer can take the entry back for a few seconds; the ticket is then not in (the organiser's history shows no
// pass) and can be admitted again. The page's clock is held (Playwright's clock) and moved on explicitly, and the
// server's clock is held while an undo is made: no step races a timer.

const clock = pausableClock();
const product = usePrivateApp('gate-undo', { now: clock.now });
const api = apiAt(() => product.url);

// The worker's Chromium (support/suite.ts), not one launched for this file alone.
const shared = useBrowser();
let browser: Browser;
let admin: ApiUser;

beforeAll(async () => {
  browser = shared.browser;
  admin = await api.signIn('admin@utsav.test', 'Asha Admin');
});

interface BoughtTicket {
  id: string;
  ticketId: string;
}

async function passesOf(ticketId: string): Promise<unknown[]> {
  const { history } = await api.call<{ history: unknown[] }>(
    'GET',
    `/api/admin/tickets/${ticketId}/checkins`,
    admin.token,
  );
  return history;
}

/** The scanner at 390 px, signed in as a volunteer, its timers on Playwright's clock. */
async function openGate(): Promise<Page> {
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error));
  await storeSignIn(page, product.url, 'checker@utsav.test');
  await page.clock.install();
  await page.goto(`${product.url}/dashboard/qrchecker`);
  await expect.poll(() => page.getByTestId('snapshot-info').textContent()).toMatch(/^Ticket list:/);
  return page;
}

/** Holds the page's clock where it is now: the undo offer stays up until the test moves time on. */
async function holdPageClock(page: Page): Promise<void> {
  // A moment ahead of the page's clock, which runs on while this call travels (and nothing is offered yet).
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 2_000);
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('undoing an entry at the gate, 390 px', () => {
  it('takes back a typed-code entry: the ticket is not in, and it admits again', async () => {
    const ticket = await api.buyTicket<BoughtTicket>(await api.signIn('uma.undo@example.test', 'Uma Undo'));
    const page = await openGate();
    const label = 'Ticket code printed under the QR (UT-…)';
    await page.getByLabel(label).fill(ticket.ticketId);
    await page.getByLabel(label).press('Enter');
    const confirm = page.getByRole('region', { name: 'Check before admitting' });
    await confirm.waitFor();
    // The type is shown as the scanner's result shows it.
    expect(await confirm.getByTestId('ticket-type').textContent()).toContain('Entry');

    clock.pause();
    await holdPageClock(page);
    await confirm.getByRole('button', { name: 'Admit Uma Undo' }).click();
    const offer = page.getByTestId('admit-undo');
    await offer.waitFor();
    expect(await offer.textContent()).toContain(
      'Uma Undo is in. Wrong guest? You can undo this entry for 10 seconds.',
    );
    expect(await page.getByTestId('stat-validEntries').textContent()).toBe('1');
    // Focus is back on the code field, not on Undo: a second Enter must not take the entry back by accident.
    await expect
      .poll(() => page.getByLabel(label).evaluate((element) => element === document.activeElement))
      .toBe(true);
    await noHorizontalScroll(page);
    await screenshot(page, 'gate-undo-offer-390');

    await offer.getByRole('button', { name: 'Undo the entry of Uma Undo' }).click();
    await offer
      .getByText('Entry undone: Uma Undo is not admitted, and their ticket can be used again.')
      .waitFor();
    clock.resume();
    expect(await page.getByTestId('stat-validEntries').textContent()).toBe('0');
    expect(await passesOf(ticket.id)).toEqual([]);
    await screenshot(page, 'gate-undo-done-390');

    // Typed again: the ticket is not in, so it is offered for admission again.
    await page.getByLabel(label).fill(ticket.ticketId);
    await page.getByLabel(label).press('Enter');
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Not yet in');
    await page.context().close();
  });

  it('offers the undo of a search entry for 10 seconds of the page clock, then the entry stands', async () => {
    const ticket = await api.buyTicket<BoughtTicket>(
      await api.signIn('sagar.search@example.test', 'Sagar Search'),
    );
    const page = await openGate();
    const search = page.getByLabel('Name, email or ticket code');
    await search.fill('sagar search');
    await search.press('Enter');
    const row = page.getByTestId('found-ticket').filter({ hasText: ticket.ticketId });
    await row.waitFor();
    expect(await row.getByTestId('ticket-type').textContent()).toContain('Entry');
    await row.getByRole('button', { name: `Admit Sagar Search, ticket ${ticket.ticketId}` }).click();
    await holdPageClock(page);
    await row.getByRole('button', { name: 'Admit Sagar Search', exact: true }).click();
    const offer = row.getByTestId('admit-undo');
    await offer.waitFor();
    await offer.scrollIntoViewIfNeeded();
    await noHorizontalScroll(page);
    await screenshot(page, 'gate-undo-search-offer-390');

    await page.clock.runFor(GATE_UNDO_OFFER_MS - 1_000);
    expect(await offer.count()).toBe(1);
    await page.clock.runFor(1_000);
    await offer.waitFor({ state: 'detached' });
    expect(await passesOf(ticket.id)).toEqual([
      expect.objectContaining({ direction: 'in', method: 'search' }),
    ]);
    await page.context().close();
  });
});
