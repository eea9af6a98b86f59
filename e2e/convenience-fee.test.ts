import { formatRupees } from '@utsav/domain/pricing';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { DESKTOP, newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { openInApp } from './support/in-app';
import { signedInContext, storeSignIn } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The convenience fee, set by the organiser in "Tax and invoices" and read by a guest before paying. The admin
// chooses a fixed ₹20 a ticket paid by the buyer (an amount of 0 refused under its field first); the guest's last
// step before paying shows a "Convenience fee" line and the total to pay, the Pay button says that total, and
// Razorpay is asked for exactly it; where the quantity is chosen, a note already says the fee per ticket and the
// total; the organiser's analytics then say the ticket sales and the convenience fees in them, to the paisa. In
// Hindi the same lines read in Hindi; at 390 px and on a desktop nothing scrolls sideways.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

let ticketPrice = 0;
/** The admin's page at 390 px, kept open from the settings to the figures once a guest has paid. */
let admin: { context: BrowserContext; page: Page } | undefined;

afterAll(async () => {
  await admin?.context.close();
});

beforeAll(async () => {
  const event = (await (await fetch(`${suite.server.url}/api/event`)).json()) as {
    data: { ticketPrice: number };
  };
  ticketPrice = event.data.ticketPrice;
});

const ENGLISH = {
  book: 'Book Your Tickets Now',
  booking: 'Book Your Tickets',
  next: 'Continue to Purchase',
  confirm: 'Confirm Your Purchase',
  fee: 'Convenience fee',
  toPay: 'Total to pay',
  pay: (amount: string) => `Pay ${amount}`,
  note: (total: string) => `A convenience fee of ₹20 is added to each paid ticket. Total to pay: ${total}`,
};

const HINDI = {
  book: 'अभी अपने टिकट बुक करें',
  booking: 'अपने टिकट बुक करें',
  next: 'ख़रीद जारी रखें',
  confirm: 'अपनी ख़रीद की पुष्टि करें',
  fee: 'सुविधा शुल्क',
  toPay: 'कुल भुगतान',
  pay: (amount: string) => `${amount} का भुगतान करें`,
  note: (total: string) => `हर भुगतान वाले टिकट पर ₹20 का सुविधा शुल्क जुड़ता है। कुल भुगतान: ${total}`,
};

/**
 * The purchase dialog at its last step before paying, one ticket chosen. Where the quantity is chosen, the fee per
 * ticket and the total to pay are already said.
 */
async function confirmStep(page: Page, names: typeof ENGLISH) {
  await page.getByRole('button', { name: names.book }).first().click();
  const booking = page.getByRole('dialog', { name: names.booking });
  const note = booking.getByText(names.note(formatRupees(ticketPrice + 20)));
  await note.waitFor();
  await screenshot(
    page,
    `convenience-fee-quantity-${await page.evaluate(() => document.documentElement.lang)}-${page.viewportSize()?.width}`,
  );
  await booking.getByRole('checkbox').check();
  await booking.getByRole('button', { name: names.next }).click();
  return page.getByRole('dialog', { name: names.confirm });
}

const text = async (page: Page) => ((await page.locator('body').textContent()) ?? '').replace(/\s+/g, ' ');

describe('the convenience fee', () => {
  it('the organiser sets ₹20 a ticket, paid by the buyer, in "Tax and invoices" (0 refused under its field)', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await storeSignIn(page, suite.server.url, 'admin@utsav.test');
    await page.goto(`${suite.server.url}/dashboard/admin?view=tax`);
    await page.getByRole('heading', { name: 'Convenience fee' }).waitFor();
    await page.getByRole('radio', { name: 'A fixed amount per ticket (₹)' }).check();
    const amount = page.getByRole('textbox', { name: 'Fee per ticket (₹)' });
    await amount.fill('0');
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await expect
      .poll(() => page.locator('#tax-convenienceFeeAmount-error').textContent())
      .toBe('A fixed fee is an amount in rupees from ₹0.01 to ₹10,000 per ticket, with at most two decimals');
    expect(await amount.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tax-convenienceFeeAmount');
    await amount.fill('20');
    // The payer is chosen with the keyboard: the radio group answers the arrow keys.
    await page.getByRole('radio', { name: 'You absorb it' }).focus();
    await page.keyboard.press('ArrowUp');
    expect(await page.getByRole('radio', { name: 'The buyer, on top of the ticket price' }).isChecked()).toBe(
      true,
    );
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await page.getByText('Tax settings saved').waitFor();
    await expectNoHorizontalScroll(page);
    await page.getByRole('heading', { name: 'Convenience fee' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'convenience-fee-settings-390');
    admin = { context, page };
  });

  it('a guest at 390 px reads the fee and the total to pay before paying, and pays exactly that', async () => {
    const buyer = await api.signIn('kavya.fee@example.test', 'Kavya Fee');
    const context = await signedInContext(suite.browser, suite.server.url, buyer, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    const confirm = await confirmStep(page, ENGLISH);
    const toPay = formatRupees(ticketPrice + 20);
    await confirm.getByText(ENGLISH.fee).waitFor();
    const shown = await text(page);
    expect(shown).toContain(`${ENGLISH.fee} (on each paid ticket)₹20`);
    expect(shown).toContain(`${ENGLISH.toPay}${toPay}`);
    await expectNoHorizontalScroll(page);
    await confirm.getByText(ENGLISH.toPay).scrollIntoViewIfNeeded();
    await screenshot(page, 'convenience-fee-dialog-en-390');

    await confirm.getByRole('button', { name: ENGLISH.pay(toPay) }).click();
    await page.getByRole('button', { name: 'Pay with UPI' }).click();
    await page.waitForURL(/\/payment-success$/);
    const { tickets } = await api.call<{ tickets: { orderId: string | null }[] }>(
      'GET',
      '/api/tickets/my-tickets',
      buyer.token,
    );
    const { document } = await api.call<{ document: { total: number; lines: { description: string }[] } }>(
      'GET',
      `/api/tickets/orders/${tickets[0]!.orderId}/document?format=json`,
      buyer.token,
    );
    expect(document.total).toBe(ticketPrice + 20);
    expect(document.lines.map((line) => line.description)).toContain('Convenience fee');
    await context.close();

    // The organiser's dashboard says the fee in the revenue; the analytics, the ticket sales (the fee is part of
    // what the guest paid) and the fee in them.
    // Both opened inside the app the admin loaded for the settings, as its tiles open them (support/in-app.ts).
    const { page: desk } = admin!;
    await openInApp(desk, '/dashboard/admin');
    await desk.getByText(`of which convenience fees ${formatRupees(20)}`).waitFor();
    await openInApp(desk, '/dashboard/admin?view=analytics');
    await desk
      .getByText(
        `Ticket sales ${formatRupees(ticketPrice + 20)}, of which convenience fees ${formatRupees(20)}`,
      )
      .waitFor();
    await expectNoHorizontalScroll(desk);
    await screenshot(desk, 'convenience-fee-analytics-390');
  });

  it('reads in Hindi at 390 px, and on a desktop in English and Hindi', async () => {
    for (const [language, viewport, names] of [
      ['hi', PHONE, HINDI],
      ['en', DESKTOP, ENGLISH],
      ['hi', DESKTOP, HINDI],
    ] as const) {
      const context = await signedInContext(
        suite.browser,
        suite.server.url,
        { email: `guest.${language}.${viewport.width}@example.test`, name: 'Ravi Fee' },
        { viewport, language },
      );
      const page = await context.newPage();
      await page.goto(suite.server.url);
      const confirm = await confirmStep(page, names);
      const toPay = formatRupees(ticketPrice + 20);
      await confirm.getByText(names.fee).waitFor();
      expect(await text(page)).toContain(`${names.toPay}${toPay}`);
      expect(await confirm.getByRole('button', { name: names.pay(toPay) }).count()).toBe(1);
      await expectNoHorizontalScroll(page);
      await confirm.getByText(names.toPay).scrollIntoViewIfNeeded();
      await screenshot(page, `convenience-fee-dialog-${language}-${viewport.width}`);
      await context.close();
    }
  });
});
