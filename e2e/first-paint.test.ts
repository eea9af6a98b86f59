import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, PHONE, screenshot } from './support/browser';
import { layoutSettled } from './support/settled';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The landing page's first screen comes from the HTML (index.html's boot script, #hero-backdrop and the
// build-time render of src/app/shell/static-landing.tsx), so a phone on a slow network sees the hero before
// the JavaScript arrives. Here the JavaScript never arrives: every built script is refused.

const suite = useServerAndBrowser();
const CHECKER = 'checker@utsav.test';

/** A page whose built scripts never load, recording what the console says (a CSP refusal shows there). */
async function withoutAppScripts(
  options: { reducedMotion?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await newContext(suite.browser, { viewport: PHONE, ...options });
  await context.route(/\/assets\/.+\.js$/, (route) => route.abort('blockedbyclient'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  return { context, page, errors };
}

const visible = (page: Page, selector: string) => page.locator(selector).isVisible();

describe('the landing page before its JavaScript', () => {
  it('paints the hero, its backdrop and the booking button from the HTML alone', async () => {
    const { context, page, errors } = await withoutAppScripts();
    await page.goto(suite.server.url);
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Utsav Garba & Raas Night' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('button', { name: 'Book Your Tickets Now' }).isVisible()).toBe(true);
    const mandala = page.locator('#hero-backdrop img').first();
    await expect
      .poll(() => mandala.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect(await visible(page, '#hero-backdrop')).toBe(true);
    // The boot script ran (the server's CSP allows it by hash) and decided: no intro under reduced motion.
    expect(await page.evaluate(() => ({ ...document.documentElement.dataset }))).toEqual({
      landing: 'yes',
      intro: 'skip',
    });
    expect(await visible(page, '[data-static-language="en"] [data-static-intro] > div')).toBe(false);
    expect(errors).toEqual([]);
    await screenshot(page, 'first-paint-landing-390');
    await context.close();
  });

  it("shows the intro's cover first on a first visit with motion, and not again in the same session", async () => {
    const { context, page, errors } = await withoutAppScripts({ reducedMotion: false });
    await page.goto(suite.server.url);
    expect(await page.evaluate(() => document.documentElement.dataset.intro)).toBe('play');
    expect(await visible(page, '[data-static-language="en"] [data-static-intro] > div')).toBe(true);
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.intro)).toBe('skip');
    expect(await visible(page, '[data-static-language="en"] [data-static-intro] > div')).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows none of the landing page on any other address; on My Tickets, that page's frame", async () => {
    const { context, page } = await withoutAppScripts({ reducedMotion: false });
    await page.goto(`${suite.server.url}/dashboard/guest`);
    expect(await page.evaluate(() => ({ ...document.documentElement.dataset }))).toEqual({
      landing: 'no',
      intro: 'skip',
      staticPage: 'guest',
    });
    // Its own document: none of the landing's first screen, hero or image preloads.
    expect(await page.locator('#static-landing, #hero-backdrop, link[as="image"]').count()).toBe(0);
    await page.getByRole('heading', { level: 1, name: 'Welcome!' }).waitFor();
    expect(await page.getByRole('heading', { name: 'My Tickets' }).isVisible()).toBe(true);
    // One screen, the reader's: the other languages' copies have left the document.
    expect(await page.locator('#static-page > *').count()).toBe(1);
    await screenshot(page, 'first-paint-my-tickets-390');

    await page.goto(`${suite.server.url}/privacy-policy`);
    expect(await page.evaluate(() => document.documentElement.dataset.staticPage)).toBeUndefined();
    expect(await page.locator('#static-page > *').count()).toBe(0);
    await context.close();
  });
});

describe('the landing page once the app runs', () => {
  it("asks for the app's scripts only after the first screen has painted, elsewhere at once", async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    const timings = () =>
      page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      }));
    await page.goto(suite.server.url);
    await page.getByRole('button', { name: 'Sign In with Google' }).first().waitFor();
    const landing = await timings();
    expect(landing.paint).not.toBeNull();
    expect(landing.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...landing.scripts)).toBeGreaterThanOrEqual(landing.paint as number);

    // A start page's pre-rendered screen is waited for the same way (here the scanner's, before the app sends
    // this signed-out visitor home).
    await page.goto(`${suite.server.url}/dashboard/qrchecker`);
    await page.waitForURL(`${suite.server.url}/`);
    const scanner = await timings();
    expect(scanner.paint).not.toBeNull();
    expect(Math.min(...scanner.scripts)).toBeGreaterThanOrEqual(scanner.paint as number);

    // Off the landing page there is no pre-rendered screen to wait for: the app's scripts come with the HTML.
    await page.goto(`${suite.server.url}/privacy-policy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    const other = await timings();
    expect(other.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...other.scripts)).toBeLessThan(other.paint ?? Number.POSITIVE_INFINITY);
    await context.close();
  });

  it("asks for the hero's pictures on the landing page only, not on the scanner once its app runs", async () => {
    // Only the landing page draws the hero and plays the intro. On a start page each picture would be an SVG
    // document parsed on the main thread while the page starts, for nothing shown (decision 1126).
    const context = await signedInContext(suite.browser, suite.server.url, 'checker@utsav.test', {
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/qrchecker`);
    await expect.poll(() => page.getByTestId('snapshot-info').textContent()).toMatch(/^Ticket list:/);
    // Had the app asked, it would have asked when its first chunk ran, long before the list was in.
    await page.waitForLoadState('networkidle');
    const heroPictures = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((name) => /\/hero-(mandala|lanterns)-[^/]+\.svg$/.test(name)),
      );
    expect(await heroPictures()).toEqual([]);

    await page.goto(suite.server.url);
    await page.locator('#hero-backdrop img').first().waitFor();
    await expect.poll(async () => (await heroPictures()).length).toBeGreaterThan(0);
    await context.close();
  });

  it("keeps a tap on the pre-rendered screen's buttons made before the app runs, and replays it", async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    // The app's scripts are held back until the visitor has tapped 'Book' on the HTML's first screen.
    const held: Array<() => Promise<void>> = [];
    await context.route(/\/assets\/.+\.js$/, (route) => void held.push(() => route.continue()));
    const page = await context.newPage();
    // The HTML's first screen is there once the document is parsed. The page's load event may never come while
    // the scripts are held: the boot script adds the app's entry once the first paint is seen, and a script added
    // before the load event holds it back (which of the two comes first depends on the machine).
    await page.goto(suite.server.url, { waitUntil: 'domcontentloaded' });
    const book = page.locator('#static-landing [data-static-language="en"]').getByRole('button', {
      name: 'Book Your Tickets Now',
    });
    await book.click();
    expect(await book.getAttribute('aria-busy')).toBe('true');
    await context.unroute(/\/assets\/.+\.js$/);
    await Promise.all(held.map((release) => release()));
    await page.getByRole('dialog', { name: 'Book Your Tickets' }).waitFor();
    expect(await page.locator('#static-landing').count()).toBe(0);
    // Taken once: it is not replayed again.
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-boot-tap'))).toBe(false);
    await context.close();
  });

  it('moves nothing in the header while the account loads and the visitor turns out signed out', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    await context.addInitScript(() => {
      const moved: string[] = [];
      Object.assign(window, { moved });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { sources?: { node?: Node }[] }>) {
          for (const source of entry.sources ?? []) {
            const node = source.node instanceof Element ? source.node : source.node?.parentElement;
            if (node?.closest('header')) moved.push(node.outerHTML.slice(0, 80));
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await page.getByRole('banner').getByRole('button', { name: 'Sign In with Google' }).waitFor();
    await layoutSettled(page);
    expect(await page.evaluate(() => (window as unknown as { moved: string[] }).moved)).toEqual([]);
    await context.close();
  });

  it('replaces the HTML first screen with the app and keeps the backdrop to the landing page', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await page.getByRole('button', { name: 'Sign In with Google' }).first().waitFor();
    expect(await page.locator('#static-landing').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await visible(page, '#hero-backdrop')).toBe(true);

    await page.getByRole('link', { name: 'Privacy Policy' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    expect(await visible(page, '#hero-backdrop')).toBe(false);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: /Utsav/ }).waitFor();
    expect(await visible(page, '#hero-backdrop')).toBe(true);

    // The scanner's pre-rendered screen is not left over a signed-out visitor, whom the app sends home; the
    // hero's backdrop, which the scanner's document carries as a template only, comes with the landing page.
    await page.goto(`${suite.server.url}/dashboard/qrchecker`);
    await page.waitForURL(`${suite.server.url}/`);
    await page.getByRole('heading', { level: 1, name: /Utsav/ }).waitFor();
    expect(await page.locator('#static-page').count()).toBe(0);
    expect(await visible(page, '#root')).toBe(true);
    await expect.poll(() => visible(page, '#hero-backdrop')).toBe(true);
    await context.close();
  });
});

