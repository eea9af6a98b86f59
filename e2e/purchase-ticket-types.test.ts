import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, apiAt, newEmail } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { englishLeftovers } from './support/language';
import { signedInContext, signedInPage } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// Buying from the organiser's price list at 390 px, as a guest does: each ticket type with its phase and what
// comes next, a stepper per type, a code answered at once, the order's lines and total, then the same confirm and
// payment steps. A hidden pass appears only with its access code; a phase that sells out gives way to the next
// price; a price that changes under the guest is shown and paid as it now is.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

interface TicketJson {
  price: number;
  ticketType?: { name: string; admits: number } | null;
}

let admin: ApiUser;
const ids = { female: '', couple: '', male: '', artist: '' };

/** A phone-sized page on the landing page, signed in as `email` (a new person, named: support/signed-in.ts). */
async function guestPage(email: string, name: string): Promise<Page> {
  return signedInPage(suite.browser, suite.server.url, { email, name }, { viewport: PHONE });
}

async function openBooking(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Book Your Tickets Now' }).first().click();
  const booking = page.getByRole('dialog', { name: 'Book Your Tickets' });
  await booking.getByRole('heading', { name: 'Choose your tickets' }).waitFor();
  return booking;
}

/** One ticket type's row in the dialog, by the name a guest reads ("Couple pass · admits 2"). */
function typeRow(booking: Locator, name: string): Locator {
  return booking
    .getByRole('listitem')
    .filter({ has: booking.page().getByRole('heading', { name, exact: true }) });
}

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ');

async function myTickets(page: Page): Promise<TicketJson[]> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('utsav.dev-identity') ?? '{}') as { idToken?: string };
    const response = await fetch('/api/tickets/my-tickets', {
      headers: { Authorization: `Bearer ${session.idToken}` },
    });
    return ((await response.json()) as { tickets: TicketJson[] }).tickets;
  });
}

async function createType(body: Record<string, unknown>): Promise<string> {
  const answer = await api.call<{ ticketType: { id: string } }>(
    'POST',
    '/api/admin/ticket-types',
    admin.token,
    body,
  );
  return answer.ticketType.id;
}

const FEMALE = {
  name: 'Female pass',
  price: 449,
  colour: '#BE185D',
  phases: [
    { label: 'Early bird', price: 249, quantity: 300 },
    { label: 'Regular', price: 349 },
  ],
};

const MALE = {
  name: 'Male pass',
  price: 449,
  colour: '#1D4ED8',
  phases: [
    { label: 'Early bird', price: 299, quantity: 1 },
    { label: 'Regular', price: 399 },
  ],
};
/** The Male pass's one early-bird ticket was taken (by an earlier attempt of the test that takes it). */
let maleEarlyBirdTaken = false;

beforeAll(async () => {
  admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  ids.female = await createType(FEMALE);
  ids.couple = await createType({
    name: 'Couple pass',
    price: 699,
    admits: 2,
    colour: '#047857',
    phases: [{ label: 'Early bird', price: 549, quantity: 100 }],
  });
  ids.male = await createType(MALE);
  ids.artist = await createType({ name: 'Artist pass', price: 0, hidden: true, colour: '#7C3AED' });
  await api.call('POST', '/api/admin/promo-codes', admin.token, {
    code: 'GARBA50',
    kind: 'amount',
    value: 50,
    ticketTypeIds: [ids.female, ids.couple],
  });
  await api.call('POST', '/api/admin/promo-codes', admin.token, {
    code: 'ARTIST',
    kind: 'unlock',
    ticketTypeIds: [ids.artist],
  });
});

