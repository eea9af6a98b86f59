import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, PHONE, screenshot } from './support/browser';
import { layoutSettled } from './support/settled';
import { useServerAndBrowser } from './support/suite';

// The landing page's first screen is pre-rendered into index.html in each language (static-landing.tsx);
// index.html's boot script picks the visitor's language before the first paint (saved choice, then the
// browser's languages, then English). A Hindi or Gujarati reader must never see English on the way.

const suite = useServerAndBrowser();

const SCREENS = {
  hi: {
    locale: 'hi-IN',
    book: 'अभी अपने टिकट बुक करें',
    subtitle: 'नवरात्रि से पहले का भव्य उत्सव',
    signIn: 'Google से साइन इन करें',
    font: 'Noto Sans Devanagari',
    sample: 'गरबा',
    title: 'उत्सव — नवरात्रि से पहले गरबा और रास की रात',
    fontFile: /noto-sans-devanagari-devanagari-(400|700)-normal/,
  },
  gu: {
    locale: 'gu-IN',
    book: 'હમણાં જ તમારી ટિકિટ બુક કરો',
    subtitle: 'નવરાત્રિ પહેલાંનો ભવ્ય ઉત્સવ',
    signIn: 'Google થી સાઇન ઇન કરો',
    font: 'Noto Sans Gujarati',
    sample: 'ગરબા',
    title: 'ઉત્સવ — નવરાત્રિ પહેલાંની ગરબા અને રાસની રાત',
    fontFile: /noto-sans-gujarati-gujarati-(400|700)-normal/,
  },
} as const;

const fontRequests = (page: Page) => {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.push(request.url());
  });
  return fonts;
};

describe('the first screen in the visitor’s language', () => {
  for (const [language, screen] of Object.entries(SCREENS)) {
    it(`paints in ${language} from the HTML alone, with its font, at 390 px`, async () => {
      const context = await newContext(suite.browser, { viewport: PHONE, locale: screen.locale });
      // No JavaScript of the app: what shows is index.html, its boot script and CSS.
      await context.route(/\/assets\/.+\.js$/, (route) => route.abort('blockedbyclient'));
      const page = await context.newPage();
      const fonts = fontRequests(page);

      // The one index.html carries the hero in this language (the boot script only chooses).
      const html = await (await page.request.get(suite.server.url)).text();
      expect(html).toContain(screen.book);
      expect(html).toContain(screen.subtitle);

      await page.goto(suite.server.url);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      // The tab's title too, before any of the app's JavaScript (the boot script's, from the build).
      expect(await page.title()).toBe(screen.title);
      await expect.poll(() => page.getByRole('button', { name: screen.book }).isVisible()).toBe(true);
      expect(await page.getByText(screen.subtitle).isVisible()).toBe(true);
      // The other languages' screens are there but not shown, nor in the accessibility tree.
      expect(await page.getByRole('button', { name: 'Book Your Tickets Now' }).count()).toBe(0);
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, not the hidden screens' text
      expect(await page.evaluate(() => document.body.innerText.includes('Book Your Tickets Now'))).toBe(
        false,
      );

      // The script's own face, preloaded by the boot script: in use for the first paint.
      await page.evaluate(() => document.fonts.ready);
      const loaded = await page.evaluate(
        ({ font, sample }) => document.fonts.check(`700 16px "${font}"`, sample),
        screen,
      );
      expect(loaded).toBe(true);
      expect(fonts.length).toBeGreaterThan(0);
      expect(fonts.filter((url) => !screen.fontFile.test(url))).toEqual([]);
      await screenshot(page, `first-screen-${language}-html-390`);
      await context.close();
    });

    it(`goes from the HTML to the app in ${language} without English or movement in between`, async () => {
      const context = await newContext(suite.browser, { viewport: PHONE, locale: screen.locale });
      // From the document's start: any English hero text ever rendered, and every layout shift.
      await context.addInitScript(() => {
        const seen = { english: false, shifts: 0, checks: 0 };
        (window as unknown as { firstScreen: typeof seen }).firstScreen = seen;
        const look = () => {
          if (!document.body) return;
          seen.checks += 1;
          // biome-ignore lint/performance/useDomNodeTextContent: what is rendered, not the hidden screens' text
          if (/Book Your Tickets Now|Pre-Navratri Grand Celebration/.test(document.body.innerText))
            seen.english = true;
        };
        new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
        const frame = () => {
          look();
          requestAnimationFrame(frame);
        };
        requestAnimationFrame(frame);
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>)
            seen.shifts += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const page = await context.newPage();
      await page.goto(suite.server.url);
      // React has replaced the pre-rendered screen and knows the visitor is signed out.
      await page.waitForFunction(() => !document.getElementById('static-landing'));
      await page.getByRole('button', { name: screen.signIn }).first().waitFor();
      await page.getByRole('button', { name: screen.book }).waitFor();
      // A few frames more with nothing moving: a late English word or shift would have been seen.
      await layoutSettled(page);
      const seen = await page.evaluate(
        () =>
          (window as unknown as { firstScreen: { english: boolean; shifts: number; checks: number } })
            .firstScreen,
      );
      expect(seen.checks).toBeGreaterThan(1);
      expect(seen.english).toBe(false);
      expect(seen.shifts).toBeLessThan(0.05);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);
      await screenshot(page, `first-screen-${language}-app-390`);
      await context.close();
    });
  }

  it("shows the intro's cover in Hindi on a first visit with motion, its words in Devanagari", async () => {
    const context = await newContext(suite.browser, {
      viewport: PHONE,
      locale: 'hi-IN',
      reducedMotion: false,
    });
    await context.route(/\/assets\/.+\.js$/, (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    await page.goto(suite.server.url);
    const cover = page.locator('[data-static-language="hi"] [data-static-intro] > div');
    expect(await cover.isVisible()).toBe(true);
    expect(await page.locator('[data-static-language="en"] [data-static-intro] > div').isVisible()).toBe(
      false,
    );
    expect(await cover.textContent()).toBe('नवरात्रि-पूर्वगरबाऔररास');
    // Once the words' animations have ended, as a reader sees the whole title.
    await cover.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'first-screen-hi-intro-390');
    await context.close();
  });

  it("takes the choice saved here over the browser's languages", async () => {
    const context = await newContext(suite.browser, { viewport: PHONE, locale: 'hi-IN' });
    await context.addInitScript(() => localStorage.setItem('utsav.language', 'gu'));
    await context.route(/\/assets\/.+\.js$/, (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    await page.goto(suite.server.url);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('gu');
    await expect.poll(() => page.getByRole('button', { name: SCREENS.gu.book }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: SCREENS.hi.book }).count()).toBe(0);
    await context.close();
  });

  it('shows English, and fetches no script font, for a browser in none of our languages', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE, locale: 'fr-FR' });
    const page = await context.newPage();
    const fonts = fontRequests(page);
    await page.goto(suite.server.url);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    await page.getByRole('button', { name: 'Sign In with Google' }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('button', { name: 'Book Your Tickets Now' }).isVisible()).toBe(true);
    expect(fonts).toEqual([]);
    await context.close();
  });
});
