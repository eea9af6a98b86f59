import type { Language } from '@utsav/domain/languages';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiUser } from './api';
import { signedInContext } from './signed-in';

// A guest's browser on the guest dashboard, shared by the suites that start from tickets bought through the API
// (transfer, wallet, the guest screens in Hindi and Gujarati).

export interface GuestPageOptions {
  viewport: { width: number; height: number };
  /** Chosen in the header's switcher (remembered) before the dashboard opens; English when absent. */
  language?: Language;
  /** 200% text, as a phone's text-size setting gives it (the root font size doubled). */
  largeText?: boolean;
}

/** Opens /dashboard/guest with My Tickets in a browser where `guest` is signed in (see signedInContext). */
export async function openGuestDashboard(
  browser: Browser,
  baseUrl: string,
  guest: ApiUser,
  options: GuestPageOptions,
): Promise<Page> {
  const context = await signedInContext(
    browser,
    baseUrl,
    { email: guest.email, name: guest.name },
    { viewport: options.viewport, ...(options.language ? { language: options.language } : {}) },
  );
  if (options.largeText) {
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
  }
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error));
  await page.goto(`${baseUrl}/dashboard/guest`);
  await page.locator('#tickets-title').waitFor();
  if (options.language) {
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(options.language);
  }
  return page;
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
