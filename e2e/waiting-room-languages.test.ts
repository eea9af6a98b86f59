import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { englishLeftovers } from './support/language';
import { type RunningServer, startServer } from './support/server';
import { signedInPage } from './support/signed-in';
import { useBrowser } from './support/suite';

// The sale countdown and the waiting line in Hindi and Gujarati at 390 px: before sales open a
// guest whose browser speaks the language sees the countdown, joins the line and reads where they stand. The
// guest's phone already holds their sign-in (signing in is foundation's and the purchase dialog's subject).

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ WAITING_ROOM: 'always' });
});
afterAll(async () => {
  await server?.stop();
});
const suite = useBrowser();
const api = apiAt(() => server.url);

const CASES = [
  {
    code: 'hi',
    opensOn: 'टिकट की बिक्री',
    unit: 'मिनट',
    select: 'अपने टिकट बुक करें',
    join: 'कतार में शामिल हों',
    line: 'आप कतार में हैं',
    drawn: 'बिक्री शुरू होने पर जगहें लॉटरी से तय होंगी',
    accountMenu: /का खाता मेन्यू$/,
    name: 'आशा पटेल',
  },
  {
    code: 'gu',
    opensOn: 'ટિકિટોનું વેચાણ',
    unit: 'મિનિટ',
    select: 'તમારી ટિકિટો બુક કરો',
    join: 'કતારમાં જોડાઓ',
    line: 'તમે કતારમાં છો',
    drawn: 'વેચાણ શરૂ થાય ત્યારે જગ્યાઓ લોટરીથી નક્કી થશે',
    accountMenu: /નું ખાતા મેનુ$/,
    name: 'પ્રિયા પટેલ',
  },
] as const;

describe('the sale countdown and the waiting line in Hindi and Gujarati', () => {
  beforeAll(async () => {
    const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
    const current = await api.currentEvent();
    await api.call('PUT', '/api/event', admin.token, {
      ...current,
      features: (current.features as string[]).join(','),
      salesOpenAt: new Date(Date.now() + 10 * 60_000).toISOString(),
    });
  });

  for (const lang of CASES) {
    it(`in ${lang.code}: the countdown, joining the line and the place in it, with no English left`, async () => {
      const event = await api.currentEvent();
      const page = await signedInPage(
        suite.browser,
        server.url,
        { email: `${lang.code}.early@example.test`, name: lang.name },
        { viewport: PHONE, locale: `${lang.code}-IN`, accountMenu: lang.accountMenu },
      );
      const context = page.context();
      const countdown = page.getByTestId('sales-countdown').first();
      await expect.poll(async () => (await countdown.textContent()) ?? '').toContain(lang.opensOn);
      expect((await countdown.textContent()) ?? '').toContain(lang.unit);
      // The ticking units are words of the language: a monospace face has no Devanagari or Gujarati glyphs.
      const tick = countdown.locator('p[aria-hidden="true"]');
      expect(await tick.evaluate((element) => getComputedStyle(element).fontFamily)).not.toMatch(/mono/i);
      await page
        .getByRole('button', { name: /Book Your Tickets Now|बुक|બુક/ })
        .first()
        .click();
      const dialog = page.getByRole('dialog', { name: lang.select });
      await dialog.getByRole('button', { name: lang.join }).click();
      const line = page.getByRole('dialog', { name: lang.line });
      await expect
        .poll(async () => (await line.getByRole('status').first().textContent()) ?? '')
        .toContain(lang.drawn);
      expect(await englishLeftovers(line, [String(event.name), lang.name])).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `waiting-room-${lang.code}-390`);
      await context.close();
    }, 60_000);
  }
});
