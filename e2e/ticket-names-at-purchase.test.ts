import { describe, expect, it } from 'vitest';
import { newEmail } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { signedInPage } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// Who each ticket is for, named in the purchase dialog at 390 px: the names go with the
// order and come back on My Tickets; an empty field keeps the buyer's own name.

const suite = useServerAndBrowser();

describe('naming tickets in the purchase dialog', () => {
  it('a buyer names one of two tickets before paying; My Tickets shows that name and their own on the other', async () => {
    // Signed in as the chooser leaves it (support/signed-in.ts): the chooser is tested where it is the subject. A new
    // buyer on each attempt: a retry would find the first attempt's tickets.
    const page = await signedInPage(
      suite.browser,
      suite.server.url,
      { email: newEmail('nisha.names'), name: 'Nisha Mehta' },
      { viewport: PHONE },
    );
    const context = page.context();

    await page.getByRole('button', { name: 'Book Your Tickets Now' }).click();
    const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
    await booking.getByRole('button', { name: 'Increase quantity' }).click();
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();

    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    await confirm.waitFor();
    await confirm.getByText('Who are the tickets for?').click();
    const first = confirm.getByLabel('Ticket 1');
    const second = confirm.getByLabel('Ticket 2');
    expect(await second.getAttribute('placeholder')).toBe('Nisha Mehta');
    await first.fill('x'.repeat(101));
    expect(await first.inputValue()).toHaveLength(100);
    await first.fill('Anjali Mehta');
    await expect.poll(() => confirm.getByText('1 named').isVisible()).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await second.scrollIntoViewIfNeeded();
    await screenshot(page, 'purchase-ticket-names-390');

    await confirm.getByRole('button', { name: /^Pay / }).click();
    await page.getByRole('button', { name: 'Pay with UPI' }).click();
    await page.waitForURL(/\/payment-success$/);
    await page.getByRole('button', { name: 'View My Tickets' }).click();
    await page.getByRole('heading', { name: /Active\s*\(2\)/ }).waitFor();
    const cards = page.locator('article[data-ticket-id]');
    await expect.poll(() => cards.getByText('For Anjali Mehta').count()).toBe(1);
    await expect.poll(() => cards.getByText('For Nisha Mehta').count()).toBe(1);
    await context.close();
  });
});
