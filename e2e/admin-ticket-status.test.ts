import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { newContext, PHONE, screenshot, signInThroughPopup } from './support/browser';
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

async function serverStatus(id: string): Promise<string> {
  const admin = await api.signIn('admin@utsav.test', 'Admin');
  const page = await api.call<{ tickets: { id: string; status: string }[] }>(
    'GET',
    `/api/admin/tickets/management?search=${encodeURIComponent(id)}&limit=100`,
    admin.token,
  );
  return page.tickets.find((ticket) => ticket.id === id)?.status ?? 'missing';
}

async function activeInDialog(page: Page): Promise<boolean> {
  return page.evaluate(() => document.activeElement?.closest('dialog[open]') !== null);
}

describe('ticket status change: confirm and undo', () => {
  it('at 390 px the change waits for the confirmation, Escape keeps the ticket, and Undo puts it back', async () => {
    const holder = `Undo Tester ${randomBytes(3).toString('hex')}`;
    const id = await issueTicket(holder);
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await signInThroughPopup(page, 'admin@utsav.test');
    await page.goto(`${suite.server.url}/dashboard/admin?view=ticket-management`);
    await page.getByRole('heading', { level: 1, name: 'Ticket Management' }).waitFor();
    await page.getByLabel('Search tickets by user name or email').fill(holder);
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
});
