import type { Language } from '@utsav/domain/languages';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, apiAt, newEmail } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll, openGuestDashboard } from './support/guest';
import { englishLeftovers } from './support/language';
import { useBrowser, usePrivateApp } from './support/suite';

// The guest's own screens in Hindi and Gujarati on a 390 px phone: My Tickets with an active, a
// cancelled and a transferred ticket, the Refund Tracker and the transfer dialog read entirely in the chosen
// language; what stays in Latin letters is the guest's data and names that are Latin everywhere.

interface BoughtTicket {
  id: string;
  ticketId: string;
}

const product = usePrivateApp('guest-languages');
const suite = useBrowser();
const api = apiAt(() => product.url);

/** Latin on the guest's screens in every language besides the shared list: product names, ID, PDF, the code's UT. */
const LATIN_HERE = ['ID', 'PDF', 'Apple', 'Wallet', 'UT'];

const TEXTS: Record<
  Exclude<Language, 'en'>,
  {
    heading: string;
    groups: RegExp[];
    showQr: string;
    transfer: (code: string) => string;
    transferTitle: string;
    cancel: (code: string) => string;
    cancelTitle: string;
    missingBoth: string;
    feeRule: string;
    nameRequired: string;
    trackerTile: RegExp;
    trackerTitle: string;
    refundPolicy: string;
    prevails: string;
  }
> = {
  hi: {
    heading: 'मेरे टिकट',
    groups: [/^सक्रिय\s*\(1\)$/, /^रद्द\s*\(1\)$/, /^ट्रांसफ़र किया गया\s*\(1\)$/],
    showQr: 'QR दिखाएँ',
    transfer: (code) => `टिकट ${code} ट्रांसफ़र करें`,
    transferTitle: 'टिकट ट्रांसफ़र करें',
    cancel: (code) => `टिकट ${code} रद्द करें`,
    cancelTitle: 'टिकट रद्द करें',
    missingBoth: 'आगे बढ़ने के लिए रद्द करने का कारण लिखें',
    feeRule: 'ट्रांसफ़र शुल्क: प्रति टिकट ₹50, अभी देना होगा।',
    nameRequired: 'कृपया पाने वाले का नाम लिखें।',
    trackerTile: /रिफ़ंड ट्रैकर/,
    trackerTitle: 'रिफ़ंड ट्रैकर',
    refundPolicy: 'रिफ़ंड नीति',
    prevails: 'अंग्रेज़ी संस्करण ही मान्य होगा',
  },
  gu: {
    heading: 'મારી ટિકિટો',
    groups: [/^સક્રિય\s*\(1\)$/, /^રદ\s*\(1\)$/, /^ટ્રાન્સફર કરેલી\s*\(1\)$/],
    showQr: 'QR બતાવો',
    transfer: (code) => `ટિકિટ ${code} ટ્રાન્સફર કરો`,
    transferTitle: 'ટિકિટ ટ્રાન્સફર કરો',
    cancel: (code) => `ટિકિટ ${code} રદ કરો`,
    cancelTitle: 'ટિકિટ રદ કરો',
    missingBoth: 'આગળ વધવા માટે રદ કરવાનું કારણ લખો',
    feeRule: 'ટ્રાન્સફર ફી: ટિકિટ દીઠ ₹50, અત્યારે ચૂકવવાની.',
    nameRequired: 'કૃપા કરીને મેળવનારનું નામ લખો.',
    trackerTile: /રિફંડ ટ્રૅકર/,
    trackerTitle: 'રિફંડ ટ્રૅકર',
    refundPolicy: 'રિફંડ નીતિ',
    prevails: 'અંગ્રેજી સંસ્કરણ જ માન્ય ગણાશે',
  },
};

/** One active, one cancelled (its refund under way) and one transferred ticket, bought and changed the real way. */
async function guestWithThreeTickets(email: string, name: string) {
  const guest = await api.signIn(email, name);
  const active = await api.buyTicket<BoughtTicket>(guest);
  const cancelled = await api.buyTicket<BoughtTicket>(guest);
  const given = await api.buyTicket<BoughtTicket>(guest);
  await api.call('PATCH', `/api/tickets/cancel/${cancelled.id}`, guest.token, { reason: 'Plans changed' });
  const recipient = { name: 'Gita Menon', email: `gita.${email}` };
  await api.transferTicket(guest, given.id, recipient);
  const event = await api.currentEvent();
  const data = [
    event.name,
    name,
    ...name.split(' '),
    recipient.name,
    recipient.email,
    guest.email,
    'Plans changed',
    ...[active, cancelled, given].map((ticket) => ticket.ticketId),
  ];
  return { guest, active, data };
}

/** Closes a dialog as a person would (Escape), before the next scene on the same page. */
async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.page().keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

