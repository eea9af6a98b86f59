import { describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The audit log viewer at phone width, by keyboard where a person would use it: filter by action and page down
// with 'Load more' to the oldest entry, filter by a ticket's code and read an entry in words (and at 200% text,
// and in Gujarati), open the record as written, and see a refused filter's message under its own field.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

describe('audit log viewer', () => {
  it('at 390 px an admin filters, loads more, reads an entry and sees a refused filter explained', async () => {
    // A retry starts on a new server: the first attempt's 60 entries would be counted too.
    await suite.newInstallOnRetry('filters');
    const admin = await api.signIn('admin@utsav.test', 'Admin');
    const issued = await api.call<{ tickets: { id: string; ticketId: string }[] }>(
      'POST',
      '/api/tickets/admin/issue-manual',
      admin.token,
      { userName: 'Audit Family', userEmail: 'audit.family@example.test', quantity: 30, paymentDone: true },
    );
    const ids = issued.tickets.map((ticket) => ticket.id);
    // 60 status changes, one entry each: more than one page of 50.
    for (const status of ['cancelled', 'active']) {
      await api.call('PATCH', '/api/admin/tickets/bulk-update', admin.token, { ticketIds: ids, status });
    }

    const context = await signedInContext(suite.browser, suite.server.url, 'admin@utsav.test', {
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/admin?view=audit-log`);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByText(/^Showing \d+ entries$/).waitFor();

    await page.getByLabel('Action').fill('ticket.status_changed');
    await page.getByLabel('Action').press('Enter');
    await page.getByText('Showing 50 entries').waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-audit-log-390');
    const more = page.getByRole('button', { name: 'Load more' });
    await more.focus();
    await page.keyboard.press('Enter');
    await page.getByText('Showing 60 entries').waitFor();
    await page.getByText('That is the oldest entry.').waitFor();
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByLabel('Ticket').fill(issued.tickets[0]!.ticketId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Showing 2 entries').waitFor();
    const entries = page.getByRole('region', { name: 'Audit entries, newest first' }).getByRole('listitem');
    expect(await entries.count()).toBe(2);
    // Each entry in words: its label as a heading, what it is about by the ticket's code, its facts labelled.
    const newest = entries.first();
    await newest.getByRole('heading', { level: 3, name: 'Ticket status changed' }).waitFor();
    const code = issued.tickets[0]!.ticketId;
    expect(await newest.getByText(`Ticket: ${code}`).count()).toBe(1);
    const fact = (label: string) =>
      newest.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
    expect(await fact('Changed from').textContent()).toBe('Cancelled');
    expect(await fact('Changed to').textContent()).toBe('Active');
    expect(await fact('Part of a bulk change').textContent()).toBe('Yes');
    // The record as written stays a disclosure away, by keyboard.
    await newest.getByText('As recorded').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => newest.locator('pre').textContent()).toContain('"to": "active"');
    expect(await newest.getByText('ticket.status_changed', { exact: true }).isVisible()).toBe(true);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-audit-log-entry-390');

    // 200% text (a phone's text-size setting) keeps it on the screen; Gujarati words it from the same labels.
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '200%';
    });
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).fontSize)).toBe('32px');
    await newest.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-audit-log-entry-390-200pct');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('gu');
    // The list's own name is Gujarati now: the entries are found by their words.
    await page.getByRole('heading', { level: 3, name: 'ટિકિટની સ્થિતિ બદલી' }).first().waitFor();
    expect(await page.getByText(`ટિકિટ: ${code}`).count()).toBe(2);
    await page.getByText(`ટિકિટ: ${code}`).first().scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-audit-log-entry-390-200pct-gu');
    await page.getByRole('combobox', { name: 'ભાષા' }).selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.evaluate(() => {
      document.documentElement.style.fontSize = '';
    });

    await page.getByLabel('Action').fill('not an action!');
    await page.getByLabel('Action').press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: 'An action is at most 64 letters, digits, dots, dashes or underscores' })
      .waitFor();
    expect(await page.getByLabel('Action').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'admin-audit-log-refused-390');
    await context.close();
  });
});
