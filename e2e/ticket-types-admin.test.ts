import type { AdminPromoCode } from '@utsav/domain/api/promo-codes';
import type { AdminTicketType, PublicTicketType } from '@utsav/domain/api/ticket-types';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { apiAt } from './support/api';
import { PHONE } from './support/browser';
import { signedInPage } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// The organiser's price list at 390 px, as a person builds it: from the dashboard, a couple pass with an early-bird
// phase in the Ticket Types editor, then a code for it in the Promo Codes panel; what was typed is what the server
// keeps, what a guest is offered, and what the code takes off.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

/** A week from now as an IST wall-clock time, the way a datetime-local field takes it (2026-12-05T21:30). */
function istWeekAhead(): string {
  const ist = new Date(Date.now() + 7 * 24 * 3_600_000 + 5.5 * 3_600_000);
  return ist.toISOString().slice(0, 16);
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The same page with the reader's text at 200% (their browser's text size), still without a sideways scroll. */
async function expectFitsAtDoubleText(page: Page) {
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  await expectNoHorizontalScroll(page);
  await page.evaluate(() => {
    document.documentElement.style.fontSize = '';
  });
}

/** GET /event's ticketTypes: what a guest is offered. */
async function offeredTypes(token: string): Promise<PublicTicketType[]> {
  const answer = await api.call<{ data: { ticketTypes: PublicTicketType[] } }>('GET', '/api/event', token);
  return answer.data.ticketTypes;
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

it('an admin at 390 px adds a couple pass with an early-bird phase and a code for it', async () => {
  // A retry starts on a new server: the first attempt's Couple pass and code would be there.
  await suite.newInstallOnRetry('price list');
  const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  const guest = await api.signIn('guest@utsav.test', 'Gita Guest');
  const endsAt = istWeekAhead();
  // The admin's sign-in kept (signing in is foundation's subject); the landing page's own way to the dashboard.
  const page = await signedInPage(suite.browser, suite.server.url, 'admin@utsav.test', { viewport: PHONE });
  const context = page.context();
  await page.getByRole('button', { name: 'My Dashboard' }).first().click();
  await page.getByRole('button', { name: /^Ticket Types/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Ticket Types' }).waitFor();

  // The event's own price is there from the start: the default type, Entry.
  const cards = page.getByRole('listitem');
  await cards
    .filter({ has: page.getByRole('heading', { name: 'Entry' }) })
    .getByText('Default', { exact: true })
    .waitFor();
  await expectNoHorizontalScroll(page);
  await expectFitsAtDoubleText(page);

  await page.getByRole('button', { name: 'Add ticket type' }).click();
  await expect.poll(() => focusedId(page)).toBe('tt-name');
  // Saved without a name: refused at the field, which takes the focus and says why.
  await page.getByRole('button', { name: 'Add ticket type' }).click();
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await expect.poll(() => name.getAttribute('aria-invalid')).toBe('true');
  await page.getByText('Ticket type name is required').waitFor();
  await expect.poll(() => focusedId(page)).toBe('tt-name');

  await name.fill('Couple pass');
  await page.getByLabel('Name in Hindi').fill('कपल पास');
  await page.getByLabel('Short description').fill('One pass for two dancers');
  await page.getByRole('spinbutton', { name: 'Price (₹)', exact: true }).fill('699');
  await page.getByRole('spinbutton', { name: 'Admits (people per ticket)' }).fill('2');
  await page.getByRole('button', { name: 'Add a price phase' }).click();
  // The new phase's label takes the focus; its fields are named by their phase for a screen reader.
  await expect.poll(() => focusedId(page)).toBe('tt-phases-0-label');
  const phase = page.getByRole('group', { name: 'Phase 1' });
  await page.keyboard.type('Early bird');
  await phase.getByRole('spinbutton', { name: 'Price (₹)' }).fill('549');
  await phase.getByLabel('Ends at (IST)').fill(endsAt);
  await phase.getByLabel('Tickets at this price').fill('100');
  await expectNoHorizontalScroll(page);
  // The save's answer is lost on the way back, after the server made the type (a bad network): the client's
  // retry carries the same Idempotency-Key and gets the first answer again, so there is one Couple pass.
  const saveKeys: string[] = [];
  await page.route('**/api/admin/ticket-types', async (route) => {
    const request = route.request();
    if (request.method() === 'POST') saveKeys.push(request.headers()['idempotency-key'] ?? '');
    if (request.method() !== 'POST' || saveKeys.length > 1) return route.continue();
    await route.fetch();
    return route.abort('connectionreset');
  });
  await page.getByRole('button', { name: 'Add ticket type' }).click();

  await page.getByText('Couple pass added').waitFor();
  const couple = cards.filter({ has: page.getByRole('heading', { name: 'Couple pass' }) });
  await couple.getByText('admits 2').waitFor();
  await couple
    .getByText(/Early bird/)
    .first()
    .waitFor();
  // Back on the list, the focus is where the organiser left it: on the add button.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
    .toContain('Add ticket type');

  const { ticketTypes } = await api.call<{ ticketTypes: AdminTicketType[] }>(
    'GET',
    '/api/admin/ticket-types',
    admin.token,
  );
  expect(saveKeys).toHaveLength(2);
  expect(saveKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(saveKeys[1]).toBe(saveKeys[0]);
  expect(ticketTypes.filter((type) => type.name === 'Couple pass')).toHaveLength(1);
  await page.unroute('**/api/admin/ticket-types');
  const saved = ticketTypes.find((type) => type.name === 'Couple pass');
  expect(saved).toMatchObject({
    nameHi: 'कपल पास',
    description: 'One pass for two dancers',
    price: 699,
    admits: 2,
    hidden: false,
    paused: false,
    phases: [{ label: 'Early bird', price: 549, quantity: 100 }],
  });
  expect(new Date(saved?.phases[0]?.endsAt ?? '').toISOString()).toBe(
    new Date(`${endsAt}:00+05:30`).toISOString(),
  );
  const coupleId = saved?.id ?? '';

  // A guest is offered it at the early-bird price.
  const offered = await offeredTypes(guest.token);
  expect(offered.find((type) => type.id === coupleId)).toMatchObject({
    price: 549,
    admits: 2,
    phase: { label: 'Early bird', price: 549, left: 100 },
    onSale: true,
  });

  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await page.getByRole('button', { name: /^Promo Codes/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Promo Codes' }).waitFor();
  await page.getByText('No codes yet').waitFor();
  await page.getByRole('button', { name: 'Add code' }).click();
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('raas-20');
  await page.getByRole('spinbutton', { name: 'Percent off (1-100)' }).fill('20');
  await page.getByRole('checkbox', { name: /Couple pass/ }).check();
  await expectNoHorizontalScroll(page);
  await page.getByRole('button', { name: 'Add code' }).click();

  await page.getByText('RAAS-20 saved').waitFor();
  const code = page.getByRole('listitem').filter({ hasText: 'RAAS-20' });
  await code.getByText('20% off').waitFor();
  await code.getByText('For Couple pass').waitFor();
  await expectFitsAtDoubleText(page);

  const { promoCodes } = await api.call<{ promoCodes: AdminPromoCode[] }>(
    'GET',
    '/api/admin/promo-codes',
    admin.token,
  );
  expect(promoCodes).toMatchObject([
    { code: 'RAAS-20', kind: 'percent', value: 20, ticketTypeIds: [coupleId], active: true },
  ]);
  // Typed in any case, the code takes 20% off the early-bird price of the pass it names.
  const check = await api.call<{ valid: boolean; discount: number; total: number }>(
    'POST',
    '/api/promo-codes/check',
    guest.token,
    { code: 'Raas-20', items: [{ ticketTypeId: coupleId, quantity: 1 }] },
  );
  expect(check).toMatchObject({ valid: true, discount: 109.8, total: 439.2 });

  // Paused from the keyboard, the pass is no longer on sale to guests.
  await page.getByRole('button', { name: 'Back to Dashboard' }).click();
  await page.getByRole('button', { name: /^Ticket Types/ }).click();
  await page.getByRole('button', { name: 'Pause sales of Couple pass' }).focus();
  await page.keyboard.press('Enter');
  await page.getByText('Sales of Couple pass paused').waitFor();
  await couple.getByText('Paused', { exact: true }).waitFor();
  const after = await offeredTypes(guest.token);
  expect(after.find((type) => type.id === coupleId)?.onSale).toBe(false);
  await context.close();
});
