import { addDays, istDate } from '@utsav/domain/time';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, apiAt, newEmail } from './support/api';
import { DESKTOP, newContext, PHONE, screenshot } from './support/browser';
import { signedInContext, storeSignIn } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// Cancelling a ticket and following its refund as a guest would: tickets bought through the API,
// the guest signed in on a 390 px phone, the cancel dialog's three steps, the
// Refund Tracker watching the emulator settle the refund, and 'Cannot Cancel' five days before the event.
// The app runs in this process on its own web build, so a rebuild by anyone else cannot change what it tests.

interface BoughtTicket {
  id: string;
  ticketId: string;
  price: number;
}

const product = usePrivateApp('refunds');
const suite = useBrowser();
const api = apiAt(() => product.url);

/** The guest's own phone: signed in (see storeSignIn), on the dashboard. */
async function openDashboard(guest: ApiUser): Promise<Page> {
  const context = await newContext(suite.browser, { viewport: PHONE });
  const page = await context.newPage();
  page.on('pageerror', (error) => console.error('[page error]', error));
  await storeSignIn(page, product.url, { email: guest.email, name: guest.name });
  await page.goto(`${product.url}/dashboard/guest`);
  await page.getByRole('heading', { name: 'My Tickets' }).waitFor();
  return page;
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A refund's short id, as the lists show it (a ticket is always named by its full code). */
const shortId = (refundId: string) => refundId.slice(-8).toUpperCase();

describe('cancelling a ticket and tracking its refund', () => {
  it('a guest cancels with a reason, sees the refund summary, then the refund completing in the Refund Tracker', async () => {
    // A new guest on each attempt: on a retry the tracker's first refund would be the first attempt's.
    const guest = await api.signIn(newEmail('nisha.rao'), 'Nisha Rao');
    const ticket = await api.buyTicket<BoughtTicket>(guest);
    const refund = ticket.price - 20;
    const page = await openDashboard(guest);

    const cancelButton = page.getByRole('button', { name: `Cancel ticket ${ticket.ticketId}` });
    await cancelButton.scrollIntoViewIfNeeded();
    await screenshot(page, 'refund-ticket-card-390');
    await cancelButton.click();
    const form = page.getByRole('dialog', { name: 'Cancel Ticket' });
    await form.waitFor();
    const breakdown = ((await form.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(breakdown).toContain(`Original amount₹${ticket.price}`);
    expect(breakdown).toContain('₹10 payment gateway + ₹10 platform');
    expect(breakdown).toContain('− ₹20');
    expect(breakdown).toContain(`Refund amount₹${refund}`);
    expect(breakdown).toContain('5-10 business days');
    expect(await form.getByRole('link', { name: 'Refund Policy' }).getAttribute('href')).toBe(
      '/refund-policy',
    );
    expect(await form.getByRole('link', { name: 'Cancellation Policy' }).getAttribute('href')).toBe(
      '/cancellation-policy',
    );

    const next = form.getByRole('button', { name: 'Continue' });
    expect(await next.isDisabled()).toBe(true);
    await form.getByRole('checkbox').check();
    await next.click();
    await form.getByText('Reason is required').waitFor();
    await form.getByLabel('Reason for cancellation').fill('My sister’s wedding moved to the same night.');
    expect(await form.getByText('44/500').isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'refund-cancel-form-390');
    await next.click();

    const confirm = page.getByRole('dialog', { name: 'Confirm Cancellation' });
    await confirm.waitFor();
    expect(await confirm.getByText('My sister’s wedding moved to the same night.').isVisible()).toBe(true);
    await screenshot(page, 'refund-cancel-confirm-390');
    await confirm.getByRole('button', { name: 'Yes, Cancel Ticket' }).click();

    const summary = page.getByRole('dialog', { name: 'Refund Initiated' });
    await summary.waitFor();
    const summaryText = ((await summary.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(summaryText).toContain(`a refund of ₹${refund} has been initiated`);
    expect(summaryText).toContain('5-10 business days');
    expect(summaryText).toMatch(/Refund referenceRF-[0-9A-Z]{10}/);
    await screenshot(page, 'refund-cancel-summary-390');

    // 'Done' closes the dialog and reloads the page: the ticket is now in the Cancelled group.
    await Promise.all([page.waitForEvent('load'), summary.getByRole('button', { name: 'Done' }).click()]);
    await page.getByRole('heading', { name: /^Cancelled/ }).waitFor();
    expect(await page.getByRole('button', { name: `Cancel ticket ${ticket.ticketId}` }).count()).toBe(0);

    await page.getByRole('button', { name: /Refund Tracker/ }).click();
    const tracker = page.getByRole('dialog', { name: 'Refund Tracker' });
    await tracker.waitFor();
    const card = tracker.locator('li[data-refund-id]').first();
    await card.waitFor();
    const cardText = ((await card.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(cardText).toContain(`₹${ticket.price} paid − ₹20 fee = ₹${refund}`);
    expect(cardText).toContain('Refund request created');
    expect(cardText).not.toContain('Resale');
    await screenshot(page, 'refund-tracker-in-progress-390');

    // The emulator settles the refund after ~1.5 s; the tracker refreshes itself while one is on its way.
    await expect.poll(() => card.getAttribute('data-status')).toBe('processed');
    await card.getByText('Refund completed successfully').first().waitFor();
    const timeline = card.getByRole('list', { name: 'Refund timeline' }).getByRole('listitem');
    expect(await timeline.count()).toBe(3);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'refund-tracker-processed-390');

    await card.getByRole('button', { name: 'View Details' }).click();
    const details = page.getByRole('dialog', { name: 'Refund Details' });
    await details.waitFor();
    await details.getByText(ticket.ticketId).waitFor();
    expect(((await details.textContent()) ?? '').replace(/\s+/g, ' ')).toContain(
      'My sister’s wedding moved to the same night.',
    );
    await screenshot(page, 'refund-details-390');
    await page.context().close();
  });

  it('an admin finds the failed refund in Refund Management on a phone and retries it to completion', async () => {
    // A new guest on each attempt, found by the address; the refunds made before hers are counted (the scene
    // above, and on a retry the first attempt's).
    const guest = await api.signIn(newEmail('kavya.menon'), 'Kavya Menon');
    const admin = await api.signIn('admin@utsav.test', 'Admin');
    const before = (
      await api.call<{ pagination: { totalRefunds: number } }>(
        'GET',
        '/api/refunds/admin/all?limit=1',
        admin.token,
      )
    ).pagination.totalRefunds;
    const ticket = await api.buyTicket<BoughtTicket>(guest);
    await api.call('POST', '/razorpay-emulator/_test/refunds/fail-next', undefined, { count: 1 });
    const { refund } = await api.call<{ refund: { id: string; refundId: string } }>(
      'PATCH',
      `/api/tickets/cancel/${ticket.id}`,
      guest.token,
      { reason: 'Exam rescheduled' },
    );
    await expect
      .poll(
        async () =>
          (
            await api.call<{ refund: { status: string } }>(
              'GET',
              `/api/refunds/status/${refund.id}`,
              guest.token,
            )
          ).refund.status,
      )
      .toBe('failed');

    const context = await signedInContext(suite.browser, product.url, 'admin@utsav.test', {
      viewport: PHONE,
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error('[page error]', error));
    await page.goto(`${product.url}/dashboard/admin`);
    await page.getByRole('button', { name: /Manage Refunds/ }).click();
    await page.getByRole('heading', { level: 1, name: 'Refund Management' }).waitFor();

    await page.getByLabel('Search refunds').fill(guest.email);
    const card = page.locator(`li[data-refund-id="${refund.refundId}"]`);
    await page.getByText('1 refund', { exact: true }).waitFor();
    await card.scrollIntoViewIfNeeded();
    const text = ((await card.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toContain('Kavya Menon');
    expect(text).toContain('Failed');
    expect(text).toContain(`₹${ticket.price - 20}`);
    expect(text).toContain(`₹${ticket.price} − ₹20`);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'refund-admin-failed-390');

    await card.getByRole('button', { name: `Retry refund ${shortId(refund.refundId)}` }).click();
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh', exact: true }).click();
          return card.locator('[data-status]').first().getAttribute('data-status');
        },
        { interval: 1000 },
      )
      .toBe('processed');
    await page.getByLabel('Filter by status').selectOption('processed');
    await card.waitFor();
    await screenshot(page, 'refund-admin-completed-390');

    await page.setViewportSize(DESKTOP);
    await page.getByLabel('Search refunds').fill('');
    await page.getByText(`${before + 1} refunds`, { exact: true }).waitFor();
    await page.getByRole('table').waitFor();
    await screenshot(page, 'refund-admin-table-1280');
    await context.close();
  });

  it("shows 'Cannot Cancel' with the days left when the event is 5 days away, and cancels nothing", async () => {
    const guest = await api.signIn('arjun.nair@example.test', 'Arjun Nair');
    const ticket = await api.buyTicket<BoughtTicket>(guest);
    const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
    const event = await api.currentEvent();
    const date = addDays(istDate(new Date()), 5);
    await api.call('PUT', '/api/event', admin.token, {
      name: event.name,
      venue: event.venue,
      description: event.description,
      date,
      startTime: event.startTime,
      endTime: event.endTime,
      ticketPrice: event.ticketPrice,
      groupPrice4: event.groupPrice4,
      totalTickets: event.totalTickets,
      features: (event.features as string[]).join(', '),
      aboutText: event.aboutText,
    });

    const page = await openDashboard(guest);
    await page.getByRole('button', { name: `Cancel ticket ${ticket.ticketId}` }).click();
    const closed = page.getByRole('dialog', { name: 'Cannot Cancel' });
    await closed.waitFor();
    const text = ((await closed.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(text).toMatch(
      /Tickets can only be cancelled at least 10 days before the event\. Only [45] days remaining until the event\./,
    );
    expect(await closed.getByRole('link', { name: 'Refund Policy' }).isVisible()).toBe(true);
    expect(await closed.getByRole('textbox').count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'refund-cannot-cancel-390');
    await closed.getByRole('button', { name: 'Close', exact: true }).click();

    const { tickets } = await api.call<{ tickets: { id: string; status: string }[] }>(
      'GET',
      '/api/tickets/my-tickets',
      guest.token,
    );
    expect(tickets.find((candidate) => candidate.id === ticket.id)?.status).toBe('active');
    await page.context().close();
  });
});
