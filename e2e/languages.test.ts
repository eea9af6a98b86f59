import { describe, expect, it } from 'vitest';
import { newContext, PHONE, screenshot } from './support/browser';
import { englishLeftovers } from './support/language';
import { scrollUntilPresent } from './support/settled';
import { useServerAndBrowser } from './support/suite';

const suite = useServerAndBrowser();

describe('languages', () => {
  it("starts in the browser's language when we speak it, with <html lang> and the script's font", async () => {
    const context = await newContext(suite.browser, { viewport: PHONE, locale: 'gu-IN' });
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/')) sent.push(request.headers()['accept-language'] ?? '');
    });
    await page.goto(suite.server.url);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('gu');
    await expect.poll(() => page.getByRole('heading', { name: 'નીતિઓ' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'ભાષા' }).inputValue()).toBe('gu');
    // Our API calls ask for the same language (the server answers its messages in it).
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    expect(sent.filter((value) => !value.startsWith('gu'))).toEqual([]);
    const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(family).toContain('Noto Sans Gujarati');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
    await screenshot(page, 'language-gu-footer-390');
    await context.close();
  });

  it('switches from the header, remembers the choice across a reload, and goes back to English', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE, locale: 'en-IN' });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await page.getByRole('heading', { name: 'Policies' }).waitFor();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await expect.poll(() => page.getByRole('link', { name: 'गोपनीयता नीति' }).isVisible()).toBe(true);
    await screenshot(page, 'language-hi-390');

    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'नीतियाँ' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');

    await page.getByRole('combobox', { name: 'भाषा' }).selectOption('en');
    await expect.poll(() => page.getByRole('heading', { name: 'Policies' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await context.close();
  });

  it('shows the landing sections in Hindi, with links inside translated sentences, at 390 px', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE, locale: 'hi-IN' });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    // The header's switcher is drawn by React (the build-time first screen has no sections to scroll to).
    await page.getByRole('combobox', { name: 'भाषा' }).waitFor();
    // The sections load as they come near the viewport: scroll down as a reader would.
    const faq = page.getByRole('heading', { name: 'अक्सर पूछे जाने वाले प्रश्न' });
    await scrollUntilPresent(page, faq);
    await page.locator('#faq').scrollIntoViewIfNeeded();
    await faq.waitFor();
    await page.getByRole('button', { name: 'क्या मैं अपना टिकट रद्द कर सकता/सकती हूँ?' }).click();
    await expect.poll(() => page.getByRole('link', { name: 'रद्दीकरण नीति' }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: /मैप में खोलें/ }).isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await faq.scrollIntoViewIfNeeded();
    await screenshot(page, 'language-hi-faq-390');
    await context.close();
  });

  // The demo event this suite's server seeds: 7:00 PM - 11:30 PM at NSCI Dome.
  const HOURS = {
    hi: { hours: 'शाम 7:00 से रात 11:30 तक', heading: 'कार्यक्रम का विवरण', countdown: 'उत्सव की उलटी गिनती' },
    gu: { hours: 'સાંજે 7:00 થી રાત્રે 11:30 સુધી', heading: 'કાર્યક્રમની વિગતો', countdown: 'ઉત્સવની ઉલટી ગણતરી' },
  } as const;

  for (const language of ['hi', 'gu'] as const) {
    it(`says the event's hours, details and countdown in ${language} at 390 px`, async () => {
      const context = await newContext(suite.browser, { viewport: PHONE, locale: `${language}-IN` });
      const page = await context.newPage();
      await page.goto(suite.server.url);
      const hero = page.locator('section').first();
      await hero.getByText(HOURS[language].hours, { exact: true }).waitFor();
      await screenshot(page, `landing-${language}-hero-390`);
      for (const id of ['details', 'countdown']) {
        await page.locator(`#${id}`).scrollIntoViewIfNeeded();
      }
      const details = page.locator('#details');
      await details.getByRole('heading', { name: HOURS[language].heading }).waitFor();
      await details.getByText(HOURS[language].hours, { exact: true }).waitFor();
      const countdown = page.locator('#countdown');
      await countdown.getByRole('heading', { name: HOURS[language].countdown }).waitFor();
      const data = ['Utsav Garba Night', 'NSCI Dome, Worli, Mumbai'];
      expect(await englishLeftovers(hero, data)).toEqual([]);
      expect(await englishLeftovers(details, data)).toEqual([]);
      expect(await englishLeftovers(countdown, data)).toEqual([]);
      expect(await page.title()).not.toMatch(/[A-Za-z]{3}/);
      // Every word of the footer and the FAQ is in the language, except the organiser's own profile (their
      // name, address and support hours, written once by them) and the brand names of the links.
      const footer = page.getByRole('contentinfo');
      await footer.scrollIntoViewIfNeeded();
      const support = [
        ...data,
        'Utsav Events',
        'support@utsav-garba.in',
        '10:00-20:00, Monday to Saturday',
        'Utsav',
        'Instagram',
      ];
      expect(await englishLeftovers(footer, support)).toEqual([]);
      await page.locator('#faq').scrollIntoViewIfNeeded();
      const faq = page.locator('#faq');
      await faq.locator('button').first().waitFor();
      for (const question of await faq.locator('button[aria-expanded]').all()) {
        if ((await question.getAttribute('aria-expanded')) === 'false') await question.click();
      }
      expect(await englishLeftovers(faq, support)).toEqual([]);
      await details.scrollIntoViewIfNeeded();
      await screenshot(page, `landing-${language}-details-390`);
      await context.close();
    });
  }
});
