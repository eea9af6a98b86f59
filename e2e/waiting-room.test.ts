import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testClock } from '../apps/server/support/clock';
import { apiAt } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { signedInPage } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// The waiting screen inside the purchase flow, at phone width. The room is always on and lets in six people a
// minute (one every ten seconds) by the app's clock, which stands still until the test moves it: the line moves
// when the test says, not while the browser is still signing in (on a slow machine that took longer than ten
// seconds, and the person ahead had gone in before the place was read).
//
// The room answers from a snapshot at most a second old (by the app's clock): after changing the event the test
// moves the clock past it (SNAPSHOT_AGE_MS), as any second of real time does in production.
//
// Each buyer's phone already holds their sign-in (signing in is foundation's and the purchase dialog's subject).

const clock = testClock();
const SNAPSHOT_AGE_MS = 1100;
const product = usePrivateApp('waiting-room', {
  env: { WAITING_ROOM: 'always', QUEUE_ADMIT_PER_MINUTE: '6' },
  now: clock.now,
});
const suite = useBrowser();
const api = apiAt(() => product.url);

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe('the waiting room in the purchase flow', () => {
  it('a buyer told to wait sees their place, people ahead, the estimate and tickets left, then pays by itself', async () => {
    // A retry starts on a new install: the first attempt's people would still be in the line.
    await product.newInstallOnRetry('wait');
    // Two people ahead: the first takes the idle line's one free place, the second waits.
    for (const name of ['first', 'second']) {
      const person = await api.signIn(`${name}.ahead@example.test`, name);
      await api.call('POST', '/api/queue/join', person.token);
    }

    const page = await signedInPage(suite.browser, product.url, 'guest@utsav.test', { viewport: PHONE });
    const context = page.context();
    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    await confirm.getByRole('button', { name: /^Pay / }).click();

    const line = page.getByRole('dialog', { name: 'You Are in the Line' });
    await line.waitFor();
    const status = line.getByRole('status').first();
    await expect.poll(async () => (await status.textContent()) ?? '').toMatch(/^You are number 2 in line\./);
    await expect.poll(() => line.getByText('People ahead of you').isVisible()).toBe(true);
    await expect.poll(() => line.getByText('Estimated wait').isVisible()).toBe(true);
    await expect.poll(() => line.getByText('Tickets left').isVisible()).toBe(true);
    await expect
      .poll(() => line.getByText('Keep this page open; your place is kept.', { exact: false }).isVisible())
      .toBe(true);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'waiting-room-390');

    // Twenty seconds at six a minute: the person ahead and then this one go in. Nobody touches the page: the
    // next time it asks, the payment sheet opens by itself.
    clock.advance(20_000);
    const sheet = page.getByRole('dialog', { name: /Garba/ });
    await sheet.getByRole('button', { name: 'Pay with UPI' }).waitFor();
    await sheet.getByRole('button', { name: 'Pay with UPI' }).click();
    await page.waitForURL(/\/payment-success$/);
    await context.close();
  });

  it('tickets selling out while the person waits is said at once, in an alert', async () => {
    for (const name of ['third', 'fourth']) {
      const person = await api.signIn(`${name}.ahead@example.test`, name);
      await api.call('POST', '/api/queue/join', person.token);
    }
    const page = await signedInPage(
      suite.browser,
      product.url,
      { email: 'late.comer@example.test', name: 'Late Comer' },
      { viewport: PHONE },
    );
    const context = page.context();
    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
    await page
      .getByRole('dialog', { name: 'Confirm Your Purchase' })
      .getByRole('button', { name: /^Pay / })
      .click();
    await page.getByRole('dialog', { name: 'You Are in the Line' }).getByText('Your place in line').waitFor();

    // The organiser closes sales at what is already sold or held: nothing is left for the line.
    const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
    const current = await api.currentEvent();
    const taken = (current.totalTickets as number) - (current.availableTickets as number);
    const body = { ...current, features: (current.features as string[]).join(',') };
    await api.call('PUT', '/api/event', admin.token, { ...body, totalTickets: taken });
    clock.advance(SNAPSHOT_AGE_MS);

    const alert = page.getByRole('alert').filter({ hasText: 'sold out while you were waiting' });
    await alert.waitFor();
    await screenshot(page, 'waiting-room-sold-out-390');
    await api.call('PUT', '/api/event', admin.token, { ...body, totalTickets: current.totalTickets });
    clock.advance(SNAPSHOT_AGE_MS);
    await context.close();
  });

  it('before sales open the dialog counts down and lets a signed-in person join the line for the draw', async () => {
    const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
    const current = await api.currentEvent();
    const opensAt = new Date(clock.now().getTime() + 10 * 60_000).toISOString();
    await api.call('PUT', '/api/event', admin.token, {
      ...current,
      features: (current.features as string[]).join(','),
      salesOpenAt: opensAt,
    });
    clock.advance(SNAPSHOT_AGE_MS);

    const page = await signedInPage(
      suite.browser,
      product.url,
      { email: 'early.bird@example.test', name: 'Early Bird' },
      { viewport: PHONE },
    );
    const context = page.context();
    const countdown = page.getByTestId('sales-countdown').first();
    await expect.poll(async () => (await countdown.textContent()) ?? '').toContain('Ticket sales open on');
    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await dialog.getByRole('button', { name: 'Join the line' }).click();
    const line = page.getByRole('dialog', { name: 'You Are in the Line' });
    await expect
      .poll(async () => (await line.getByRole('status').first().textContent()) ?? '')
      .toContain('Places are drawn at random when sales open');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'waiting-room-before-opening-390');
    await context.close();
  });
});
