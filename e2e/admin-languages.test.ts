import { randomBytes } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { DESKTOP, newContext, PHONE, screenshot } from './support/browser';
import { openViewInApp } from './support/in-app';
import { searchList } from './support/list-search';
import { recordShown, shownAfter, shownOf } from './support/shown';
import { storeSignIn } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// An admin panel in Hindi and Gujarati: Ticket Management at 390 px and on a
// desktop at 200% text, its confirm dialog and its undo bar, with no English left in the panel but the
// data itself (names, emails, the event's name, ticket codes) and the names of formats (CSV, JSON, QR).

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

const TEXTS = {
  hi: {
    title: 'टिकट प्रबंधन',
    search: 'उपयोगकर्ता के नाम या ईमेल से टिकट खोजें',
    list: 'टिकट',
    status: /^टिकट .+ की स्थिति$/,
    confirmTitle: 'टिकट की स्थिति बदलें?',
    confirm: 'स्थिति बदलें',
    undo: 'वापस लें',
    cancelled: 'रद्द',
    invoice: 'इनवॉइस डाउनलोड करें',
  },
  gu: {
    title: 'ટિકિટ વ્યવસ્થાપન',
    search: 'વપરાશકર્તાના નામ કે ઇમેઇલથી ટિકિટ શોધો',
    list: 'ટિકિટો',
    status: /^ટિકિટ .+ની સ્થિતિ$/,
    confirmTitle: 'ટિકિટની સ્થિતિ બદલવી છે?',
    confirm: 'સ્થિતિ બદલો',
    undo: 'પાછું લો',
    cancelled: 'રદ',
    invoice: 'ઇન્વૉઇસ ડાઉનલોડ કરો',
  },
} as const;
type Language = keyof typeof TEXTS;

/** The demo admin's own name (shown as who issued a ticket): data, not a text of ours. */
const ADMIN_NAME = 'Admin';

/**
 * Words a translation keeps: names of formats and codes, the rupee and time units, and the tax's own acronyms
 * (GST, GSTIN, SAC are written in Latin letters on Hindi and Gujarati tax documents and forms too).
 */
const KEPT_WORDS = new Set(['QR', 'CSV', 'JSON', 'UPI', 'PDF', 'MB', 'IST', 'GST', 'GSTIN', 'SAC']);

/**
 * Latin words in the panel (text, including screen-reader-only text and select options, and the accessible
 * names, placeholders and titles) once the data shown in it is taken out: what is left is untranslated.
 */
