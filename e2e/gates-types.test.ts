import { expect, it } from 'vitest';
import { apiAt } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The Gates panel at 390 px counts entries per ticket type: a couple pass admitted is one ticket of one sold and two
// people in; the default type shows its own figures; in Gujarati the type carries its Gujarati name.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

it('shows admitted of sold per ticket type, with the people a couple pass lets in', async () => {
  // A retry starts on a new server: the first attempt's Couple pass, sold and admitted, would be listed too.
  await suite.newInstallOnRetry('per type');
  const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  const checker = await api.signIn('checker@utsav.test', 'Gita Gate');
  const couple = await api.call<{ ticketType: { id: string } }>(
    'POST',
    '/api/admin/ticket-types',
    admin.token,
    {
      name: 'Couple pass',
      nameGu: 'કપલ પાસ',
      price: 599,
      admits: 2,
      colour: '#047857',
    },
  );
  const [coupleTicket] = await api.buyItems<{ qrCode: string }>(
    await api.signIn('couple.gates@example.test', 'Riya Couple'),
    [{ ticketTypeId: couple.ticketType.id, quantity: 1 }],
    599,
  );
  await api.call('POST', '/api/tickets/mark-used', checker.token, {
    qrCode: coupleTicket!.qrCode,
    gate: 'North',
    deviceId: 'north-phone-1',
  });
  await api.buyTicket(await api.signIn('entry.gates@example.test', 'Gita Guest'));

  const context = await signedInContext(suite.browser, suite.server.url, 'admin@utsav.test', {
    viewport: PHONE,
  });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/dashboard/admin?view=gates`);
  const section = page.getByRole('region', { name: 'Entries per ticket type' });
  const coupleRow = section.getByTestId('gate-type-row').filter({ hasText: 'Couple pass' });
  await expect.poll(() => coupleRow.textContent()).toContain('1 admitted of 1 sold');
  expect(await coupleRow.textContent()).toContain('Couple pass · admits 2');
  expect(await coupleRow.textContent()).toContain('1 inside now · 2 people in of 2');
  const entryRow = section.getByTestId('gate-type-row').filter({ hasText: 'Entry' });
  expect(await entryRow.textContent()).toContain('0 admitted of 1 sold');
  await expectNoHorizontalScroll(page);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, 'gates-types-390');

  await page.evaluate(() => localStorage.setItem('utsav.language', 'gu'));
  await page.reload();
  const gujarati = page.getByRole('region', { name: 'દરેક ટિકિટ પ્રકારનો પ્રવેશ' });
  await expect.poll(() => gujarati.textContent()).toContain('કપલ પાસ');
  await expectNoHorizontalScroll(page);
  await gujarati.scrollIntoViewIfNeeded();
  await screenshot(page, 'gates-types-gu-390');
  await context.close();
});
