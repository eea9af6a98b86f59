import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAt, newEmail } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { storeSignIn } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// Large text and the keyboard on a 390 px phone (WCAG 1.4.4 and 1.4.10): at 200% text
// every key screen reflows with nothing wider than the viewport, dialogs fill the phone's screen, and the
// purchase and cancel dialogs work from the keyboard.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

/**
 * 200% text as a phone's text-size setting gives it: the root font size doubles, and with it every rem
 * and em the design uses (the same as Chromium's default font size raised from 16 to 32 px).
 */
async function largeTextPhone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(suite.browser, { viewport: PHONE });
  await context.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      document.documentElement.style.fontSize = '200%';
    });
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Every rendered element that reaches outside the viewport, left or right, named for the failure
 * message. Decorations hidden from assistive tech (the hero's backdrop) may bleed; toasts slide in from
 * the side by design.
 */
async function elementsWiderThanViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      if (element.closest('[aria-hidden="true"], #hero-backdrop, [data-sonner-toaster], .sr-only')) continue;
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      if (box.left < -1 || box.right > width + 1) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${String(
          element.getAttribute('class') ?? '',
        )
          .split(' ')
          .slice(0, 4)
          .join('.')}`;
        found.push(
          `${name} [${Math.round(box.left)}..${Math.round(box.right)}] "${(element.textContent ?? '').trim().slice(0, 40)}"`,
        );
      }
    }
    return found;
  });
}

async function expectReflow(page: Page, name: string) {
  await screenshot(page, name);
  expect.soft(await elementsWiderThanViewport(page), name).toEqual([]);
  expect
    .soft(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), name)
    .toBeLessThanOrEqual(0);
}

describe('200% text on a 390 px phone', () => {
  it('the landing page, the purchase dialog and the dashboard with a ticket reflow without sideways scrolling', async () => {
    // A new guest on each attempt: a retry would find the first attempt's ticket too.
    const guest = await api.signIn(newEmail('large.text'), 'Lakshmi Largetext');
    await api.buyTicket(guest);
    const { context, page } = await largeTextPhone();
    await page.goto(suite.server.url);
    await page.waitForFunction(() => !document.getElementById('static-landing'));
    await expectReflow(page, 'large-text-landing-390');

    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.getByRole('spinbutton', { name: 'Number of tickets' }).fill('4');
    await expectReflow(page, 'large-text-purchase-390');
    await booking.getByRole('button', { name: 'Close dialog' }).click();

    // Signed in as the chooser leaves it (support/signed-in.ts): the chooser is tested where it is the subject.
    await storeSignIn(page, suite.server.url, { email: guest.email, name: guest.name });
    await page.goto(`${suite.server.url}/dashboard/guest`);
    await page.getByRole('heading', { name: /Active\s*\(1\)/ }).waitFor();
    await expectReflow(page, 'large-text-dashboard-390');

    const card = page.locator('article[data-ticket-id]').first();
    await card.getByRole('button', { name: 'Show QR' }).click();
    await card.locator('img[data-qr-ticket]').waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectReflow(page, 'large-text-ticket-qr-390');

    await card.getByRole('button', { name: /^Cancel ticket/ }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Ticket' });
    await cancel.waitFor();
    await expectReflow(page, 'large-text-cancel-390');
    // Continue is disabled until the box is ticked, and says so.
    const missing = cancel.getByText(/^To continue, write a reason for cancelling and tick the box/);
    await missing.waitFor();
    const describedBy = await cancel
      .getByRole('button', { name: 'Continue' })
      .getAttribute('aria-describedby');
    expect(describedBy).toBe(await missing.getAttribute('id'));
    await cancel.getByRole('checkbox').check();
    await cancel.getByText('To continue, write a reason for cancelling.', { exact: true }).waitFor();
    await context.close();
  });

  it('the gate scanner reflows at 200% text', async () => {
    const { context, page } = await largeTextPhone();
    await storeSignIn(page, suite.server.url, 'checker@utsav.test');
    await page.goto(`${suite.server.url}/dashboard/qrchecker`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await expectReflow(page, 'large-text-scanner-390');
    await context.close();
  });
});

/** What has the keyboard focus, as a person would name it. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return 'BODY';
    const label =
      element.getAttribute('aria-label') ?? (element as HTMLInputElement).labels?.[0]?.textContent;
    return (label ?? element.textContent ?? element.tagName).trim();
  });
}

describe('the keyboard and small targets on a 390 px phone', () => {
  it('Tab stays inside the purchase dialog in reading order, and a reopened dialog keeps the quantity', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await page.waitForFunction(() => !document.getElementById('static-landing'));
    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.waitFor();
    await expect.poll(() => focused(page)).toBe('Number of tickets');

    const order: string[] = [];
    for (let press = 0; press < 9; press += 1) {
      await page.keyboard.press('Tab');
      order.push(await focused(page));
      if (order.at(-1) === 'I agree to the Terms of Service and the Refund Policy.') {
        await page.keyboard.press('Space');
      }
    }
    expect(order).toEqual([
      'Increase quantity',
      // A code may open a pass the list does not show, so the field is always offered.
      'Promo or access code',
      'Apply',
      'I agree to the Terms of Service and the Refund Policy.',
      'Terms of Service',
      'Refund Policy',
      'Continue to Purchase',
      // Round again, never through the page or the browser's own UI.
      'Close dialog',
      // 'Decrease quantity' is disabled at one ticket, so not a stop.
      'Number of tickets',
    ]);
    await page.keyboard.down('Shift');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.up('Shift');
    expect(await focused(page)).toBe('Continue to Purchase');

    // Three tickets chosen, the dialog closed and opened again: still three.
    await booking.getByRole('button', { name: 'Increase quantity' }).click();
    await booking.getByRole('button', { name: 'Increase quantity' }).click();
    await page.keyboard.press('Escape');
    await booking.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    await expect
      .poll(() => booking.getByRole('spinbutton', { name: 'Number of tickets' }).inputValue())
      .toBe('3');
    await context.close();
  });

  it('the footer links are targets at least 24 px tall', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/privacy-policy`);
    const footer = page.locator('footer').last();
    await footer.scrollIntoViewIfNeeded();
    const heights = await footer
      .locator('a, button')
      .evaluateAll((targets) => targets.map((target) => target.getBoundingClientRect().height));
    expect(heights.length).toBeGreaterThanOrEqual(7);
    expect(Math.min(...heights)).toBeGreaterThanOrEqual(24);
    await context.close();
  });
});
