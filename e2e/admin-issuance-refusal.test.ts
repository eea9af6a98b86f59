import { expect, it } from 'vitest';
import { apiAt } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { recordShown, shownAfter, shownOf } from './support/shown';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The desk confirms an issuance while another desk takes the type's last tickets: the server refuses it, and the
// refusal is shown as a toast in the server's own words (the type named, what is left), the form kept as it was and
// no field marked wrong: the quantity typed was fine, the stock moved.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

it("shows the server's refusal of a type's last tickets as a toast, not under a field", async () => {
  const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  const vip = await api.call<{ ticketType: { id: string } }>('POST', '/api/admin/ticket-types', admin.token, {
    name: 'VIP pod',
    price: 1500,
    capacity: 3,
    colour: '#7C3AED',
  });

  const context = await signedInContext(suite.browser, suite.server.url, 'admin@utsav.test', {
    viewport: PHONE,
  });
  await recordShown(context);
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/dashboard/admin?view=manual-ticket-issuance`);
  await page.getByRole('heading', { level: 1, name: 'Issue Manual Tickets' }).waitFor();
  await page.getByLabel('Ticket type').selectOption(vip.ticketType.id);
  await page.getByText('New User', { exact: true }).click();
  await page.getByLabel('Full name').fill('Meera Shah');
  await page.getByLabel('Email').fill('meera.vip@example.com');
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Issue Tickets' }).click();
  const confirm = page.getByRole('region', { name: 'Confirm ticket issuance' });
  await confirm.getByText('VIP pod').first().waitFor();

  // Another desk issues two of the three VIP tickets meanwhile.
  await api.call('POST', '/api/tickets/admin/issue-manual', admin.token, {
    userName: 'Other Desk Guest',
    userEmail: 'other.desk@example.com',
    quantity: 2,
    ticketTypeId: vip.ticketType.id,
    paymentDone: true,
  });

  const toasts = shownOf(page, 'toast').length;
  await page.getByRole('button', { name: 'Create User & Issue Tickets' }).click();
  const shown = await shownAfter(page, 'toast', toasts);
  expect(shown.text).toContain('Only 1 VIP pod ticket is available to issue.');
  // Back on the form as it was filled, with no field marked wrong.
  await page.getByLabel('Full name').waitFor();
  expect(await page.getByLabel('Full name').inputValue()).toBe('Meera Shah');
  expect(await page.locator('[aria-invalid="true"]').count()).toBe(0);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'admin-issuance-refusal-toast-390');
  await context.close();
});
