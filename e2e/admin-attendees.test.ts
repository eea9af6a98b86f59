import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// Knowing who is coming, at phone width: the attendee list downloaded from Ticket Management.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

describe('know who is coming', () => {
  it('at 390 px an admin downloads the attendee list as CSV from Ticket Management', async () => {
    const admin = await api.signIn('admin@utsav.test', 'Admin');
    await api.call('POST', '/api/tickets/admin/issue-manual', admin.token, {
      userName: 'Kavya Attendee',
      userEmail: 'kavya.attendee@example.test',
      quantity: 1,
      paymentDone: true,
    });
    const context = await signedInContext(suite.browser, suite.server.url, 'admin@utsav.test', {
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/admin?view=ticket-management`);
    await page.getByRole('heading', { level: 1, name: 'Ticket Management' }).waitFor();
    const button = page.getByRole('button', { name: 'Attendee list (CSV)' });
    await button.waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'admin-attendee-export-390');
    const downloaded = page.waitForEvent('download');
    await button.click();
    const download = await downloaded;
    expect(download.suggestedFilename()).toBe('attendees.csv');
    const text = readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toMatch(/^Holder Name,Buyer,Email,Phone,Ticket Type,Price Paid \(INR\),/);
    expect(text).toContain('Kavya Attendee');
    await page.getByText('Attendee list exported').waitFor();
    await context.close();
  });
});