async function englishLeftovers(page: Page, data: string[]): Promise<string[]> {
  const text = await page.evaluate(() => {
    const main = document.querySelector('main');
    if (!main) return '';
    const attributes = [...main.querySelectorAll('[aria-label], [placeholder], [title], [alt]')].flatMap(
      (element) =>
        ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [main.textContent ?? '', ...attributes].join('\n');
  });
  let rest = text;
  for (const value of data) rest = rest.replaceAll(value, ' ');
  rest = rest.replace(/\S+@\S+/g, ' ');
  // Each leftover with a little of its surroundings, so that a failure says where it is.
  return [...rest.matchAll(/[A-Za-z]{2,}/g)]
    .filter(([word]) => !KEPT_WORDS.has(word))
    .map(([word]) => {
      const at = text.indexOf(word);
      return text.slice(Math.max(0, at - 25), at + word.length + 25).replace(/\s+/g, ' ');
    });
}

/** Elements reaching past the right edge (WCAG 1.4.10 reflow), named for the failure message. */
function wideElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll('main *')]
      .filter((element) => !element.closest('[aria-hidden="true"], .sr-only, .overflow-x-auto'))
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className} "${element.textContent?.slice(0, 30)}"`,
      )
      .slice(0, 5);
  });
}

async function signedInAdmin(language: Language, options: { largeText: boolean; desktop: boolean }) {
  const context: BrowserContext = await newContext(suite.browser, {
    viewport: options.desktop ? DESKTOP : PHONE,
  });
  await recordShown(context);
  if (options.largeText) {
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
  }
  const page = await context.newPage();
  await storeSignIn(page, suite.server.url, 'admin@utsav.test');
  await page.goto(`${suite.server.url}/dashboard/admin`);
  // The person's own choice in the header, remembered for the pages that follow.
  await page.getByRole('combobox', { name: 'Language' }).selectOption(language);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);
  return { context, page };
}

/**
 * A new ticket for `holder` (a person of their own, `email`), and the data the panel shows of it (not ours to
 * translate). Paid (cash or UPI received), it is sold: returned once its document, made after the issuance's
 * commit, is on the staff's list.
 */
async function issueTicket(holder: string, paid = false): Promise<{ email: string; data: string[] }> {
  const admin = await api.signIn('admin@utsav.test', 'Admin');
  const userEmail = `admin.lang.${randomBytes(3).toString('hex')}@example.test`;
  const issued = await api.call<{ tickets: { ticketId: string }[] }>(
    'POST',
    '/api/tickets/admin/issue-manual',
    admin.token,
    { userName: holder, userEmail, quantity: 1, paymentDone: paid },
  );
  if (paid) {
    const documents = async () =>
      (
        await api.call<{ tickets: { documents: unknown[] }[] }>(
          'GET',
          `/api/admin/tickets/management?search=${encodeURIComponent(userEmail)}`,
          admin.token,
        )
      ).tickets[0]?.documents.length;
    await expect.poll(documents, { timeout: 60_000 }).toBe(1);
  }
  const code = issued.tickets[0]!.ticketId;
  // The panel shows the whole code in the details and its last 8 characters in the list.
  return {
    email: userEmail,
    data: [holder, code, code.slice(-8).toUpperCase(), (await api.currentEvent()).name, ADMIN_NAME],
  };
}

/**
 * Ticket Management, searched for the holder's ticket by its person's email: the holder's name is the same on each
 * attempt, and a retry (same database) would list the first attempt's ticket beside its own.
 */
async function openTickets(page: Page, language: Language, email: string, holder: string) {
  const texts = TEXTS[language];
  // Inside the app the dashboard loaded (support/in-app.ts), as its tile opens it.
  await openViewInApp(
    page,
    '/dashboard/admin?view=ticket-management',
    page.getByRole('heading', { level: 1, name: texts.title }),
  );
  // The list's cards (a table on a desktop, the cards hidden) show the search's answer (support/list-search.ts).
  await searchList(
    page.getByLabel(texts.search),
    email,
    page.getByRole('list', { name: texts.list, exact: true, includeHidden: true }).locator(':scope > li'),
  );
  await page.getByText(holder).filter({ visible: true }).first().waitFor();
}

describe('Ticket Management in Hindi and Gujarati', () => {
  // The phone of each language's Ticket Management scene goes on to the other views (one context, one load).
  let phone: { context: BrowserContext; page: Page } | undefined;
  for (const language of ['hi', 'gu'] as const) {
    it(`${language}: at 390 px every text is translated, numbers and rupees in the language, confirm and undo too`, async () => {
      const texts = TEXTS[language];
      const holder = language === 'hi' ? 'प्रिया पटेल' : 'હેતલ શાહ';
      const { email, data } = await issueTicket(holder, true);
      const { context, page } = await signedInAdmin(language, { largeText: false, desktop: false });
      await openTickets(page, language, email, holder);
      const card = page.getByRole('listitem').filter({ hasText: holder });
      // The details open with their labels in the language too, and the issuance's document (payment received)
      // downloads from them by keyboard.
      await card.getByRole('button', { expanded: false }).first().click();
      await expect.poll(() => englishLeftovers(page, data)).toEqual([]);
      await screenshot(page, `admin-tickets-${language}-390`);
      const saved = page.waitForEvent('download');
      await card.getByRole('button', { name: texts.invoice }).focus();
      await page.keyboard.press('Enter');
      expect((await saved).suggestedFilename()).toMatch(/\.pdf$/);
      await screenshot(page, `admin-tickets-document-${language}-390`);
      // The same details on a desktop's width (a table there), without loading the page again.
      await page.setViewportSize(DESKTOP);
      await page
        .getByRole('button', { name: texts.invoice })
        .filter({ visible: true })
        .scrollIntoViewIfNeeded();
      await screenshot(page, `admin-tickets-document-${language}-desktop`);
      await page.setViewportSize(PHONE);

      const select = card.getByRole('combobox', { name: texts.status });
      await select.focus();
      const toasts = shownOf(page, 'toast').length;
      await select.selectOption('cancelled');
      const dialog = page.getByRole('dialog', { name: texts.confirmTitle });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(holder);
      const question = data.reduce(
        (rest, value) => rest.replaceAll(value, ' '),
        (await dialog.textContent()) ?? '',
      );
      expect((question.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !KEPT_WORDS.has(word))).toEqual([]);
      await screenshot(page, `admin-tickets-confirm-${language}-390`);
      await dialog.getByRole('button', { name: texts.confirm }).click();
      await dialog.waitFor({ state: 'detached' });
      // The toast is drawn in the script's own face (sonner's system stack alone showed empty boxes); it goes
      // away by itself, so it is read as it was shown (support/shown.ts).
      expect((await shownAfter(page, 'toast', toasts)).font).toContain(
        language === 'hi' ? 'Noto Sans Devanagari' : 'Noto Sans Gujarati',
      );
      const undoBar = page.getByRole('status').filter({ hasText: holder });
      await undoBar.getByRole('button', { name: texts.undo }).waitFor();
      expect(await undoBar.textContent()).toContain(texts.cancelled);
      await expect.poll(() => englishLeftovers(page, data)).toEqual([]);
      await screenshot(page, `admin-tickets-undo-${language}-390`);
      await undoBar.getByRole('button', { name: texts.undo }).click();
      await undoBar.waitFor({ state: 'detached' });
      phone = { context, page };
    });

    it(`${language}: the dashboard, event manager, users, analytics, manual issuance, refunds, ticket types and promo codes have no English but their data`, async () => {
      const admin = await api.signIn('admin@utsav.test', 'Admin');
      const event = await api.currentEvent();
      const users = await api.call<{
        users?: { name: string; email: string }[];
        data?: { users?: { name: string }[] };
      }>('GET', '/api/admin/users?limit=100', admin.token);
      const people = (users.users ?? users.data?.users ?? []).map((user) => user.name);
      // The price list's own names, as the organiser typed them (the default type is 'Entry').
      const types = await api.call<{ ticketTypes: { name: string }[] }>(
        'GET',
        '/api/admin/ticket-types',
        admin.token,
      );
      const eventData = [
        ...types.ticketTypes.map((type) => type.name),
        event.name,
        event.description,
        event.venue,
        event.aboutText,
        ...(event.features as string[]),
      ]
        .filter((value): value is string => typeof value === 'string' && value !== '')
        .flatMap((value) => [value, ...value.split('\n')]);
      // Longest first, so that a name inside a longer text is not cut out of it first.
      const data = [...eventData, ...people, ADMIN_NAME].sort((a, b) => b.length - a.length);
      // The phone of the Ticket Management scene above, still signed in and in the language; a phone of its own
      // on a retry, or if that scene failed.
      const { context, page } =
        phone ?? (await signedInAdmin(language, { largeText: false, desktop: false }));
      phone = undefined;
      const views = [
        '',
        'event-manager',
        'user-management',
        'analytics',
        'manual-ticket-issuance',
        'refund-management',
        'ticket-types',
        'promo-codes',
      ];
      for (const view of views) {
        // Each view opens inside the app (support/in-app.ts), its data arrived (its skeleton says loading in the
        // language too).
        await openViewInApp(
          page,
          `/dashboard/admin${view ? `?view=${view}` : ''}`,
          page.getByRole('heading', { level: 1 }),
        );
        await expect.poll(() => englishLeftovers(page, data), { message: view || 'dashboard' }).toEqual([]);
        await screenshot(page, `admin-${view || 'dashboard'}-${language}-390`);
      }
      await context.close();
    });

    it(`${language}: on a desktop at 200% text the panel reflows and stays translated`, async () => {
      const holder = language === 'hi' ? 'अमित जोशी' : 'નીરવ દેસાઈ';
      const { email, data } = await issueTicket(holder);
      const { context, page } = await signedInAdmin(language, { largeText: true, desktop: true });
      await openTickets(page, language, email, holder);
      await screenshot(page, `admin-tickets-${language}-desktop-200`);
      await expect.poll(() => englishLeftovers(page, data)).toEqual([]);
      expect(await wideElements(page)).toEqual([]);
      await context.close();
    });
  }
});
