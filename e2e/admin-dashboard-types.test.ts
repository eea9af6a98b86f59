import { expect, it } from 'vitest';
import { apiAt } from './support/api';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The dashboard's home shows each ticket type's sales: a couple pass with a capacity of its own (sold of it, what
// is left, the people it admits, its revenue) and the default Entry type sharing the event's capacity, in the same
// figures as the analytics' table per type; at 390 px and at desktop width.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

it('lists sold of capacity, left, people and revenue per ticket type on the dashboard home', async () => {
  // A retry starts on a new server: the first attempt's Couple pass and its sales would be listed too.
  await suite.newInstallOnRetry('per type');
  const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  const couple = await api.call<{ ticketType: { id: string } }>(
    'POST',
    '/api/admin/ticket-types',
    admin.token,
    {
      name: 'Couple pass',
      price: 699,
      admits: 2,
      capacity: 20,
      colour: '#047857',
    },
  );
  await api.buyItems(
    await api.signIn('couple.dashboard@example.test', 'Riya Couple'),
    [{ ticketTypeId: couple.ticketType.id, quantity: 2 }],
    1398,
  );
  await api.buyTicket(await api.signIn('entry.dashboard@example.test', 'Gita Guest'));

  const context = await signedInContext(suite.browser, suite.server.url, 'admin@utsav.test', {
    viewport: PHONE,
  });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/dashboard/admin`);
  const section = page.getByRole('region', { name: 'Sales per ticket type' });
  const coupleCard = section.getByTestId('type-figure').filter({ hasText: 'Couple pass' });
  await expect.poll(() => coupleCard.textContent()).toContain('2 sold of 20');
  const text = (await coupleCard.textContent()) ?? '';
  expect(text).toContain('Couple pass · admits 2');
  expect(text).toContain('18 left');
  expect(text).toContain('4 people');
  expect(text).toContain('Revenue ₹1,398');
  const entryCard = section.getByTestId('type-figure').filter({ hasText: 'Entry' });
  await expect.poll(() => entryCard.textContent()).toContain('1 sold');
  expect(await entryCard.textContent()).toContain("Shares the event's capacity");
  await expectNoHorizontalScroll(page);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-dashboard-types-390');

  // The same dashboard widened to a desktop.
  await page.setViewportSize(DESKTOP);
  await expect.poll(() => section.getByTestId('type-figure').count()).toBe(2);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'admin-dashboard-types-1280');
  await context.close();
});
