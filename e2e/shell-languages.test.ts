import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { openInApp } from './support/in-app';
import { signedInPage } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The header's role badge and the dashboard route's own screens (the 'Invalid Role' page) in Hindi and
// Gujarati at 390 px: their texts live in the first-screen area `shell`. The admin's sign-in is kept (signing in
// is foundation's subject), and the unknown dashboard is opened inside the app (a reload keeping the chosen
// language is languages.test.ts's).

const suite = useServerAndBrowser();

const TEXTS = {
  hi: {
    admin: 'एडमिन',
    openMenu: /का खाता मेन्यू$/,
    invalidRole: 'अमान्य भूमिका',
    invalidText: 'यह डैशबोर्ड मौजूद नहीं है।',
    home: 'होम पर जाएँ',
  },
  gu: {
    admin: 'એડમિન',
    openMenu: /નું ખાતા મેનુ$/,
    invalidRole: 'અમાન્ય ભૂમિકા',
    invalidText: 'આ ડેશબોર્ડ અસ્તિત્વમાં નથી.',
    home: 'હોમ પર જાઓ',
  },
} as const;

describe('header role badge and dashboard route screens in Hindi and Gujarati', () => {
  for (const language of ['hi', 'gu'] as const) {
    it(`${language}: the badge names the role and 'Invalid Role' reads in the language at 390 px`, async () => {
      const texts = TEXTS[language];
      const page = await signedInPage(suite.browser, suite.server.url, 'admin@utsav.test', {
        viewport: PHONE,
        locale: 'en-IN',
      });
      await page.getByRole('combobox', { name: 'Language' }).selectOption(language);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(language);

      const menuButton = page.getByRole('button', { name: texts.openMenu });
      // The badge alone (the button also holds the person's name, data of theirs).
      await expect
        .poll(() => menuButton.locator('span.rounded-full:not([aria-hidden])').textContent())
        .toBe(texts.admin);
      await screenshot(page, `header-role-badge-${language}-390`);

      await openInApp(page, '/dashboard/nobody');
      await page.getByRole('heading', { name: texts.invalidRole }).waitFor();
      await page.getByText(texts.invalidText).waitFor();
      await page.getByRole('button', { name: texts.home }).waitFor();
      expect(await page.getByText('Invalid Role').count()).toBe(0);
      await screenshot(page, `invalid-role-${language}-390`);
      await page.context().close();
    });
  }
});
