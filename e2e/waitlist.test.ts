import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sweepWaitlist } from '../apps/server/src/modules/waitlist/offers';
import { type ApiUser, apiAt } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { signedInContext, signedInPage as signedInDashboard } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// The waitlist as a guest and the organiser would meet it, on a phone: join when sold out,
// see one's place, get an offer with its countdown when tickets come back, buy it through the emulator's
// checkout; the organiser's view of the line.

const product = usePrivateApp('waitlist');
const suite = useBrowser();
const api = apiAt(() => product.url);

/** Capacity = what is sold and held now, plus `free`: "sold out" with free = 0, "tickets came back" after. */
async function leaveSeats(free: number): Promise<void> {
  const event = await api.currentEvent();
  const total = event.totalTickets as number;
  const available = event.availableTickets as number;
  await product.app.ctx.db
    .updateTable('events')
    .set({ total_tickets: total - available + free })
    .where('id', '=', event.id)
    .execute();
}

/**
 * My Tickets opened directly on a phone where `guest` is signed in as the chooser leaves it (support/signed-in.ts),
 * in `language` as the header's switcher remembers it (the browser's own when absent).
 */
async function signedInPage(guest: ApiUser, language?: 'hi'): Promise<Page> {
  const page = await signedInDashboard(
    suite.browser,
    product.url,
    { email: guest.email, name: guest.name },
    {
      viewport: PHONE,
      path: '/dashboard/guest',
      ...(language ? { language, accountMenu: /का खाता मेन्यू$/ } : {}),
    },
  );
  page.on('pageerror', (error) => console.error('[page error]', error));
  return page;
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A retry starts on a new install (the first attempt's line and offers would take the seats that come back), with
 * one ticket sold, as the scenes before leave it: a sold-out capacity is then at least 1.
 */
async function newInstallOnRetry(scene: string): Promise<void> {
  if (await product.newInstallOnRetry(scene)) {
    await api.buyTicket(await api.signIn('early.buyer@example.test', 'Early Buyer'));
  }
}

describe('the waitlist at 390 px', () => {
  it('a guest joins when sold out, is offered tickets that came back, and buys them before the timer runs out', async () => {
    await newInstallOnRetry('offer');
    await api.buyTicket(await api.signIn('first.buyer@example.test', 'First Buyer'));
    await leaveSeats(0);

    // Signed out, the sold-out hero invites to sign in and join.
    const visitor = await (await newContext(suite.browser, { viewport: PHONE })).newPage();
    await visitor.goto(product.url);
    await visitor.getByRole('button', { name: 'Sign in to join the waitlist' }).waitFor();
    await screenshot(visitor, 'waitlist-signed-out-390');
    await visitor.context().close();

    const guest = await api.signIn('neha.shah@example.test', 'Neha Shah');
    const page = await signedInPage(guest);
    await page.getByText('Event Sold Out').first().waitFor();
    await page.getByLabel('Tickets you want').selectOption('2');
    await page.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByText('You are number 1 on the waitlist, for 2 tickets.').waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'waitlist-waiting-390');

    // Two tickets come back; the next pass offers them to Neha, held for 30 minutes.
    await leaveSeats(2);
    expect(await sweepWaitlist(product.app.ctx)).toMatchObject({ offered: 1 });
    await page.reload();
    const offer = page.getByRole('region', { name: 'Tickets are held for you!' });
    await offer.waitFor();
    const text = ((await offer.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toMatch(/2 tickets came back for you \(₹[\d,]+\)/);
    expect(text).toMatch(/Time left:\s*(30:00|29:\d\d)/);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'waitlist-offer-390');

    // Someone else trying to buy now is told it is sold out: the offer holds the seats.
    const other = await api.signIn('other.buyer@example.test', 'Other Buyer');
    await expect(api.buyTicket(other)).rejects.toThrow(/409/);

    await offer.getByRole('button', { name: 'Buy now' }).click();
    await page
      .getByRole('dialog', { name: /Utsav|Garba/ })
      .getByRole('button', { name: 'Pay with UPI' })
      .click();
    await page.waitForURL(/\/payment-success/);
    const mine = await api.call<{ tickets: { status: string }[] }>(
      'GET',
      '/api/tickets/my-tickets',
      guest.token,
    );
    expect(mine.tickets.filter((ticket) => ticket.status === 'active')).toHaveLength(2);
    const place = await api.call<{ status: string }>('GET', '/api/waitlist/me', guest.token);
    expect(place.status).toBe('bought');
    await page.context().close();
  });

  it('an offer is bought the same way from the page’s buy button as from its banner', async () => {
    await newInstallOnRetry('buy button');
    await leaveSeats(0);
    const guest = await api.signIn('meera.iyer@example.test', 'Meera Iyer');
    await api.call('POST', '/api/waitlist', guest.token, { quantity: 1 });
    // A seat comes back; the commit that returned it offers it at once (no sweep).
    await leaveSeats(1);
    await product.app.ctx.seatsReturned((await api.currentEvent()).id);

    const page = await signedInPage(guest);
    const banner = page.getByRole('region', { name: 'Tickets are held for you!' });
    await banner.waitFor();
    // Sold out to everyone else, the page still offers this person a buy button: it opens the same offer.
    await page.getByRole('button', { name: 'Buy Tickets Now' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Tickets are held for you!' });
    await dialog.waitFor();
    const text = ((await dialog.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toMatch(/1 ticket came back for you \(₹[\d,]+\)/);
    expect(text).toMatch(/the same offer as on the page/);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'waitlist-offer-dialog-390');

    await dialog.getByRole('button', { name: 'Buy now' }).click();
    await page
      .getByRole('dialog', { name: /Utsav|Garba/ })
      .getByRole('button', { name: 'Pay with UPI' })
      .click();
    await page.waitForURL(/\/payment-success/);
    const place = await api.call<{ status: string }>('GET', '/api/waitlist/me', guest.token);
    expect(place.status).toBe('bought');
    await page.context().close();
  });

  it('the organiser sees the line, its offers and the numbers', async () => {
    await newInstallOnRetry('organiser');
    await leaveSeats(0);
    for (const [email, name] of [
      ['ravi.patel@example.test', 'Ravi Patel'],
      ['sara.dsouza@example.test', 'Sara Dsouza'],
    ] as const) {
      const guest = await api.signIn(email, name);
      await api.call('POST', '/api/waitlist', guest.token, { quantity: 1 });
    }
    await leaveSeats(1);
    await sweepWaitlist(product.app.ctx);

    const context = await signedInContext(suite.browser, product.url, 'admin@utsav.test', {
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${product.url}/dashboard/admin?view=waitlist`);
    await page.getByRole('heading', { level: 1, name: 'Waitlist' }).waitFor();
    const list = page.getByRole('list', { name: 'People on the waitlist' });
    await list.getByText('Ravi Patel').waitFor();
    expect(await list.getByText('Sara Dsouza').isVisible()).toBe(true);
    expect(await page.getByText('Offer ends').first().isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'waitlist-admin-390');
    await context.close();
  });

  it('in Hindi the sold-out guest reads the waitlist in Hindi', async () => {
    await newInstallOnRetry('hindi');
    // Run on its own, nothing is sold yet: one ticket, so a sold-out capacity is still at least 1.
    if ((await api.currentEvent()).soldTickets === 0) {
      await api.buyTicket(await api.signIn('early.buyer@example.test', 'Early Buyer'));
    }
    await leaveSeats(0);
    const guest = await api.signIn('kavya.joshi@example.test', 'Kavya Joshi');
    // The language remembered on this phone, as the language switcher saves it.
    const page = await signedInPage(guest, 'hi');
    await page.getByLabel('आपको कितने टिकट चाहिए').selectOption('1');
    await page.getByRole('button', { name: 'वेटलिस्ट में शामिल हों' }).click();
    await page.getByText(/वेटलिस्ट में आपका नंबर \d+ है, 1 टिकट के लिए।/).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'waitlist-waiting-hi-390');
    await page.context().close();
  });
});