describe("the installed apps' start pages before their JavaScript", () => {
  it("greets a returning guest by the name this phone saved, in the HTML's My Tickets", async () => {
    const context = await signedInContext(
      suite.browser,
      suite.server.url,
      { email: 'returning.guest@example.test', name: 'Nirmala Desai' },
      { viewport: PHONE, language: 'gu' },
    );
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/guest`);
    // The app's own greeting; it has saved the person on the phone (lib/offline/person-store.ts).
    await page.getByRole('heading', { level: 1, name: 'સ્વાગત છે, Nirmala!' }).waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('utsav.offline-saved'))).toMatch(/.+/);
    await context.route(/\/assets\/.+\.js$/, (route) => route.abort('blockedbyclient'));
    await page.reload();
    const html = page.locator('#static-page');
    await html.getByRole('heading', { level: 1, name: 'સ્વાગત છે, Nirmala!' }).waitFor();
    expect(await visible(page, '#root')).toBe(false);
    await screenshot(page, 'first-paint-my-tickets-returning-gu-390');
    await context.close();
  });

  it('paints the scanner from the HTML, and a Start Camera tapped there starts the camera once the app runs', async () => {
    const context = await signedInContext(suite.browser, suite.server.url, CHECKER, { viewport: PHONE });
    // The app's scripts are held back until the volunteer has tapped Start Camera on the HTML's scanner.
    const held: Array<() => Promise<void>> = [];
    await context.route(/\/assets\/.+\.js$/, (route) => void held.push(() => route.continue()));
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/qrchecker`, { waitUntil: 'domcontentloaded' });
    const html = page.locator('#static-page [data-static-language="en"]');
    await html.getByRole('heading', { level: 1, name: 'QR Scanner' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.staticPage)).toBe('scanner');
    expect(await visible(page, '#root')).toBe(false);
    expect(await visible(page, '#static-landing')).toBe(false);
    // Its fields wait for the app: what was typed there would be lost when React replaces them.
    expect(await html.getByLabel('Gate name (optional)').getAttribute('readonly')).toBe('');
    // What only the phone knows is not shown: the gate bar's counter, with its words ("in on this phone").
    await html.getByTestId('gate-name').waitFor({ state: 'hidden' });
    await html.locator('p:has([data-testid="phone-count"])').waitFor({ state: 'hidden' });
    await screenshot(page, 'first-paint-scanner-390');

    const start = html.getByRole('button', { name: 'Start Camera' });
    await start.click();
    expect(await start.getAttribute('aria-busy')).toBe('true');
    await context.unroute(/\/assets\/.+\.js$/);
    await Promise.all(held.map((release) => release()));
    // The app's scanner replaced the HTML's and started the camera (this browser has none: its error shows).
    await page
      .getByRole('alert')
      .filter({ hasText: /camera/i })
      .waitFor();
    expect(await page.locator('#static-page').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1, name: 'QR Scanner' }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-boot-tap'))).toBe(false);
    await context.close();
  });
});
