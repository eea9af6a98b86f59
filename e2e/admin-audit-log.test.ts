import { describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The audit log viewer at phone width, by keyboard where a person would use it: filter by action and page down
// with 'Load more' to the oldest entry, filter by a ticket's code and read an entry's details, and see a refused
// filter's message under its own field.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

describe('audit log viewer', () => {
  it('at 390 px an admin filters, loads more, reads an entry and sees a refused filter explained', async () => {
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
    await entries.first().getByText('Details').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => entries.first().locator('pre').textContent()).toContain('"to": "active"');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-audit-log-entry-390');

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
