import { readFileSync } from 'node:fs';
import { gstinCheckCharacter } from '@utsav/domain/gstin';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { DESKTOP, newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { openInApp } from './support/in-app';
import { signedInContext, storeSignIn } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The admin panel "Tax and invoices" on a 390 px phone: the organiser registers for GST with the shared
// schema's per-field messages shown as the GSTIN is typed and when the form is sent, sees the state the GSTIN
// names, saves, and downloads a month's GST export as CSV. A manager gets no such tile. In Hindi, at 200% text,
// the panel and its messages read in Hindi and nothing scrolls sideways.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

const FIRST_14 = '27AAPFU0939F1Z';
const GSTIN = `${FIRST_14}${gstinCheckCharacter(FIRST_14)}`;
/** The same GSTIN with its check character changed: a typo only the check catches. */
const MISTYPED = `${FIRST_14}${gstinCheckCharacter(FIRST_14) === 'A' ? 'B' : 'A'}`;

async function openTaxPanel(page: Page, options: { language?: 'en' | 'hi'; largeText?: boolean } = {}) {
  if (options.largeText) {
    await page.context().addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
  }
  await storeSignIn(page, suite.server.url, 'admin@utsav.test');
  if (options.language) {
    await page.evaluate((chosen) => localStorage.setItem('utsav.language', chosen), options.language);
  }
  await page.goto(`${suite.server.url}/dashboard/admin?view=tax`);
}

/** The admin's phone from the first scene, kept open for the export on the panel it saved. */
let registered: Page | undefined;

afterAll(async () => {
  await registered?.context().close();
});

const field = (page: Page, id: string) => page.locator(`#${id}`);
const errorOf = (page: Page, id: string) => page.locator(`#${id}-error`);

describe('the "Tax and invoices" panel at 390 px', () => {
  it('registers the organiser: the GSTIN is checked as it is typed, the prefix when sent, then saved', async () => {
    // A retry starts on a new server: nothing sets saved settings back to the defaults.
    await suite.newInstallOnRetry('register');
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await openTaxPanel(page);
    await page.getByRole('heading', { level: 1, name: 'Tax and invoices' }).waitFor();
    await page.getByText('Not saved yet: these are the defaults.', { exact: false }).waitFor();
    await page.getByLabel('Registered for GST').check();

    // Half-typed: not wrong yet. Fifteen characters with a typo: the check names it at once.
    await field(page, 'tax-gstin').fill(FIRST_14);
    expect(await errorOf(page, 'tax-gstin').count()).toBe(0);
    await field(page, 'tax-gstin').fill(MISTYPED);
    await expect
      .poll(() => errorOf(page, 'tax-gstin').textContent())
      .toBe('This GSTIN does not check out: please look for a mistyped character');
    expect(await field(page, 'tax-gstin').getAttribute('aria-invalid')).toBe('true');
    await field(page, 'tax-gstin').fill(GSTIN.toLowerCase());
    await expect.poll(() => errorOf(page, 'tax-gstin').count()).toBe(0);
    await page.getByText('State: 27 Maharashtra').waitFor();
    expect(await field(page, 'tax-gstin').inputValue()).toBe(GSTIN);

    // Sent with the legal name missing and a prefix too long for 16 characters: both named, the first focused.
    await field(page, 'tax-invoicePrefix').fill('GARBA2026');
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await expect
      .poll(() => errorOf(page, 'tax-legalName').textContent())
      .toBe('The legal name registered for GST is required');
    expect(await errorOf(page, 'tax-invoicePrefix').textContent()).toBe(
      'The prefix is 1 to 5 capital letters, digits or hyphens, so that every number fits 16 characters',
    );
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('tax-legalName');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'tax-settings-errors-390');

    await field(page, 'tax-legalName').fill('Navratri Utsav Events LLP');
    await field(page, 'tax-address').fill('12 Marine Drive, Mumbai 400020');
    await field(page, 'tax-invoicePrefix').fill('nu26');
    await page.getByRole('button', { name: 'Save tax settings' }).click();
    await page.getByText('Tax settings saved').waitFor();
    await screenshot(page, 'tax-settings-saved-390');

    const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
    const stored = await api.call<{ settings: Record<string, unknown> }>(
      'GET',
      '/api/admin/tax-settings',
      admin.token,
    );
    expect(stored.settings).toMatchObject({
      registered: true,
      gstin: GSTIN,
      stateCode: '27',
      legalName: 'Navratri Utsav Events LLP',
      invoicePrefix: 'NU26',
      ratePercent: 18,
      exemptUpToPerPerson: 500,
      pricesIncludeTax: true,
    });
    registered = page;
  });

  it("downloads a month's GST export as CSV, and its documents as PDFs in a zip", async () => {
    // On the panel the organiser has just saved (a page of its own if that scene failed).
    const page = registered ?? (await (await newContext(suite.browser, { viewport: PHONE })).newPage());
    const context = page.context();
    registered = undefined;
    if (page.url() === 'about:blank') await openTaxPanel(page);
    await page.getByRole('heading', { level: 2, name: 'Monthly GST export' }).waitFor();
    await field(page, 'gst-export-month').fill('2026-10');
    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe('gst-2026-10.csv');
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toContain('B2B');
    expect(csv).toContain('Buyer GSTIN');
    await page.getByText('GST export downloaded').waitFor();
    await page.getByRole('heading', { level: 2, name: 'Monthly GST export' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'tax-export-390');

    // The month's documents as PDFs, one zip (empty of documents here: the file is still a whole zip).
    const zipped = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDFs (zip)' }).click();
    const archive = await zipped;
    expect(archive.suggestedFilename()).toBe('gst-2026-10-documents.zip');
    expect(
      readFileSync(await archive.path())
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
    await context.close();
  });

  it('in Hindi at 200% text reads in Hindi, its GSTIN message too, on a phone and a desktop', async () => {
    // One page, widened from the phone to a desktop: the same panel at two widths.
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await openTaxPanel(page, { language: 'hi', largeText: true });
    for (const [viewport, name] of [
      [PHONE, '390'],
      [DESKTOP, 'desktop'],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.getByRole('heading', { level: 1, name: 'कर और इनवॉइस' }).waitFor();
      await field(page, 'tax-registered').check();
      await field(page, 'tax-gstin').fill('27AAPFU0939F1');
      await field(page, 'tax-legalName').focus();
      await expect.poll(() => errorOf(page, 'tax-gstin').textContent()).toBe('GSTIN में 15 अक्षर होते हैं');
      await screenshot(page, `tax-settings-hindi-large-text-${name}`);
      await expectNoHorizontalScroll(page);
    }
    await context.close();
  });

  it('is not offered to a manager, and says who may change it', async () => {
    const context = await signedInContext(suite.browser, suite.server.url, 'manager@utsav.test', {
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/manager`);
    await page.getByRole('heading', { level: 1, name: 'Manager Dashboard' }).waitFor();
    await page.getByRole('button', { name: /Organiser/ }).waitFor();
    expect(await page.getByRole('button', { name: /Tax and invoices/ }).count()).toBe(0);
    // Opened inside the app, as a typed address the app's router answers (support/in-app.ts).
    await openInApp(page, '/dashboard/manager?view=tax');
    await page.getByText('Only an admin can change the tax settings.').waitFor();
    expect(await page.locator('#tax-gstin').count()).toBe(0);
    await context.close();
  });
});
