import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAt, newEmail } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { openInApp } from './support/in-app';
import { layoutSettled } from './support/settled';
import { storeSignIn } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// Where a page starts on a 390 px phone: right under the header, at 100% and at 200% text. At 200% the header
// wraps and scrolls with the page (header-phone.test.ts); a top padding sized for the fixed one-row bar then
// left an empty band as tall as a second header above every page's first line.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

/** The breathing room pages keep under the header (1.5rem), and a little for a heading's half-leading. */
const MOST_REM = 2;

interface PageTop {
  headerBottom: number;
  /** The top of the highest thing in <main> a person sees: text, an image, a control. */
  contentTop: number;
  rootFontPx: number;
}

function pageTop(page: Page): Promise<PageTop> {
  return page.evaluate(() => {
    const header = document.querySelector('header:not(main header)') as HTMLElement;
    let contentTop = Number.POSITIVE_INFINITY;
    for (const element of document.querySelectorAll('main *')) {
      if (element.closest('[aria-hidden="true"], .sr-only')) continue;
      const ownText = [...element.childNodes].some(
        (node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim(),
      );
      if (!ownText && !element.matches('img, svg, input, select, button, a')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      contentTop = Math.min(contentTop, box.top);
    }
    return {
      headerBottom: header.getBoundingClientRect().bottom,
      contentTop,
      rootFontPx: Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
    };
  });
}

async function phone(largeText: boolean): Promise<Page> {
  const context = await newContext(suite.browser, { viewport: PHONE });
  if (largeText) {
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
  }
  return context.newPage();
}

/** The page's first content is below the header (not covered) and no more than MOST_REM under it. */
async function expectStartsUnderHeader(page: Page, name: string, { nearHeader = true } = {}) {
  await page.evaluate(() => window.scrollTo(0, 0));
  // The header's transitions (height, background) have ended.
  await layoutSettled(page);
  await screenshot(page, name);
  const top = await pageTop(page);
  expect(top.contentTop, `${name}: the header covers the first content`).toBeGreaterThanOrEqual(
    top.headerBottom - 1,
  );
  if (nearHeader) {
    expect(
      (top.contentTop - top.headerBottom) / top.rootFontPx,
      `${name}: an empty band between the header and the first content (rem)`,
    ).toBeLessThanOrEqual(MOST_REM);
  }
}

describe('pages start right under the header on a 390 px phone', () => {
  // Two browsers per text size: one for what a visitor sees (the landing page, its jump to a section, a policy
  // page), one where a guest then an admin is signed in. Each page after the first loads in a context that has
  // compiled the app already, or opens inside the app.
  for (const largeText of [false, true]) {
    const size = largeText ? '200' : '100';

    it(`the landing page, a jump to a section (the hero's arrow) and a policy page at ${size}% text`, async () => {
      const page = await phone(largeText);
      await page.goto(suite.server.url);
      await page.waitForFunction(() => !document.getElementById('static-landing'));
      await page.getByRole('button', { name: 'Sign In with Google' }).first().waitFor();
      // At 100% the hero fills the first screen and centres its text by design; at 200% its text is taller
      // than the screen and starts at its top.
      await expectStartsUnderHeader(page, `page-top-landing-${size}-390`, { nearHeader: largeText });

      // The jump stops right under the header.
      await page.getByRole('link', { name: 'Scroll to About the event' }).click();
      await expect
        .poll(() => page.evaluate(() => document.getElementById('about')?.getBoundingClientRect().top))
        .toBeLessThan(PHONE.height / 2);
      await layoutSettled(page);
      const { sectionTop, headerBottom, rootFontPx } = await page.evaluate(() => ({
        sectionTop: document.getElementById('about')!.getBoundingClientRect().top,
        headerBottom: Math.max(
          0,
          document.querySelector('header:not(main header)')!.getBoundingClientRect().bottom,
        ),
        rootFontPx: Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
      }));
      await screenshot(page, `page-top-jump-about-${size}-390`);
      expect(sectionTop, 'the header covers the section').toBeGreaterThanOrEqual(headerBottom - 1);
      expect(
        (sectionTop - headerBottom) / rootFontPx,
        'an empty band above the section (rem)',
      ).toBeLessThanOrEqual(MOST_REM);

      await page.goto(`${suite.server.url}/privacy-policy`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expectStartsUnderHeader(page, `page-top-privacy-${size}-390`);
      await page.context().close();
    });

    it(`the guest's dashboard with a ticket, then the admin's dashboard and analytics, at ${size}% text`, async () => {
      // A new guest on each attempt: a retry (same database) would find the first attempt's ticket too.
      const guest = await api.signIn(newEmail(`page.top.${size}`), 'Pooja Pagetop');
      await api.buyTicket(guest);
      const page = await phone(largeText);
      await storeSignIn(page, suite.server.url, { email: guest.email, name: guest.name });
      await page.goto(`${suite.server.url}/dashboard/guest`);
      await page.getByRole('heading', { name: /Active\s*\(1\)/ }).waitFor();
      await expectStartsUnderHeader(page, `page-top-dashboard-${size}-390`);

      // The same phone, now with the admin's sign-in kept (support/signed-in.ts).
      await storeSignIn(page, suite.server.url, 'admin@utsav.test');
      await page.goto(`${suite.server.url}/dashboard/admin`);
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      await expectStartsUnderHeader(page, `page-top-admin-${size}-390`);

      await openInApp(page, '/dashboard/admin?view=analytics');
      await page.getByRole('heading', { level: 1, name: 'Sales Analytics' }).waitFor();
      await expectStartsUnderHeader(page, `page-top-analytics-${size}-390`);
      await page.context().close();
    });
  }
});
