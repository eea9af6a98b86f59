import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newEmail } from './support/api';
import { DESKTOP, newContext, PHONE, screenshot, signInThroughPopup } from './support/browser';
import { shownQrCodes } from './support/shown-qr';
import { signedInPage } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// Buying tickets as a person would: the purchase dialog, sign-in mid-purchase, the Razorpay
// emulator's payment sheet, /payment-success and My Tickets with a QR code that decodes to the ticket's token.

interface EventJson {
  id: string;
  name: string;
  ticketPrice: number;
  groupPrice4: number | null;
  availableTickets: number;
}

interface TicketJson {
  ticketId: string;
  status: string;
  qrCode: string;
  price: number;
}

// The server bundle in a process of its own, as `npm start` runs it: the payment emulator's checkout script is a
// file the bundle finds beside itself (support/server.ts).
const suite = useServerAndBrowser({ ownProcess: true });
let event: EventJson;

beforeAll(async () => {
  event = ((await (await fetch(`${suite.server.url}/api/event`)).json()) as { data: EventJson }).data;
});

const rupees = (value: number) => `₹${value.toLocaleString('en-IN')}`;

/** GET /api/tickets/my-tickets with the page's own session, as the app itself calls it. */
async function myTickets(page: Page): Promise<TicketJson[]> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('utsav.dev-identity') ?? '{}') as { idToken?: string };
    const response = await fetch('/api/tickets/my-tickets', {
      headers: { Authorization: `Bearer ${session.idToken}` },
    });
    return ((await response.json()) as { tickets: TicketJson[] }).tickets;
  });
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Starts a checkout of `quantity` seats with the page's own session (a hold, left unpaid), as another tab would. */
async function holdSeats(page: Page, quantity: number): Promise<number> {
  return page.evaluate(async (count) => {
    const session = JSON.parse(localStorage.getItem('utsav.dev-identity') ?? '{}') as { idToken?: string };
    const response = await fetch('/api/tickets', {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.idToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ quantity: count }),
    });
    return response.status;
  }, quantity);
}

