import { describe, expect, it } from 'vitest';
import { newContext, PHONE, screenshot } from './support/browser';
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
});
