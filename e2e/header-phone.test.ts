import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { newContext, PHONE, screenshot, signInThroughPopup } from './support/browser';
import { layoutSettled } from './support/settled';
import { storeSignIn } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The header on a 390 px phone: the language switcher and the account menu keep to the bar's one
// row in English, Hindi and Gujarati, signed in and out, so the fixed bar never covers the page's first
// content; at 200% text it wraps and scrolls away with the page. No sideways scrolling either way.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

interface HeaderLayout {
  position: string;
  headerBottom: number;
  /** The lowest edge of anything inside the header (a wrapped row overflowing the bar shows here). */
  contentBottom: number;
  /** The top of the page's first heading. */
  firstContentTop: number;
  sidewaysScroll: number;
  /** Pairs of the header's controls drawn over each other (a squeezed row). */
  overlaps: string[];
}

function headerLayout(page: Page): Promise<HeaderLayout> {
  return page.evaluate(() => {
    const header = document.querySelector('header') as HTMLElement;
    let contentBottom = 0;
    for (const element of header.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.height > 0) contentBottom = Math.max(contentBottom, box.bottom);
    }
    const controls = [...header.querySelectorAll('button, select')].filter(
      (element) => element.getBoundingClientRect().width > 0,
    );
    const overlaps: string[] = [];
    controls.forEach((a, i) => {
      for (const b of controls.slice(i + 1)) {
        if (a.contains(b) || b.contains(a)) continue;
        const x = a.getBoundingClientRect();
        const y = b.getBoundingClientRect();
        if (x.left < y.right - 1 && y.left < x.right - 1 && x.top < y.bottom - 1 && y.top < x.bottom - 1)
          overlaps.push(`${a.tagName} "${a.textContent?.trim()}" / ${b.tagName} "${b.textContent?.trim()}"`);
      }
    });
    const heading = document.querySelector('main h1, h1') as HTMLElement;
    return {
      position: getComputedStyle(header).position,
      headerBottom: header.getBoundingClientRect().bottom,
      contentBottom,
      firstContentTop: heading.getBoundingClientRect().top,
      sidewaysScroll: document.documentElement.scrollWidth - window.innerWidth,
      overlaps,
    };
  });
}

async function expectHeaderFits(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  // The header's transitions (height, background) have ended.
  await layoutSettled(page);
  await screenshot(page, name);
  const layout = await headerLayout(page);
  expect
    .soft(layout.contentBottom, `${name}: a header row overflows the bar`)
    .toBeLessThanOrEqual(layout.headerBottom + 1);
  expect
    .soft(layout.firstContentTop, `${name}: the header covers the first heading`)
    .toBeGreaterThanOrEqual(layout.headerBottom);
  expect.soft(layout.sidewaysScroll, `${name}: sideways scroll`).toBeLessThanOrEqual(0);
  expect.soft(layout.overlaps, `${name}: header controls drawn over each other`).toEqual([]);
  return layout;
}

const LANGUAGES = [
  { code: 'en', menu: /^Account menu for / },
  { code: 'hi', menu: /Ritu Header/ },
  { code: 'gu', menu: /Ritu Header/ },
] as const;

describe('the header on a 390 px phone', () => {
  for (const largeText of [false, true]) {
    it(`fits in en, hi and gu, signed out and signed in${largeText ? ', at 200% text' : ''}`, async () => {
      const guest = await api.signIn(`header.${largeText ? 'large' : 'plain'}@example.test`, 'Ritu Header');
      for (const { code, menu } of LANGUAGES) {
        const context = await newContext(suite.browser, { viewport: PHONE, locale: code });
        if (largeText) {
          await context.addInitScript(() => {
            document.addEventListener('DOMContentLoaded', () => {
              document.documentElement.style.fontSize = '200%';
            });
          });
        }
        const page = await context.newPage();
        const suffix = `${code}${largeText ? '-200' : ''}-390`;
        await page.goto(suite.server.url);
        await page.waitForFunction(() => !document.getElementById('static-landing'));
        await page.locator('header nav select').waitFor();
        const out = await expectHeaderFits(page, `header-signed-out-${suffix}`);
        expect(out.position).toBe(largeText ? 'relative' : 'fixed');

        // The header's own sign-in button, through the chooser, once (English, 100%); elsewhere the sign-in is
        // kept as the chooser leaves it (support/signed-in.ts): the header's layout is what differs.
        if (code === 'en' && !largeText) {
          await signInThroughPopup(
            page,
            { email: guest.email, name: guest.name },
            () => page.locator('header nav button').first().click(),
            menu,
          );
        } else {
          await storeSignIn(page, suite.server.url, { email: guest.email, name: guest.name });
        }
        await page.goto(`${suite.server.url}/dashboard/guest`);
        await page.getByRole('button', { name: menu }).waitFor();
        await page.locator('h1').first().waitFor();
        await expectHeaderFits(page, `header-signed-in-${suffix}`);

        // Keyboard: the language switcher and the account menu are reached and work.
        const select = page.locator('header nav select');
        await select.focus();
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');
        await page.keyboard.press('Enter');
        await page.getByRole('menu').waitFor();
        await page.keyboard.press('Escape');
        await context.close();
      }
    });
  }
});
