import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newContext, PHONE, screenshot } from './support/browser';
import { englishLeftovers } from './support/language';
import { signedInPage } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The purchase path in Hindi and Gujarati at 390 px: the guest switches language in the header,
// buys with the payment emulator, and every step of the purchase dialog and the success page speaks their
// language, with no English left but names, data and brands. Also at 200% text: nothing wider than the phone.
// The buyer's phone already holds their sign-in (signing in through the chooser is purchase.test.ts's); the
// dialog's sign-in step in the language is read where the guest is signed out, at 200% text.

interface EventJson {
  name: string;
  venue: string;
}

const suite = useServerAndBrowser();
let event: EventJson;

beforeAll(async () => {
  event = ((await (await fetch(`${suite.server.url}/api/event`)).json()) as { data: EventJson }).data;
});

interface LanguageCase {
  code: 'hi' | 'gu';
  switcher: string;
  accountMenu: RegExp;
  titles: { select: string; signin: string; confirm: string };
  quantity: string;
  increase: string;
  namesQuestion: string;
  firstTicket: string;
  success: string;
  booked: string;
  viewTickets: string;
}

const CASES: LanguageCase[] = [
  {
    code: 'hi',
    switcher: 'भाषा',
    accountMenu: /का खाता मेन्यू$/,
    titles: { select: 'अपने टिकट बुक करें', signin: 'साइन इन ज़रूरी है', confirm: 'अपनी ख़रीद की पुष्टि करें' },
    quantity: 'टिकटों की संख्या',
    increase: 'संख्या बढ़ाएँ',
    namesQuestion: 'ये टिकट किसके लिए हैं?',
    firstTicket: 'टिकट 1',
    success: 'भुगतान सफल रहा!',
    booked: '2 टिकट बुक हुए',
    viewTickets: 'मेरे टिकट देखें',
  },
  {
    code: 'gu',
    switcher: 'ભાષા',
    accountMenu: /નું ખાતા મેનુ$/,
    titles: { select: 'તમારી ટિકિટો બુક કરો', signin: 'સાઇન ઇન જરૂરી છે', confirm: 'તમારી ખરીદીની પુષ્ટિ કરો' },
    quantity: 'ટિકિટોની સંખ્યા',
    increase: 'સંખ્યા વધારો',
    namesQuestion: 'આ ટિકિટો કોના માટે છે?',
    firstTicket: 'ટિકિટ 1',
    success: 'ચુકવણી સફળ રહી!',
    booked: '2 ટિકિટો બુક થઈ',
    viewTickets: 'મારી ટિકિટો જુઓ',
  },
];

async function expectNothingWiderThanPhone(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.each(CASES)('the purchase path in $code', (lang) => {
  it('a guest switches language, buys 2 tickets with the emulator and reads every step in it', async () => {
    const buyerEmail = `${lang.code}.buyer@example.test`;
    const buyerName = lang.code === 'hi' ? 'आशा पटेल' : 'પ્રિયા પટેલ';
    const page = await signedInPage(
      suite.browser,
      suite.server.url,
      { email: buyerEmail, name: buyerName },
      { viewport: PHONE, locale: 'en-IN' },
    );
    const context = page.context();
    await page.getByRole('combobox', { name: 'Language' }).selectOption(lang.code);
    await page.getByRole('combobox', { name: lang.switcher }).waitFor();
    // The header's account menu is named in the language too.
    await page.getByRole('button', { name: lang.accountMenu }).waitFor();
    const data = [event.name, event.venue, buyerName, buyerEmail];

    await page
      .getByRole('button', { name: /Book Your Tickets Now|बुक|બુક/ })
      .first()
      .click();
    const booking = page.getByRole('dialog', { name: lang.titles.select });
    await booking.waitFor();
    const quantity = booking.getByRole('spinbutton', { name: lang.quantity });
    await booking.getByRole('button', { name: lang.increase }).click();
    await expect.poll(() => quantity.inputValue()).toBe('2');
    await booking.getByRole('checkbox').check();
    expect(await englishLeftovers(booking, data)).toEqual([]);
    await expectNothingWiderThanPhone(page);
    await screenshot(page, `purchase-${lang.code}-select-390`);
    await booking.getByRole('button', { name: /./ }).last().click();

    const confirm = page.getByRole('dialog', { name: lang.titles.confirm });
    await confirm.waitFor();
    await confirm.getByText(lang.namesQuestion).click();
    await confirm.getByLabel(lang.firstTicket).fill(lang.code === 'hi' ? 'कविता' : 'કાવ્યા');
    expect(await englishLeftovers(confirm, [...data, 'कविता', 'કાવ્યા'])).toEqual([]);
    await expectNothingWiderThanPhone(page);
    await screenshot(page, `purchase-${lang.code}-confirm-390`);
    // The pay button names the amount in the reader's language ("₹598 का भुगतान करें", "₹598 ચૂકવો").
    await confirm.getByRole('button', { name: /₹/ }).click();

    await page.getByRole('button', { name: 'Pay with UPI' }).click();
    await page.waitForURL(/\/payment-success$/);
    await page.getByRole('heading', { name: lang.success }).waitFor();
    await expect.poll(() => page.getByText(lang.booked).isVisible()).toBe(true);
    const success = page.locator('main');
    expect(await englishLeftovers(success, data)).toEqual([]);
    await expectNothingWiderThanPhone(page);
    await screenshot(page, `purchase-${lang.code}-success-390`);
    await page.getByRole('button', { name: lang.viewTickets }).waitFor();
    await context.close();
  });

  it('at 200% text the dialog in this language reflows inside the phone', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE, locale: `${lang.code}-IN` });
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await page.getByRole('combobox', { name: lang.switcher }).waitFor();
    await page
      .getByRole('button', { name: /Book Your Tickets Now|बुक|બુક/ })
      .first()
      .click();
    const booking = page.getByRole('dialog', { name: lang.titles.select });
    await booking.waitFor();
    const wide = await booking.evaluate((root) => {
      const width = document.documentElement.clientWidth;
      return [...root.querySelectorAll('*')]
        .filter((element) => {
          const box = element.getBoundingClientRect();
          return box.width > 0 && (box.left < -1 || box.right > width + 1);
        })
        .map((element) => `${element.tagName} "${(element.textContent ?? '').trim().slice(0, 30)}"`);
    });
    expect(wide).toEqual([]);
    await screenshot(page, `purchase-${lang.code}-select-200pct-390`);
    await booking.getByRole('checkbox').scrollIntoViewIfNeeded();
    await screenshot(page, `purchase-${lang.code}-select-200pct-terms-390`);

    // Signed out, the next step asks the guest to sign in, in the language.
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: /./ }).last().click();
    const signIn = page.getByRole('dialog', { name: lang.titles.signin });
    await signIn.waitFor();
    expect(await englishLeftovers(signIn, [event.name, event.venue])).toEqual([]);
    await screenshot(page, `purchase-${lang.code}-signin-200pct-390`);
    await context.close();
  });
});
