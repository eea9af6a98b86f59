import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newContext, PHONE, screenshot } from './support/browser';
import { openViewInApp } from './support/in-app';
import { layoutSettled } from './support/settled';
import { signedInContext, storeSignIn } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The admin's views on a 390 px phone at 200% text (WCAG 1.4.10 reflow): nothing scrolls sideways. Grids
// without a column template grew to their widest content (a title word, two stat cards side by side, a
// fieldset's min-content) and pushed the whole view past the screen's edge. And the account menu shows a
// long name and email whole, wrapped, rather than cut.

const suite = useServerAndBrowser();

const VIEWS = [
  'dashboard',
  'event-manager',
  'user-management',
  'ticket-management',
  'manual-ticket-issuance',
  'analytics',
  'refund-management',
  'gates',
  'waitlist',
  'resales',
  'ticket-types',
  'promo-codes',
] as const;

async function largeTextPhone(): Promise<Page> {
  const context = await newContext(suite.browser, { viewport: PHONE });
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.style.fontSize = '200%';
    });
  });
  return context.newPage();
}

/** How far the document scrolls sideways, and the text that reaches past the right edge (for the message). */
function sideways(page: Page): Promise<{ scroll: number; past: string[] }> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past: string[] = [];
    const walker = document.createTreeWalker(document.querySelector('main') as Node, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!node.textContent?.trim() || !parent || parent.closest('.sr-only, .truncate')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if (range.getBoundingClientRect().right > width + 1) past.push(node.textContent.trim().slice(0, 40));
    }
    return { scroll: document.documentElement.scrollWidth - window.innerWidth, past: past.slice(0, 5) };
  });
}

describe("the admin's views at 200% text on a 390 px phone", () => {
  for (const language of ['en', 'gu'] as const) {
    it(`reflow without sideways scrolling in ${language}`, async () => {
      const page = await largeTextPhone();
      await storeSignIn(page, suite.server.url, 'admin@utsav.test');
      await page.evaluate((chosen) => localStorage.setItem('utsav.language', chosen), language);
      const title = page.getByRole('heading', { level: 1 });
      for (const [index, view] of VIEWS.entries()) {
        const address = `/dashboard/admin${view === 'dashboard' ? '' : `?view=${view}`}`;
        // One load of the app, then each view opened inside it, as its dashboard tiles open them.
        if (index === 0) {
          await page.goto(`${suite.server.url}${address}`);
          await title.first().waitFor();
          // The view's data (stat cards, lists) has arrived: nothing is still loading.
          await expect.poll(() => page.locator('main [aria-busy="true"]').count()).toBe(0);
        } else {
          await openViewInApp(page, address, title);
        }
        await layoutSettled(page);
        if (view === 'dashboard' || view === 'analytics' || view === 'manual-ticket-issuance') {
          await screenshot(page, `admin-large-text-${view}-${language}-390`);
        }
        expect.soft(await sideways(page), `${view} in ${language}`).toEqual({ scroll: 0, past: [] });
      }
      await page.context().close();
    });
  }
});

describe('the account menu on a 390 px phone', () => {
  it('shows a long name and email whole, wrapped', async () => {
    // Signed in as a returning phone finds it (support/signed-in.ts): the menu, not the chooser, is the subject.
    const context = await signedInContext(
      suite.browser,
      suite.server.url,
      { email: 'lakshmi.narayanan.venkataraman@example.test', name: 'Lakshmi Narayanan Venkataraman' },
      { viewport: PHONE },
    );
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await page.getByRole('button', { name: /^Account menu for / }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await screenshot(page, 'account-menu-long-name-390');
    const cut = await menu.evaluate((root) =>
      [...root.querySelectorAll('p')]
        .filter((line) => line.scrollWidth > line.clientWidth + 1)
        .map((line) => line.textContent),
    );
    expect(cut).toEqual([]);
    await expect.poll(() => menu.textContent()).toContain('Lakshmi Narayanan Venkataraman');
    await context.close();
  });
});
