import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, apiAt } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { storeSignIn } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// A waitlist offer's banner on a 390 px phone asks the organiser's questions before "Buy now" opens the payment:
// a required answer left out is refused by its own field (nothing is paid), answered, the offer is paid and the
// ticket carries the answers; on an event with two types it asks the offered type's questions, not the other's.
// An offer of a resold ticket whose seller withdrew it leaves the page at once when "Buy now" is refused, saying why.

const product = usePrivateApp('waitlist-offer-questions');
const suite = useBrowser();
const api = apiAt(() => product.url);
const BANNER = 'Tickets are held for you!';

/** Capacity = what is sold and held now, plus `free`. */
async function leaveSeats(free: number): Promise<void> {
  const event = await api.currentEvent();
  await product.app.ctx.db
    .updateTable('events')
    .set({ total_tickets: (event.totalTickets as number) - (event.availableTickets as number) + free })
    .where('id', '=', event.id)
    .execute();
}

async function setQuestions(questions: unknown[]): Promise<Record<string, string>> {
  const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  const saved = await api.call<{ questions: { kind: string; id: string }[] }>(
    'PUT',
    '/api/admin/checkout-questions',
    admin.token,
    { questions },
  );
  return Object.fromEntries(saved.questions.map((question) => [question.kind, question.id]));
}

const PHONE_AND_AGE = [
  { kind: 'phone', label: 'Mobile number', required: true, perTicket: true },
  { kind: 'age-18', label: 'I confirm I am 18 or older', required: true, perTicket: false },
];

async function guestDashboard(guest: ApiUser): Promise<Page> {
  const page = await (await newContext(suite.browser, { viewport: PHONE })).newPage();
  page.on('pageerror', (error) => console.error('[page error]', error));
  // Signed in as the chooser leaves it (support/signed-in.ts): the chooser is tested where it is the subject.
  await storeSignIn(page, product.url, { email: guest.email, name: guest.name });
  await page.goto(`${product.url}/dashboard/guest`);
  return page;
}

/**
 * "Buy now" in the banner, paid with UPI at the checkout: the guest's new ticket (active, not one of `before`) and
 * its answers as staff read them, [question id, value].
 */
async function payFromBanner(
  page: Page,
  banner: Locator,
  guest: ApiUser,
  admin: ApiUser,
  before: string[],
): Promise<{ ticketId: string; answers: [string, string][] }> {
  await banner.getByRole('button', { name: 'Buy now' }).click();
  await page
    .getByRole('dialog', { name: /Utsav|Garba/ })
    .getByRole('button', { name: 'Pay with UPI' })
    .click();
  await page.waitForURL(/\/payment-success/);
  const mine = await api.call<{ tickets: { id: string; status: string }[] }>(
    'GET',
    '/api/tickets/my-tickets',
    guest.token,
  );
  const ticket = mine.tickets.find((one) => one.status === 'active' && !before.includes(one.id));
  expect(ticket).toBeDefined();
  const read = await api.call<{ answers: { questionId: string; value: string }[] }>(
    'GET',
    `/api/admin/tickets/${ticket!.id}/answers`,
    admin.token,
  );
  const answers = read.answers.map((answer): [string, string] => [answer.questionId, answer.value]);
  return { ticketId: ticket!.id, answers };
}