describe('buying ticket types at 390 px', () => {
  it('a guest buys a couple pass and a female pass with a code: the lines, the discount and the total, then pays', async () => {
    const page = await guestPage(newEmail('meera'), 'Meera Shah');
    // The landing page leads with the cheapest pass on sale and its phase.
    const price = page.locator('main p').filter({ hasText: 'per person' }).first();
    await expect.poll(() => text(price)).toContain('from ₹249');
    expect(await text(price)).toContain('Early bird');
    const booking = await openBooking(page);
    const couple = typeRow(booking, 'Couple pass · admits 2');
    await expect.poll(() => text(couple)).toContain('Early bird');
    await expect.poll(() => text(couple)).toContain('₹549');
    await booking.getByRole('button', { name: 'Add one Couple pass' }).click();
    await booking.getByRole('button', { name: 'Add one Female pass' }).click();

    await booking.getByLabel('Promo or access code').fill('garba50');
    await booking.getByRole('button', { name: 'Apply' }).click();
    const summary = booking.locator('[aria-live="polite"]').filter({ hasText: 'Total' }).first();
    await expect.poll(() => text(summary)).toContain('Discount (GARBA50)');
    const shown = await text(summary);
    expect(shown).toContain('Couple pass · admits 2 × 1 at ₹549');
    expect(shown).toContain('Female pass × 1 at ₹249');
    expect(shown).toContain('−₹100');
    expect(shown).toContain('₹698');
    expect(shown).toContain('admits 3 people');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'purchase-types-chosen-390');

    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    await confirm.waitFor();
    await expect.poll(() => text(confirm)).toContain('Discount (GARBA50)');
    await screenshot(page, 'purchase-types-confirm-390');
    await confirm.getByRole('button', { name: 'Pay ₹698' }).click();

    const event = await api.currentEvent();
    await page
      .getByRole('dialog', { name: event.name })
      .getByRole('button', { name: 'Pay with UPI' })
      .click();
    await page.waitForURL(/\/payment-success$/);
    await page.getByRole('heading', { name: 'Payment Successful!' }).waitFor();

    // Each ticket at what was paid for it after the code: ₹549 − ₹50 and ₹249 − ₹50.
    const tickets = await myTickets(page);
    expect(tickets.map((ticket) => ticket.price).sort((a, b) => a - b)).toEqual([199, 499]);
    await page.context().close();
  });

  it('a hidden pass appears only with its access code, and a ₹0 order is issued without a payment', async () => {
    const page = await guestPage(newEmail('kabir'), 'Kabir Rao');
    const booking = await openBooking(page);
    await typeRow(booking, 'Female pass').waitFor();
    expect(await typeRow(booking, 'Artist pass').count()).toBe(0);

    await booking.getByLabel('Promo or access code').fill('artist');
    await booking.getByLabel('Promo or access code').press('Enter');
    const artist = typeRow(booking, 'Artist pass');
    await artist.getByText('Opened by your code').waitFor();
    await booking.getByRole('button', { name: 'Add one Artist pass' }).click();
    const summary = booking.locator('[aria-live="polite"]').filter({ hasText: 'Total' }).first();
    await expect.poll(() => text(summary)).toContain('Artist pass × 1 at ₹0');

    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    await confirm.getByRole('button', { name: 'Pay ₹0' }).click();
    await page.waitForURL(/\/payment-success$/);
    await expect.poll(async () => (await myTickets(page)).map((ticket) => ticket.price)).toEqual([0]);
    await page.context().close();
  });

  it('a phase that sells out gives way to the next price', async () => {
    // A retry starts from a Male pass with its early-bird ticket left: the taken one is archived (no longer
    // listed) and the pass made again.
    if (maleEarlyBirdTaken) {
      await api.call('PUT', `/api/admin/ticket-types/${ids.male}`, admin.token, { ...MALE, archived: true });
      ids.male = await createType(MALE);
      maleEarlyBirdTaken = false;
    }
    const page = await guestPage('tara@example.test', 'Tara Iyer');
    let booking = await openBooking(page);
    const male = () => typeRow(booking, 'Male pass');
    await expect.poll(() => text(male())).toContain('Early bird');
    await expect.poll(() => text(male())).toContain('Then ₹399 (Regular) after the next 1');

    // Someone else takes the last early-bird ticket (held while they pay).
    const other = await api.signIn(newEmail('rohan'), 'Rohan Mehta');
    const event = await api.currentEvent();
    maleEarlyBirdTaken = true;
    await api.call('POST', '/api/tickets/create-order', other.token, {
      items: [{ ticketTypeId: ids.male, quantity: 1 }],
      quantity: 1,
      amount: 299,
      eventId: event.id,
      eventName: event.name,
    });

    await page.reload();
    booking = await openBooking(page);
    await expect.poll(() => text(male())).toContain('Regular');
    const row = await text(male());
    expect(row).toContain('₹399');
    expect(row).not.toContain('Early bird');
    await screenshot(page, 'purchase-types-next-phase-390');
    await page.context().close();
  });

  it('a price that changes while the guest confirms is shown, and paid as it now is', async () => {
    // The early-bird price as the organiser set it, whatever an earlier attempt raised it to.
    await api.call('PUT', `/api/admin/ticket-types/${ids.female}`, admin.token, FEMALE);
    const page = await guestPage(newEmail('anaya'), 'Anaya Desai');
    const booking = await openBooking(page);
    await booking.getByRole('button', { name: 'Add one Female pass' }).click();
    await booking.getByRole('checkbox').check();
    await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Your Purchase' });
    await confirm.getByRole('button', { name: 'Pay ₹249' }).waitFor();

    // The organiser raises the early-bird price meanwhile.
    await api.call('PUT', `/api/admin/ticket-types/${ids.female}`, admin.token, {
      ...FEMALE,
      phases: [{ ...FEMALE.phases[0], price: 279 }, FEMALE.phases[1]],
    });
    await confirm.getByRole('button', { name: 'Pay ₹249' }).click();

    await confirm.getByText('The price has changed. These are the new figures:').waitFor();
    await expect.poll(() => text(confirm)).toContain('Female pass × 1 at ₹279');
    await screenshot(page, 'purchase-types-price-changed-390');
    await confirm.getByRole('button', { name: 'Pay ₹279' }).click();
    const event = await api.currentEvent();
    await page
      .getByRole('dialog', { name: event.name })
      .getByRole('button', { name: 'Pay with UPI' })
      .click();
    await page.waitForURL(/\/payment-success$/);
    expect((await myTickets(page)).map((ticket) => ticket.price)).toEqual([279]);
    await page.context().close();
  });
});

