import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { searchList } from './support/list-search';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// Ticket Management no longer applies a row's status change at once: the select asks, an
// in-page dialog confirms (Escape or "Keep as it is" leaves the ticket alone), and a bar offers the undo.
// At phone width, where the list is cards.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

async function issueTicket(holder: string): Promise<string> {
  const admin = await api.signIn('admin@utsav.test', 'Admin');
  const issued = await api.call<{ tickets: { id: string }[] }>(
    'POST',
    '/api/tickets/admin/issue-manual',
    admin.token,
    {
      userName: holder,
      userEmail: `${holder.replaceAll(' ', '.').toLowerCase()}@example.test`,
      quantity: 1,
      paymentDone: true,
    },
  );
  return issued.tickets[0]!.id;
}

interface BoughtTicket {
  id: string;
  ticketId: string;
}

async function serverStatus(id: string): Promise<string> {
  const admin = await api.signIn('admin@utsav.test', 'Admin');
  const page = await api.call<{ tickets: { id: string; status: string }[] }>(
    'GET',
    `/api/admin/tickets/management?search=${encodeURIComponent(id)}&limit=100`,
    admin.token,
  );
  return page.tickets.find((ticket) => ticket.id === id)?.status ?? 'missing';
}

/** The cards of Ticket Management's list (at 390 px; the transfer history below has items of its own). */
function cardsOf(page: Page): Locator {
  return page.getByRole('list', { name: 'Tickets', exact: true }).locator(':scope > li');
}

async function activeInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);
}

