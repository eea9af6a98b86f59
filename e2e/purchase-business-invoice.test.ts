import { gstinCheckCharacter } from '@utsav/domain/gstin';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, apiAt, newEmail } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// A company buying passes for its staff, on a 390 px phone: with the organiser registered for GST, the purchase
// dialog offers "I need a GST invoice for my business". Ticked, it asks the GSTIN, the legal name and the address,
// each refused by its own field (marked invalid, its message tied to it, the focus moved to the first) with the
// rule the organiser's own settings use; once right, the order is paid and its invoice carries them. Everything
// is reached with the keyboard. In Gujarati at 200% text the section reads in Gujarati and nothing scrolls sideways.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

const withCheck = (first14: string) => `${first14}${gstinCheckCharacter(first14)}`;
const BUSINESS_GSTIN = withCheck('29AAGCB7383J1Z');
const MISTYPED_GSTIN = `${BUSINESS_GSTIN.slice(0, 14)}${BUSINESS_GSTIN.endsWith('5') ? '6' : '5'}`;

beforeAll(async () => {
  const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  await api.call('PUT', '/api/admin/tax-settings', admin.token, {
    registered: true,
    gstin: withCheck('27AAPFU0939F1Z'),
    legalName: 'Navratri Utsav Events LLP',
    address: '12 Marine Drive, Mumbai 400020',
    invoicePrefix: 'NU',
  });
});

/** The purchase dialog at its order summary, one ticket chosen, signed in as `buyer`. */
async function confirmStep(
  page: Page,
  names: { book: string; booking: string; next: string; confirm: string },
) {
  await page.getByRole('button', { name: names.book }).first().click();
  const booking = page.getByRole('dialog', { name: names.booking });
  await booking.getByRole('checkbox').check();
  await booking.getByRole('button', { name: names.next }).click();
  const confirm = page.getByRole('dialog', { name: names.confirm });
  await confirm.getByTestId('business-details').waitFor();
  return confirm;
}

const ENGLISH = {
  book: 'Book Your Tickets Now',
  booking: 'Book Your Tickets',
  next: 'Continue to Purchase',
  confirm: 'Confirm Your Purchase',
};

describe('a GST invoice for a business, from the purchase dialog', () => {
  it('refuses a mistyped GSTIN and missing details by their fields, then pays; the invoice carries them', async () => {
    // A new buyer on each attempt: a retry would find the first attempt's order too.
    const buyer: ApiUser = await api.signIn(newEmail('meera.business'), 'Meera Business');
    const context = await signedInContext(suite.browser, suite.server.url, buyer, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    const confirm = await confirmStep(page, ENGLISH);
    const section = confirm.getByTestId('business-details');
    expect(await section.getByRole('heading').textContent()).toBe('GST invoice');
    const gstin = section.getByRole('textbox', { name: 'GSTIN' });
    expect(await gstin.count()).toBe(0);

    // The keyboard alone: the tick is reached with Tab and ticked with Space, which reveals the fields.
    const wanted = section.getByRole('checkbox', { name: 'I need a GST invoice for my business' });
    await wanted.focus();
    await page.keyboard.press('Space');
    expect(await wanted.isChecked()).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => gstin.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.type(MISTYPED_GSTIN.toLowerCase());
    expect(await gstin.inputValue()).toBe(MISTYPED_GSTIN);

    // A whole GSTIN that does not check out is refused as it is typed, and paying is refused with every field.
    const gstinId = (await gstin.getAttribute('id')) ?? '';
    const gstinError = () => section.locator(`[id="${gstinId}-error"]`);
    await expect
      .poll(async () => (await gstinError().textContent()) ?? '')
      .toContain('This GSTIN does not check out');
    await confirm.getByRole('button', { name: /^Pay / }).click();
    const legalName = section.getByRole('textbox', { name: 'Legal name of the business' });
    const address = section.getByRole('textbox', { name: 'Registered address of the business' });
    await expect.poll(() => legalName.getAttribute('aria-invalid')).toBe('true');
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await gstin.getAttribute('aria-invalid')).toBe('true');
    expect((await gstin.getAttribute('aria-describedby'))?.split(' ')).toContain(`${gstinId}-error`);
    expect(await section.textContent()).toContain('The legal name that goes with this GSTIN is required');
    await expect.poll(() => gstin.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await page.getByRole('button', { name: 'Pay with UPI' }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'business-invoice-refused-390');

    await gstin.fill(BUSINESS_GSTIN);
    await expect
      .poll(async () => (await section.textContent()) ?? '')
      .toContain('Registered in 29 Karnataka');
    await legalName.fill('Bengaluru Dance Company Pvt Ltd');
    await address.fill('1 MG Road, Bengaluru 560001');
    await confirm.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('button', { name: 'Pay with UPI' }).click();
    await page.waitForURL(/\/payment-success$/);

    const { tickets } = await api.call<{ tickets: { orderId: string | null }[] }>(
      'GET',
      '/api/tickets/my-tickets',
      buyer.token,
    );
    expect(tickets).toHaveLength(1);
    const { document: invoice } = await api.call<{ document: { buyer: Record<string, unknown> } }>(
      'GET',
      `/api/tickets/orders/${tickets[0]!.orderId}/document?format=json`,
      buyer.token,
    );
    expect(invoice.buyer).toMatchObject({
      name: 'Meera Business',
      gstin: BUSINESS_GSTIN,
      legalName: 'Bengaluru Dance Company Pvt Ltd',
      address: '1 MG Road, Bengaluru 560001',
    });
    await context.close();
  });

  it('in Gujarati at 200% text the section asks and refuses in Gujarati, with nothing scrolling sideways', async () => {
    const context = await signedInContext(
      suite.browser,
      suite.server.url,
      { email: 'dhruv.business@example.test', name: 'Dhruv Business' },
      { viewport: PHONE, language: 'gu' },
    );
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    const confirm = await confirmStep(page, {
      book: 'હમણાં જ તમારી ટિકિટ બુક કરો',
      booking: 'તમારી ટિકિટો બુક કરો',
      next: 'ખરીદી ચાલુ રાખો',
      confirm: 'તમારી ખરીદીની પુષ્ટિ કરો',
    });
    const section = confirm.getByTestId('business-details');
    await section.getByRole('checkbox', { name: 'મારે મારા વ્યવસાય માટે GST ઇન્વૉઇસ જોઈએ છે' }).check();
    await section.getByRole('textbox', { name: 'GSTIN' }).fill(MISTYPED_GSTIN);
    await confirm.getByRole('button', { name: /₹/ }).click();
    await expect.poll(async () => (await section.textContent()) ?? '').toContain('આ GSTIN બરાબર બેસતો નથી');
    await expect.poll(async () => (await confirm.textContent()) ?? '').toContain('કૃપા કરીને');
    await expectNoHorizontalScroll(page);
    // Within the phone's width, and nothing in the dialog scrolls sideways either.
    const box = await section.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const sideways = await section.evaluate((element) => {
      const widths: number[] = [];
      for (let node: Element | null = element; node; node = node.parentElement) {
        widths.push(node.scrollWidth - node.clientWidth);
      }
      return Math.max(...widths);
    });
    expect(sideways).toBeLessThanOrEqual(0);
    await section.scrollIntoViewIfNeeded();
    await screenshot(page, 'business-invoice-gu-200');
    await context.close();
  });
});
