import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiAt } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll, openGuestDashboard } from './support/guest';
import { storeSignIn } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// Two passes sold out on their own capacity while the event still has room: the guest's dashboard at 390 px offers
// the waitlist for them, asks which one, and the guest waits for the couple pass; at 200% text it still fits.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

async function soldOutType(name: string, price: number, admits: number) {
  const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  const type = await api.call<{ ticketType: { id: string } }>(
    'POST',
    '/api/admin/ticket-types',
    admin.token,
    {
      name,
      price,
      admits,
      capacity: 1,
    },
  );
  await api.buyItems(
    await api.signIn(`${type.ticketType.id}@example.test`, 'Early Buyer'),
    [{ ticketTypeId: type.ticketType.id, quantity: 1 }],
    price,
  );
  return type.ticketType.id;
}

async function joinForm(page: Page) {
  const form = page.getByRole('form', { name: 'Join the waitlist' });
  await form.waitFor();
  return form;
}

it('a guest chooses which sold-out pass to wait for while the event still sells, at 390 px and at 200% text', async () => {
  // A retry starts on a new server: the first attempt's passes and its guest's place in line would be there.
  await suite.newInstallOnRetry('choose');
  await soldOutType('VIP pod', 1500, 1);
  const couple = await soldOutType('Couple pass', 699, 2);
  const guest = await api.signIn('waiting.couple@example.test', 'Riya Couple');

  const page = await openGuestDashboard(suite.browser, suite.server.url, guest, { viewport: PHONE });
  const form = await joinForm(page);
  expect(await form.textContent()).toContain('Some passes are sold out.');
  const type = form.getByLabel('Ticket type');
  expect(await type.locator('option').allTextContents()).toEqual(['VIP pod', 'Couple pass']);
  await type.selectOption(couple);
  await expectNoHorizontalScroll(page);
  await form.scrollIntoViewIfNeeded();
  await screenshot(page, 'waitlist-type-choice-390');
  await form.getByRole('button', { name: 'Join the waitlist' }).click();
  await page.getByText('You are number 1 on the waitlist', { exact: false }).waitFor();

  const mine = await api.call<{ status: string; quantity: number }>('GET', '/api/waitlist/me', guest.token);
  expect(mine).toMatchObject({ status: 'waiting', quantity: 1 });
  await page.context().close();

  // Another guest at 200% text: the form and its type choice reflow on a phone.
  const other = await api.signIn('waiting.vip@example.test', 'Vikram Vip');
  const large = await openGuestDashboard(suite.browser, suite.server.url, other, {
    viewport: PHONE,
    largeText: true,
  });
  const largeForm = await joinForm(large);
  await largeForm.getByLabel('Ticket type').waitFor();
  await largeForm.scrollIntoViewIfNeeded();
  await screenshot(large, 'waitlist-type-choice-large-text-390');
  // Nothing of the page's content reaches past the phone's edge (the form, its labels and selects wrap).
  const past = await large.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((element) => element.textContent?.slice(0, 30)),
  );
  expect(past).toEqual([]);
  await large.context().close();
});

it("the organiser's Waitlist panel says which pass's line each place is in, at 390 px", async () => {
  const context = await newContext(suite.browser, { viewport: PHONE });
  const page = await context.newPage();
  // Signed in as the chooser leaves it (support/signed-in.ts): the chooser is tested where it is the subject.
  await storeSignIn(page, suite.server.url, 'admin@utsav.test');
  await page.goto(`${suite.server.url}/dashboard/admin?view=waitlist`);
  await page.getByRole('heading', { level: 1, name: 'Waitlist' }).waitFor();
  const list = page.getByRole('list', { name: 'People on the waitlist' });
  const riya = list.getByRole('listitem').filter({ hasText: 'Riya Couple' });
  await riya.waitFor();
  expect(await riya.textContent()).toContain('Couple pass: its own line');
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'waitlist-admin-type-line-390');
  await context.close();
});