describe('a waitlist offer with questions at 390 px', () => {
  it('the banner asks the offered type’s required questions before paying, and the ticket carries the answers', async () => {
    // A retry starts on a new install: the first attempt's line and offers would take the seats that come back.
    await product.newInstallOnRetry('questions');
    await setQuestions([]);
    await api.buyTicket(await api.signIn('first.buyer@example.test', 'First Buyer'));
    await leaveSeats(0);
    const guest = await api.signIn('nisha.offer@example.test', 'Nisha Offer');
    await api.call('POST', '/api/waitlist', guest.token, { quantity: 1 });
    const ids = await setQuestions(PHONE_AND_AGE);
    await leaveSeats(1);
    await product.app.ctx.seatsReturned((await api.currentEvent()).id);

    const page = await guestDashboard(guest);
    const banner = page.getByRole('region', { name: BANNER });
    await banner.waitFor();
    const questions = banner.getByTestId('checkout-questions');
    await questions.getByRole('heading', { name: 'A few questions from the organiser' }).waitFor();
    const phone = questions.getByRole('group', { name: /Mobile number/ }).getByLabel('Ticket 1');
    await questions.getByLabel(/I confirm I am 18 or older/).check();

    // The number left out: refused by its field (invalid, message tied to it, focused); the payment never opens.
    await banner.getByRole('button', { name: 'Buy now' }).click();
    const error = questions.getByTestId('answer-error');
    await expect.poll(() => error.count()).toBe(1);
    expect(await error.textContent()).toContain('Please answer this question');
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(((await phone.getAttribute('aria-describedby')) ?? '').split(' ')).toContain(
      await error.getAttribute('id'),
    );
    await expect.poll(() => phone.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Pay with UPI' }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'waitlist-offer-questions-refused-390');

    // Answered from the keyboard (the field has the focus), then paid.
    await page.keyboard.type('98765 43210');
    const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
    const first = await payFromBanner(page, banner, guest, admin, []);
    expect(first.answers).toEqual([
      [ids.phone, '+91 98765 43210'],
      [ids['age-18'], 'Yes'],
    ]);

    // An event with two types: the banner asks the questions of the offered type only. Nisha waits in the couple
    // pass's own line; the couple pass's question (a mobile number) is asked, the entry pass's (a text) is not.
    await setQuestions([]);
    const { ticketTypes } = await api.call<{ ticketTypes: { id: string; isDefault: boolean }[] }>(
      'GET',
      '/api/admin/ticket-types',
      admin.token,
    );
    const entry = ticketTypes.find((type) => type.isDefault)!.id;
    const couplePass = { name: 'Couple pass', price: 699, capacity: 1 };
    const couple = (
      await api.call<{ ticketType: { id: string } }>(
        'POST',
        '/api/admin/ticket-types',
        admin.token,
        couplePass,
      )
    ).ticketType.id;
    await leaveSeats(1);
    const early = await api.signIn('couple.early@example.test', 'Early Couple');
    await api.buyItems(early, [{ ticketTypeId: couple, quantity: 1 }], 699);
    // The event has room again; only the couple pass is sold out, so Nisha joins its own line (once the waitlist's
    // pass has counted her paid offer as bought).
    await leaveSeats(1);
    await product.app.ctx.seatsReturned((await api.currentEvent()).id);
    await api.call('POST', '/api/waitlist', guest.token, { quantity: 1, ticketTypeId: couple });
    const typed = await setQuestions([
      { ...PHONE_AND_AGE[0], ticketTypeIds: [couple] },
      { kind: 'text', label: 'Your garba group', required: true, perTicket: false, ticketTypeIds: [entry] },
    ]);
    await api.call('PUT', `/api/admin/ticket-types/${couple}`, admin.token, { ...couplePass, capacity: 2 });
    await product.app.ctx.seatsReturned((await api.currentEvent()).id);

    await page.goto(`${product.url}/dashboard/guest`);
    const coupleBanner = page.getByRole('region', { name: BANNER });
    const asked = coupleBanner.getByTestId('checkout-questions');
    const couplePhone = asked.getByRole('group', { name: /Mobile number/ }).getByLabel('Ticket 1');
    await couplePhone.waitFor();
    expect(await asked.getByText('Your garba group').count()).toBe(0);
    await couplePhone.fill('91234 56789');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'waitlist-offer-type-question-390');
    const second = await payFromBanner(page, coupleBanner, guest, admin, [first.ticketId]);
    expect(second.answers).toEqual([[typed.phone, '+91 91234 56789']]);
    await page.context().close();
  });

  it('an offer whose resold ticket was withdrawn leaves the page when "Buy now" is refused', async () => {
    await product.newInstallOnRetry('withdrawn');
    await setQuestions([]);
    const seller = await api.signIn('seller.withdraws@example.test', 'Seller Withdraws');
    await leaveSeats(1);
    const sold = await api.buyTicket<{ id: string }>(seller);
    await leaveSeats(0);
    const guest = await api.signIn('tara.waits@example.test', 'Tara Waits');
    await api.call('POST', '/api/waitlist', guest.token, { quantity: 1 });
    await setQuestions(PHONE_AND_AGE);
    await api.call('POST', `/api/tickets/${sold.id}/resale`, seller.token);

    const page = await guestDashboard(guest);
    const banner = page.getByRole('region', { name: BANNER });
    await banner.waitFor();
    // The seller takes the ticket back while the banner still counts down.
    await api.call('DELETE', `/api/tickets/${sold.id}/resale`, seller.token);
    await banner
      .getByRole('group', { name: /Mobile number/ })
      .getByLabel('Ticket 1')
      .fill('98765 43210');
    await banner.getByLabel(/I confirm I am 18 or older/).check();
    await banner.getByRole('button', { name: 'Buy now' }).click();

    await page.getByText(/The seller withdrew the resold ticket offered to you/).waitFor();
    await expect.poll(() => page.getByRole('region', { name: BANNER }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Pay with UPI' }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'waitlist-offer-withdrawn-390');
    await page.context().close();
  });
});