const LANGUAGES = [
  { code: 'hi', switcher: 'भाषा', menu: /का खाता मेन्यू$/, heading: 'अपने टिकट चुनें', add: 'एक Couple pass जोड़ें' },
  {
    code: 'gu',
    switcher: 'ભાષા',
    menu: /નું ખાતા મેનુ$/,
    heading: 'તમારી ટિકિટ પસંદ કરો',
    add: 'એક Couple pass ઉમેરો',
  },
] as const;

describe.each(LANGUAGES)('the list of types in $code at 200% text', (lang) => {
  it("reads in the language, but for the organiser's names, and reflows inside the phone", async () => {
    const context = await signedInContext(
      suite.browser,
      suite.server.url,
      { email: `${lang.code}.types@example.test`, name: 'Devi' },
      { viewport: PHONE },
    );
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = '200%';
      });
    });
    const page = await context.newPage();
    await page.goto(suite.server.url);
    await page
      .getByRole('button', { name: /^Account menu for /, includeHidden: true })
      .waitFor({ state: 'attached' });
    await page.getByRole('combobox', { name: 'Language' }).selectOption(lang.code);
    await page.getByRole('combobox', { name: lang.switcher }).waitFor();
    await page.getByRole('button', { name: lang.menu }).waitFor();
    await page
      .locator('main')
      .getByRole('button', { name: /₹|बुक|બુક/ })
      .first()
      .click();
    const booking = page.getByRole('dialog');
    await booking.getByRole('heading', { name: lang.heading }).waitFor();
    await booking.getByRole('button', { name: lang.add }).click();
    await booking.getByRole('textbox').fill('GARBA50');
    await booking.getByRole('textbox').press('Enter');
    await expect.poll(() => text(booking)).toContain('GARBA50');
    await expect.poll(() => booking.getByRole('status').count()).toBeGreaterThan(0);
    // The organiser typed these in English only; the event's own name is data too.
    const event = await api.currentEvent();
    const data = [
      event.name,
      'Entry',
      'Female pass',
      'Couple pass',
      'Male pass',
      'Early bird',
      'Regular',
      'GARBA50',
    ];
    expect(await englishLeftovers(booking, data)).toEqual([]);
    const overflow = await booking.evaluate((root) => {
      const width = document.documentElement.clientWidth;
      return [...root.querySelectorAll('*')]
        .filter((element) => element.getBoundingClientRect().right > width + 1)
        .map((element) => `${element.tagName} ${element.textContent?.slice(0, 30)}`)
        .slice(0, 5);
    });
    expect(overflow).toEqual([]);
    await screenshot(page, `purchase-types-${lang.code}-200`);
    await context.close();
  });
});
