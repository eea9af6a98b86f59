import type { AdminTicketType } from '@utsav/domain/api/ticket-types';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiAt } from './support/api';
import { DESKTOP, newContext, PHONE, screenshot } from './support/browser';
import { openViewInApp } from './support/in-app';
import { storeSignIn } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The desk and the organiser at 390 px: a couple pass issued by hand (its phase price, admitting two), found again in
// Ticket Management by its type, and sales per type in the analytics; then the same screens at desktop width. One
// load of the app: the views opened inside it, the phone widened to a desktop.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The app loaded once at the first view; every later view opened inside it, as its tiles open them. */
async function openView(page: Page, view: string, heading: string) {
  const address = `/dashboard/admin?view=${view}`;
  const title = page.getByRole('heading', { level: 1, name: heading });
  if (new URL(page.url()).pathname.startsWith('/dashboard/')) {
    await openViewInApp(page, address, title);
  } else {
    await page.goto(`${suite.server.url}${address}`);
    await title.waitFor();
  }
}

it('at 390 px an admin issues two couple passes by hand and finds them by type in Ticket Management', async () => {
  // A retry starts on a new server: the first attempt's Couple pass, its tickets and its new user would be there.
  await suite.newInstallOnRetry('desk');
  const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  const couple = await api.call<{ ticketType: AdminTicketType }>(
    'POST',
    '/api/admin/ticket-types',
    admin.token,
    {
      name: 'Couple pass',
      price: 699,
      admits: 2,
      colour: '#BE185D',
      phases: [
        { label: 'Early bird', price: 549, quantity: 50 },
        { label: 'Regular', price: 699 },
      ],
    },
  );
  // Someone else's entry ticket, so the type filter has something to leave out.
  await api.buyTicket(await api.signIn('guest@utsav.test', 'Gita Guest'));

  const context = await newContext(suite.browser, { viewport: PHONE });
  const page = await context.newPage();
  await storeSignIn(page, suite.server.url, 'admin@utsav.test');
  await openView(page, 'manual-ticket-issuance', 'Issue Manual Tickets');

  // The default type is chosen at the start; the desk picks the couple pass, by keyboard as a select allows.
  const type = page.getByLabel('Ticket type');
  await expect.poll(() => type.locator('option:checked').textContent()).toContain('Entry');
  await type.selectOption(couple.ticketType.id);
  await page.getByText('New User', { exact: true }).click();
  await page.getByLabel('Full name').fill('Meera Shah');
  await page.getByLabel('Email').fill('meera.shah@example.com');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  const pricing = page.getByRole('region', { name: 'Pricing' });
  await pricing.getByText('Early bird').waitFor();
  await expect.poll(() => pricing.textContent()).toContain('People admitted4');
  await expect.poll(() => pricing.textContent()).toContain('₹1,098');
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'admin-issuance-type-390');

  await page.getByRole('button', { name: 'Issue Tickets' }).click();
  const confirm = page.getByRole('region', { name: 'Confirm ticket issuance' });
  await confirm.getByText('Couple pass · admits 2').waitFor();
  await page.getByRole('button', { name: 'Create User & Issue Tickets' }).click();
  await page.getByRole('dialog', { name: 'Tickets Issued Successfully' }).waitFor();

  const issued = await api.call<{ tickets: { ticketType: { id: string } | null; price: number }[] }>(
    'GET',
    `/api/admin/tickets/management?ticketTypeId=${couple.ticketType.id}`,
    admin.token,
  );
  expect(issued.tickets.map((ticket) => [ticket.ticketType?.id, ticket.price])).toEqual([
    [couple.ticketType.id, 549],
    [couple.ticketType.id, 549],
  ]);

  await openView(page, 'ticket-management', 'Ticket Management');
  const cards = page.getByRole('list', { name: 'Tickets' });
  await cards.getByText('Meera Shah').first().waitFor();
  await cards.getByText('Gita Guest').first().waitFor();
  await page.getByLabel('Filter by ticket type').selectOption(couple.ticketType.id);
  await expect.poll(() => cards.getByRole('listitem').count()).toBe(2);
  await expect.poll(() => cards.getByText('Gita Guest').count()).toBe(0);
  expect(await cards.getByText('Couple pass · admits 2').count()).toBe(2);
  await page.getByText('2 tickets').first().waitFor();
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'admin-tickets-type-filter-390');

  await openView(page, 'analytics', 'Sales Analytics');
  // On a phone each type is a card of figures; from 640 px the same rows are a table.
  const byType = page.getByRole('list', { name: /each ticket type/ });
  const coupleCard = byType.getByRole('listitem').filter({ hasText: 'Couple pass' });
  // Two tickets, four people, no revenue yet: the desk has not marked the payment received.
  await expect.poll(() => coupleCard.getByRole('definition').allTextContents()).toEqual(['2', '4', '₹0']);
  await expectNoHorizontalScroll(page);
  await page.getByRole('heading', { name: 'Sales by ticket type' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-analytics-types-390');

  // The same screens widened to a desktop.
  await page.setViewportSize(DESKTOP);
  const desk = page;
  await openView(desk, 'ticket-management', 'Ticket Management');
  await desk.getByLabel('Filter by ticket type').selectOption(couple.ticketType.id);
  const table = desk.getByRole('table');
  await expect.poll(() => table.getByRole('row').count()).toBe(3);
  await table.getByRole('columnheader', { name: 'Type' }).waitFor();
  await screenshot(desk, 'admin-tickets-type-filter-1280');
  await openView(desk, 'manual-ticket-issuance', 'Issue Manual Tickets');
  await desk.getByLabel('Ticket type').selectOption(couple.ticketType.id);
  await screenshot(desk, 'admin-issuance-type-1280');
  await openView(desk, 'analytics', 'Sales Analytics');
  const typeTable = desk.getByRole('table', { name: /each ticket type/ });
  const coupleRow = typeTable.getByRole('row', { name: /Couple pass/ });
  await expect.poll(() => coupleRow.getByRole('cell').allTextContents()).toEqual(['2', '4', '₹0']);
  await desk.getByRole('heading', { name: 'Sales by ticket type' }).scrollIntoViewIfNeeded();
  await screenshot(desk, 'admin-analytics-types-1280');
  await context.close();
});