async function groupHeadings(page: Page): Promise<string[]> {
  return (await page.locator('#tickets h3').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
}

describe.each(['hi', 'gu'] as const)('the guest screens in %s at 390 px', (language) => {
  const texts = TEXTS[language];
  let guest: ApiUser;
  let active: BoughtTicket;
  let data: string[];
  // One load of My Tickets for the four scenes that follow (each closes the dialog it opened): a page per scene
  // paid the app's compile and the dashboard's native work four times over.
  let page: Page;

  it('My Tickets and the dashboard tiles are all in the language, dates and counts included', async () => {
    // A new guest on each attempt: a retry would list the first attempt's three tickets too.
    ({ guest, active, data } = await guestWithThreeTickets(newEmail(`${language}.guest`), 'Nisha Rao'));
    page = await openGuestDashboard(suite.browser, product.url, guest, { viewport: PHONE, language });

    const tickets = page.locator('#tickets');
    await tickets.getByRole('heading', { name: texts.heading }).waitFor();
    await tickets.getByRole('button', { name: texts.showQr }).waitFor();
    const headings = await groupHeadings(page);
    expect(headings).toHaveLength(texts.groups.length);
    texts.groups.forEach((pattern, index) => {
      expect(headings[index]).toMatch(pattern);
    });
    expect(await englishLeftovers(tickets, data, LATIN_HERE)).toEqual([]);
    const tiles = page.locator('ul', { has: page.getByRole('button', { name: texts.trackerTile }) });
    expect(await englishLeftovers(tiles, data, LATIN_HERE)).toEqual([]);
    // The event card: its labels, date and hours (each with its part of the day) in the language.
    const event = await api.currentEvent();
    const card = page.locator('article', { has: page.getByRole('heading', { level: 2, name: event.name }) });
    await card.waitFor();
    expect(await englishLeftovers(card, [...data, String(event.venue)], LATIN_HERE)).toEqual([]);
    await expectNoHorizontalScroll(page);
    await tickets.locator(`article[data-ticket-id="${active.ticketId}"]`).scrollIntoViewIfNeeded();
    await screenshot(page, `guest-${language}-my-tickets-390`);

    // The Refund Tracker of the cancelled ticket.
    await page.getByRole('button', { name: texts.trackerTile }).click();
    const tracker = page.getByRole('dialog', { name: texts.trackerTitle });
    await tracker.locator('[data-refund-id]').first().waitFor();
    expect(await englishLeftovers(tracker, data, LATIN_HERE)).toEqual([]);
    await screenshot(page, `guest-${language}-refund-tracker-390`);
    await closeDialog(tracker);
  });

  it('the transfer dialog states the fee and rules in the language and refuses a missing name in it', async () => {
    await page.getByRole('button', { name: texts.transfer(active.ticketId) }).click();
    const dialog = page.getByRole('dialog', { name: texts.transferTitle });
    await dialog.waitFor();
    expect(((await dialog.textContent()) ?? '').replace(/\s+/g, ' ')).toContain(texts.feeRule);
    await dialog.locator('button[type="submit"]').click();
    await dialog.getByText(texts.nameRequired).waitFor();
    expect(await englishLeftovers(dialog, data, LATIN_HERE)).toEqual([]);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `guest-${language}-transfer-dialog-390`);
    await closeDialog(dialog);
  });

  it('the cancel dialog shows the refund breakdown and what is missing in the language', async () => {
    await page.getByRole('button', { name: texts.cancel(active.ticketId) }).click();
    const dialog = page.getByRole('dialog', { name: texts.cancelTitle });
    await dialog.getByText(texts.missingBoth).waitFor();
    expect(await englishLeftovers(dialog, data, LATIN_HERE)).toEqual([]);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `guest-${language}-cancel-dialog-390`);
    await closeDialog(dialog);
  });

  it('My Tickets reflows at 200% text', async () => {
    // A retry finds the page closed by the first attempt: My Tickets again.
    if (page.isClosed()) {
      page = await openGuestDashboard(suite.browser, product.url, guest, { viewport: PHONE, language });
    }
    // The root font size doubled, as a phone's text-size setting gives it (openGuestDashboard's largeText),
    // on the page already open: the layout flows again for it.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    const card = page.locator(`article[data-ticket-id="${active.ticketId}"]`);
    await card.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await screenshot(page, `guest-${language}-my-tickets-390-200pct`);
    await page.context().close();
  });

  it('the refund policy reads in the language and says the English version prevails', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE, locale: `${language}-IN` });
    const page = await context.newPage();
    await page.goto(`${product.url}/refund-policy`);
    await page.getByRole('heading', { level: 1, name: texts.refundPolicy }).waitFor();
    await page.getByTestId('english-prevails').getByText(texts.prevails).waitFor();
    // Latin here: the organiser's profile as they wrote it (name, support address and hours), the providers'
    // names and UPI.
    const leftovers = await englishLeftovers(page.locator('article'), [
      'Utsav Events',
      'support@utsav-garba.in',
      '10:00-20:00, Monday to Saturday',
    ]);
    expect(leftovers.filter((word) => !['UPI', 'Razorpay'].includes(word))).toEqual([]);
    await expectNoHorizontalScroll(page);
    await screenshot(page, `guest-${language}-refund-policy-390`);
    await context.close();
  });
});