// Signing in mid-purchase is the first scene's subject; the others start with the sign-in kept on the phone
// (support/signed-in.ts), as a returning guest's phone has it.
describe('buying tickets', () => {
  it('a signed-out visitor picks 5, signs in mid-purchase, pays by UPI and gets 5 tickets with a scannable QR', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await page.getByRole('heading', { level: 1, name: event.name }).waitFor();

    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.waitFor();
    const quantity = booking.getByRole('spinbutton', { name: 'Number of tickets' });
    await expect.poll(() => quantity.inputValue()).toBe('1');
    const increase = booking.getByRole('button', { name: 'Increase quantity' });
    for (let i = 0; i < 4; i += 1) await increase.click();
    await expect.poll(() => quantity.inputValue()).toBe('5');

    const group = event.groupPrice4 as number;
    const total = booking.locator('[aria-live="polite"]').first();
    await expect
      .poll(async () => (await total.textContent()) ?? '')
      .toContain(`5 tickets × ${rupees(group)}`);
    await expect
      .poll(async () => ((await total.textContent()) ?? '').replace(/\s+/g, ' '))
      .toContain(`Total ${rupees(group * 5)}`);
    await expect
      .poll(() =>
        booking
          .getByText(`You save ${rupees((event.ticketPrice - group) * 5)} with the group price`)
          .isVisible(),
      )
      .toBe(true);

    const cont = booking.getByRole('button', { name: 'Continue to Purchase' });
    expect(await cont.isDisabled()).toBe(true);
    await booking.getByRole('checkbox').check();
    expect(await cont.isEnabled()).toBe(true);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'purchase-dialog-390');
    await cont.click();

    const signInStep = page.getByRole('dialog', { name: 'Sign In Required' });
    await signInStep.waitFor();
    await screenshot(page, 'purchase-sign-in-390');
    await signInThroughPopup(page, 'guest@utsav.test', () =>
      signInStep.getByRole('button', { name: 'Sign In with Google' }).click(),
    );

    // The purchase resumes by itself, with the same 5 tickets.
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    await confirm.waitFor();
    await expect.poll(() => confirm.getByText('Gaurav Guest').isVisible()).toBe(true);
    // The demo guest's tickets before this purchase: none, or a failed first attempt's on CI's retry (same database).
    const before = (await myTickets(page)).length;
    await screenshot(page, 'purchase-confirm-390');
    await confirm.getByRole('button', { name: `Pay ${rupees(group * 5)}` }).click();

    const sheet = page.getByRole('dialog', { name: event.name });
    await sheet.getByRole('button', { name: 'Pay with UPI' }).click();

    await page.waitForURL(/\/payment-success$/);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    await expect.poll(() => page.getByText('5 tickets booked').isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'payment-success-390');

    await page.getByRole('button', { name: 'View My Tickets' }).click();
    await page.waitForURL(/\/dashboard\/guest$/);
    await page.getByRole('heading', { name: new RegExp(`Active\\s*\\(${before + 5}\\)`) }).waitFor();
    expect(await page.locator('article[data-ticket-id]').count()).toBe(before + 5);
    // The arrival scrolls to the tickets section.
    await expect
      .poll(() =>
        page.evaluate(() => Math.abs(document.getElementById('tickets')!.getBoundingClientRect().top) < 200),
      )
      .toBe(true);

    const firstCard = page.locator('article[data-ticket-id]').first();
    await firstCard.getByRole('button', { name: 'Show QR' }).click();
    const qr = firstCard.locator('img[data-qr-ticket]');
    await qr.waitFor();
    await firstCard.getByRole('button', { name: 'Hide QR' }).waitFor();
    const box = await qr.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThanOrEqual(240);

    const shownTicketId = (await qr.getAttribute('data-qr-ticket')) as string;
    const decoded = await shownQrCodes(qr);
    const tickets = await myTickets(page);
    expect(tickets).toHaveLength(before + 5);
    expect(tickets.every((ticket) => ticket.status === 'active' && ticket.price === group)).toBe(true);
    const shown = tickets.find((ticket) => ticket.ticketId === shownTicketId);
    expect(shown).toBeDefined();
    expect(decoded).toEqual([shown?.qrCode]);

    await qr.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'my-tickets-qr-390');

    await firstCard.getByRole('button', { name: 'View Details' }).click();
    // The code is printed under the QR and again in the details that just opened.
    await expect
      .poll(() => firstCard.getByText(shownTicketId, { exact: true }).last().isVisible())
      .toBe(true);
    await context.close();
  });

  it("dismissing the payment sheet says 'Payment cancelled' and keeps the purchase open for another try", async () => {
    const page = await signedInPage(suite.browser, suite.server.url, {
      email: 'cancel@utsav.test',
      name: 'Chetan Cancel',
    });
    const context = page.context();
    await page.getByRole('button', { name: 'View My Tickets' }).first().waitFor();

    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    await confirm.getByRole('button', { name: `Pay ${rupees(event.ticketPrice)}` }).click();

    const sheet = page.getByRole('dialog', { name: event.name });
    await sheet.getByRole('button', { name: 'Cancel payment' }).click();
    await expect.poll(() => page.getByText('Payment cancelled', { exact: true }).isVisible()).toBe(true);
    await confirm.waitFor();
    await screenshot(page, 'payment-cancelled-1280');
    expect(await myTickets(page)).toHaveLength(0);
    await context.close();
  });

  it('a signed-in guest buys from the dashboard at 1280 px (screenshots of dialog, success and My Tickets)', async () => {
    const page = await signedInPage(
      suite.browser,
      suite.server.url,
      // A new guest on each attempt (as in the scenes below): a retry would find the first attempt's tickets.
      { email: newEmail('priya'), name: 'Priya Desai' },
      { viewport: DESKTOP },
    );
    const context = page.context();
    await page.getByRole('button', { name: 'View My Tickets' }).first().click();
    await page.waitForURL(/\/dashboard\/guest$/);
    await page.getByRole('heading', { name: 'No Tickets Yet' }).waitFor();
    await screenshot(page, 'guest-dashboard-empty-1280');

    await page.getByRole('button', { name: 'Buy Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.getByRole('spinbutton', { name: 'Number of tickets' }).fill('2');
    await booking.getByRole('checkbox').check();
    await screenshot(page, 'purchase-dialog-1280');
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    await confirm.getByRole('button', { name: `Pay ${rupees(event.ticketPrice * 2)}` }).click();
    await page
      .getByRole('dialog', { name: event.name })
      .getByRole('button', { name: 'Pay with Card' })
      .click();

    await page.waitForURL(/\/payment-success$/);
    await expect.poll(() => page.getByText('2 tickets booked').isVisible()).toBe(true);
    await screenshot(page, 'payment-success-1280');

    await page.getByRole('button', { name: 'View My Tickets' }).click();
    await page.getByRole('heading', { name: /Active\s*\(2\)/ }).waitFor();
    const firstCard = page.locator('article[data-ticket-id]').first();
    await firstCard.getByRole('button', { name: 'Show QR' }).click();
    const qr = firstCard.locator('img[data-qr-ticket]');
    await qr.waitFor();
    await page.evaluate(() => document.getElementById('tickets')?.scrollIntoView({ block: 'start' }));
    expect(await shownQrCodes(qr)).toHaveLength(1);
    await screenshot(page, 'my-tickets-qr-1280');
    await context.close();
  });

  it('the dialog shows how many more a person may buy, keeps the choice within it, and says so at the cap', async () => {
    const page = await signedInPage(
      suite.browser,
      suite.server.url,
      { email: newEmail('hoarder'), name: 'Harsh Hoarder' },
      { viewport: PHONE },
    );
    const context = page.context();
    await page.getByRole('button', { name: 'View My Tickets' }).first().waitFor();
    expect(await holdSeats(page, 18)).toBe(200);

    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await expect
      .poll(() => booking.getByText('You may buy 2 more (up to 20 tickets per person).').isVisible())
      .toBe(true);
    const quantity = booking.getByRole('spinbutton', { name: 'Number of tickets' });
    await booking.getByRole('button', { name: 'Increase quantity' }).click();
    await expect.poll(() => quantity.inputValue()).toBe('2');
    expect(await booking.getByRole('button', { name: 'Increase quantity' }).isDisabled()).toBe(true);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'purchase-allowance-390');
    await booking.getByRole('button', { name: 'Close dialog' }).click();

    expect(await holdSeats(page, 2)).toBe(200);
    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const limit = page.getByRole('dialog', { name: 'Ticket Limit Reached' });
    await limit.waitFor();
    await expect
      .poll(() => limit.getByText(/One person may buy at most 20 tickets for this event/).isVisible())
      .toBe(true);
    await screenshot(page, 'purchase-limit-reached-390');
    await context.close();
  });

  it('a guest who dismisses the payment window and pays again pays the same order: one hold, not two', async () => {
    const page = await signedInPage(
      suite.browser,
      suite.server.url,
      { email: newEmail('retry'), name: 'Rekha Retry' },
      { viewport: PHONE },
    );
    const context = page.context();
    await page.getByRole('button', { name: 'View My Tickets' }).first().waitFor();

    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.getByRole('spinbutton', { name: 'Number of tickets' }).fill('12');
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    const total = rupees((event.groupPrice4 as number) * 12);
    await confirm.getByRole('button', { name: `Pay ${total}` }).click();
    const sheet = page.getByRole('dialog', { name: event.name });
    await sheet.getByRole('button', { name: 'Cancel payment' }).click();
    await confirm.waitFor();

    // 12 held and 12 more would pass the cap of 20: only paying the same order again can work.
    await confirm.getByRole('button', { name: `Pay ${total}` }).click();
    await sheet.getByRole('button', { name: 'Pay with UPI' }).click();
    await page.waitForURL(/\/payment-success$/);
    await expect.poll(() => page.getByText('12 tickets booked').isVisible()).toBe(true);
    expect(await myTickets(page)).toHaveLength(12);
    const allowance = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('utsav.dev-identity') ?? '{}') as { idToken?: string };
      const response = await fetch('/api/tickets/allowance', {
        headers: { Authorization: `Bearer ${session.idToken}` },
      });
      return ((await response.json()) as { allowance: unknown }).allowance;
    });
    expect(allowance).toEqual({ limit: 20, held: 0, bought: 12, remaining: 8 });
    await context.close();
  });
});
