import { describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { PHONE } from './support/browser';
import { openGuestDashboard } from './support/guest';
import { useServerAndBrowser } from './support/suite';

// A printed ticket says the event's hours as the rest of the app does (ui/time-range.ts): the product's
// "7:00 PM - 11:30 PM" in English, each end with its own part of the day in Hindi and Gujarati. It used
// Intl's formatRange, which printed "7:00–11:30 pm" in every language, a Latin "pm" on a Hindi ticket.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

// The demo event this suite's server seeds runs 19:00-23:30.
const CASES = [
  { language: 'en', print: 'Print', hours: '7:00 PM - 11:30 PM' },
  { language: 'hi', print: 'प्रिंट करें', hours: 'शाम 7:00 से रात 11:30 तक' },
  { language: 'gu', print: 'પ્રિન્ટ કરો', hours: 'સાંજે 7:00 થી રાત્રે 11:30 સુધી' },
] as const;

describe('a printed ticket', () => {
  for (const { language, print, hours } of CASES) {
    it(`gives the event's hours in ${language} as the app does`, async () => {
      const guest = await api.signIn(`print.${language}@example.test`, 'Priya Printer');
      await api.buyTicket(guest);
      const page = await openGuestDashboard(suite.browser, suite.server.url, guest, {
        viewport: PHONE,
        language,
      });
      // The browser's print dialog is not what is tested: the sheet laid out for it is.
      await page.evaluate(() => {
        window.print = () => undefined;
      });
      const card = page.locator('article[data-ticket-id]').first();
      await card.getByRole('button', { name: print }).click();
      const when = page.locator('.print-sheet .print-when');
      await when.waitFor({ state: 'attached' });
      expect(await when.textContent()).toContain(hours);
      await page.context().close();
    });
  }
});