describe('ticket status change: confirm and undo', () => {
  it('at 390 px the change waits for the confirmation, Escape keeps the ticket, and Undo puts it back', async () => {
    const holder = `Undo Tester ${randomBytes(3).toString('hex')}`;
    const id = await issueTicket(holder);
    const context = await signedInContext(suite.browser, suite.server.url, 'admin@utsav.test', {
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/admin?view=ticket-management`);
    await page.getByRole('heading', { level: 1, name: 'Ticket Management' }).waitFor();
    // The card is acted on once the list shows the search's answer (support/list-search.ts).
    await searchList(page.getByLabel('Search tickets by user name or email'), holder, cardsOf(page));
    const card = page.getByRole('listitem').filter({ hasText: holder });
    await card.waitFor();
    const select: Locator = card.getByRole('combobox', { name: /^Status of ticket / });

    // Choosing asks; nothing changes yet. Escape closes the question and focus goes back to the select.
    await select.focus();
    await select.selectOption('cancelled');
    const dialog = page.getByRole('dialog', { name: 'Change ticket status?' });
    await dialog.waitFor();
    await expect.poll(() => dialog.textContent()).toContain(`of ${holder} goes from Active to Cancelled`);
    expect(await dialog.textContent()).toContain('Cancelling returns the ticket to sale');
    // Issued by hand with its payment received: cancelling takes its price off the revenue, and says so.
    expect(await dialog.getByTestId('money-note').textContent()).toMatch(
      /^Money: ₹[\d,]+ comes off the revenue\. Hand back the cash or UPI payment received for it\.$/,
    );
    expect(await serverStatus(id)).toBe('active');
    expect(await activeInDialog(page)).toBe(true);
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await activeInDialog(page)).toBe(true);
    }
    await screenshot(page, 'admin-ticket-status-confirm-390');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await select.inputValue()).toBe('active');
    expect(await select.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await serverStatus(id)).toBe('active');

    // Confirmed: applied, announced, and offered back.
    await select.selectOption('cancelled');
    await dialog.getByRole('button', { name: 'Change status' }).click();
    await dialog.waitFor({ state: 'detached' });
    const undoBar = page.getByRole('status').filter({ hasText: holder });
    await undoBar.waitFor();
    expect(await undoBar.textContent()).toContain('Active → Cancelled');
    await expect.poll(() => select.inputValue()).toBe('cancelled');
    expect(await serverStatus(id)).toBe('cancelled');
    await screenshot(page, 'admin-ticket-status-undo-390');

    await undoBar.getByRole('button', { name: 'Undo' }).click();
    await undoBar.waitFor({ state: 'detached' });
    await expect.poll(() => serverStatus(id)).toBe('active');
    await expect.poll(() => select.inputValue()).toBe('active');
    await expect.poll(() => select.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });

  it('offers only the changes the server allows, each with what it does to money; bulk likewise', async () => {
    const tag = randomBytes(3).toString('hex');
    // Three tickets bought online by one guest: one kept, one refunded (the guest cancelled it), one transferred.
    const guest = await api.signIn(`money.${tag}@example.test`, `Money Guest ${tag}`);
    const kept = await api.buyTicket<BoughtTicket>(guest);
    const refunded = await api.buyTicket<BoughtTicket>(guest);
    const given = await api.buyTicket<BoughtTicket>(guest);
    await api.call('PATCH', `/api/tickets/cancel/${refunded.id}`, guest.token, { reason: 'Cannot come' });
    await api.transferTicket(guest, given.id, { name: `Friend ${tag}`, email: `friend.${tag}@example.test` });

    const context = await signedInContext(suite.browser, suite.server.url, 'admin@utsav.test', {
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/admin?view=ticket-management`);
    await page.getByRole('heading', { level: 1, name: 'Ticket Management' }).waitFor();
    // The list's cards (the transfer history below has items of its own).
    const cards = page.getByRole('list', { name: 'Tickets', exact: true }).getByRole('listitem');
    const search = page.getByLabel('Search tickets by user name or email');
    // Search by the code with or without its prefix finds the ticket, written one way.
    await searchList(search, kept.ticketId.slice(3), cardsOf(page), kept.ticketId);
    const keptCard = cards.filter({ hasText: kept.ticketId });
    await keptCard.waitFor();

    // Paid online: cancelling does not refund, and the confirmation says so before anything changes.
    const select = keptCard.getByRole('combobox', { name: `Status of ticket ${kept.ticketId}` });
    expect(await select.locator('option').allTextContents()).toEqual(['Active', 'Used', 'Cancelled']);
    await select.selectOption('cancelled');
    const dialog = page.getByRole('dialog', { name: 'Change ticket status?' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`Ticket ${kept.ticketId} of Money Guest ${tag}`);
    expect(await dialog.getByTestId('money-note').textContent()).toMatch(
      /^Money: not refunded\. The ₹[\d,]+ paid online stays in the revenue; refunds are made in Refund Management\.$/,
    );
    await screenshot(page, 'admin-ticket-money-confirm-390');
    await dialog.getByRole('button', { name: 'Keep as it is' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The guest's tickets: the refunded one and the transferred one offer no change, and say why.
    await searchList(search, `Money Guest ${tag}`, cardsOf(page));
    const refundedCard = cards.filter({ hasText: refunded.ticketId });
    await refundedCard.getByText('Refunded: it cannot be re-activated.').waitFor();
    expect(await refundedCard.getByRole('combobox').count()).toBe(0);
    const givenCard = cards.filter({ hasText: given.ticketId });
    await givenCard.getByText('Transferred to someone else: its status cannot change.').waitFor();
    expect(await givenCard.getByRole('combobox').count()).toBe(0);
    expect(await givenCard.getByRole('button', { name: /^Delete/ }).count()).toBe(0);

    // The Transferred filter lists it, under its own status.
    await page.getByLabel('Filter by status').selectOption('transferred');
    await expect.poll(() => cards.filter({ hasText: 'Money Guest' }).count()).toBe(1);
    expect(await givenCard.getByText('Transferred', { exact: true }).count()).toBe(1);
    await screenshot(page, 'admin-ticket-transferred-390');
    await page.getByLabel('Filter by status').selectOption('all');

    // Bulk: the kept and the refunded ticket together can only be cancelled (nothing goes back to Active
    // after a refund); the money is said per kind before Update All.
    await keptCard.getByRole('checkbox').check();
    await refundedCard.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Bulk Update (2)' }).click();
    const bulk = page.getByRole('dialog', { name: 'Bulk Update Tickets' });
    await bulk.waitFor();
    const bulkSelect = bulk.getByLabel('New status');
    expect(await bulkSelect.locator('option').allTextContents()).toEqual(['Select status', 'Cancelled']);
    await bulkSelect.selectOption('cancelled');
    await expect
      .poll(() => bulk.getByTestId('money-note').allTextContents())
      .toEqual([
        expect.stringMatching(/^1 ticket paid online: not refunded; ₹[\d,]+ stays in the revenue\.$/),
      ]);
    await screenshot(page, 'admin-ticket-bulk-money-390');
    await bulk.getByRole('button', { name: 'Update All' }).click();
    await bulk.waitFor({ state: 'detached' });
    await expect.poll(() => serverStatus(kept.id)).toBe('cancelled');
    const bulkUndo = page.getByTestId('bulk-undo');
    await bulkUndo.getByText('Bulk update: 1 ticket changed to Cancelled.').waitFor();

    // Cancelled but not refunded: it may come back, and its payment still counts.
    await expect
      .poll(() => keptCard.getByRole('combobox').locator('option').allTextContents())
      .toEqual(['Cancelled', 'Active', 'Used']);
    await keptCard.getByRole('combobox').selectOption('active');
    await dialog.waitFor();
    expect(await dialog.getByTestId('money-note').textContent()).toMatch(
      /^Money: the ₹[\d,]+ paid online was never refunded and still counts; the revenue does not change\.$/,
    );
    await dialog.getByRole('button', { name: 'Keep as it is' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The bulk update is taken back whole: the ticket is active again, as it was.
    await screenshot(page, 'admin-ticket-bulk-undo-390');
    await bulkUndo.getByRole('button', { name: 'Undo' }).click();
    await bulkUndo.getByText(/^Bulk update/).waitFor({ state: 'detached' });
    await expect.poll(() => serverStatus(kept.id)).toBe('active');
    await expect.poll(() => keptCard.getByRole('combobox').inputValue()).toBe('active');
    await context.close();
  });
});
