import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, newContext, PHONE, screenshot, signInThroughPopup } from './support/browser';
import { useServerAndBrowser } from './support/suite';

// The server bundle in a process of its own, as `npm start` runs it: the sign-in chooser's pages and scripts are
// files the bundle finds beside itself (support/server.ts).
const suite = useServerAndBrowser({ ownProcess: true });
let eventName: string;

beforeAll(async () => {
  const event = (await (await fetch(`${suite.server.url}/api/event`)).json()) as { data: { name: string } };
  eventName = event.data.name;
});

describe('first visit', () => {
  it('plays the intro word by word over the landing page, then shows the event', async () => {
    const context = await newContext(suite.browser, { reducedMotion: false });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await expect.poll(() => page.getByText('Garba', { exact: true }).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: eventName }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText('Group Discounts Available').isVisible()).toBe(true);
    await context.close();
  });

  for (const [label, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the landing page at ${viewport.width} px (${label}) and saves a screenshot`, async () => {
      const context = await newContext(suite.browser, { viewport });
      const page = await context.newPage();
      await page.goto(suite.server.url);
      await page.getByRole('heading', { level: 1, name: eventName }).waitFor();
      await page.getByRole('button', { name: 'Book Your Tickets Now' }).first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `landing-${viewport.width}`);
      // The FAQ answers how to resell a ticket one cannot use (face-value resale, through us).
      const faq = page.locator('#faq');
      await faq.scrollIntoViewIfNeeded();
      await expect
        .poll(async () => (await faq.textContent()) ?? '')
        .toContain("Can't come? Can I sell my ticket?");
      await context.close();
    });
  }
});

describe('sign-in and role routing', () => {
  it('a guest signs in through the popup and lands on their dashboard', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await signInThroughPopup(page, 'guest@utsav.test');
    await page.getByRole('button', { name: 'View My Tickets' }).first().click();
    await page.waitForURL(/\/dashboard\/guest$/);

    await page.goto(`${suite.server.url}/dashboard/admin`);
    await page.waitForURL(/\/dashboard\/guest$/);

    await page.goto(`${suite.server.url}/dashboard/bogus`);
    await expect.poll(() => page.getByText('Invalid Role').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Go to Home' }).click();
    await page.waitForURL(`${suite.server.url}/`);
    await context.close();
  });

  it('an admin lands on the Admin Dashboard through My Dashboard', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await signInThroughPopup(page, 'admin@utsav.test');
    await page.getByRole('button', { name: 'My Dashboard' }).first().click();
    await page.waitForURL(/\/dashboard\/admin$/);
    await expect.poll(() => page.getByText('Admin Dashboard').first().isVisible()).toBe(true);
    await context.close();
  });

  it('a signed-out visitor on /dashboard is sent home', async () => {
    const context = await newContext(suite.browser);
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard`);
    await page.waitForURL(`${suite.server.url}/`);
    await context.close();
  });
});

describe('legal pages', () => {
  for (const [path, heading] of [
    ['/privacy-policy', /privacy/i],
    ['/cancellation-policy', /cancellation/i],
    ['/refund-policy', /refund/i],
    ['/terms-of-service', /terms/i],
  ] as const) {
    it(`${path} has real content and leads back home`, async () => {
      const context = await newContext(suite.browser);
      const page = await context.newPage();
      await page.goto(`${suite.server.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const text = (await page.locator('main').textContent()) ?? '';
      expect(text.length).toBeGreaterThan(1500);
      // The refund policy has a section on face-value resale, in our own words.
      if (path === '/refund-policy') {
        await page.getByRole('heading', { level: 2, name: 'Resale at face value' }).waitFor();
      }
      await page
        .getByRole('link', { name: 'Back to Home' })
        .or(page.getByRole('button', { name: 'Back to Home' }))
        .click();
      await page.waitForURL(`${suite.server.url}/`);
      await context.close();
    });
  }
});
