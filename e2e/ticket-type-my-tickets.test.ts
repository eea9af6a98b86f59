import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, apiAt } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { keepTicketsOnPhone } from './support/saved-tickets';
import { useServerAndBrowser } from './support/suite';

// A guest with a couple pass sees which pass it is on a 390 px phone, the way every view of a ticket names it: on
// the My Tickets card and in the ticket's details, "Couple pass · admits 2" in English and the type's Hindi name
// with "2 लोगों का प्रवेश" in Hindi; the copy kept on the phone shows it too when the network is gone.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

const COUPLE = { name: 'Couple pass', nameHi: 'कपल पास', nameGu: 'કપલ પાસ', colour: '#047857', admits: 2 };
const LABEL = { en: 'Couple pass · admits 2', hi: 'कपल पास · 2 लोगों का प्रवेश' } as const;
const VIEW_DETAILS = { en: 'View Details', hi: 'विवरण देखें' } as const;

interface TicketJson {
  id: string;
  ticketId: string;
  ticketType: { name: string; admits: number } | null;
}

let guest: ApiUser;
let ticket: TicketJson;

beforeAll(async () => {
  const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  const created = await api.call<{ ticketType: { id: string } }>(
    'POST',
    '/api/admin/ticket-types',
    admin.token,
    { ...COUPLE, price: 599 },
  );
  const event = await api.currentEvent();
  guest = await api.signIn('couple.pass@example.test', 'Riya Couple');
  const order = await api.call<{ orderId: string }>('POST', '/api/tickets/create-order', guest.token, {
    eventId: event.id,
    amount: 599,
    items: [{ ticketTypeId: created.ticketType.id, quantity: 1 }],
  });
  const checkout = await api.call<Record<string, string>>('POST', '/razorpay-emulator/_test/pay', undefined, {
    order_id: order.orderId,
  });
  const verified = await api.call<{ tickets: TicketJson[] }>(
    'POST',
    '/api/tickets/verify-payment',
    guest.token,
    checkout,
  );
  ticket = verified.tickets[0]!;
  expect(ticket.ticketType).toMatchObject({ name: 'Couple pass', admits: 2 });
});

const text = async (locator: Locator) => ((await locator.textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** The couple pass's card, its type as the card shows it, and its type in the opened details. */
async function shownType(page: Page, language: keyof typeof LABEL) {
  const card = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
  await card.waitFor();
  const onCard = await text(card.getByTestId('ticket-type').first());
  const details = card.getByRole('button', { name: VIEW_DETAILS[language] });
  await details.click();
  const panel = page.locator(`[id="${await details.getAttribute('aria-controls')}"]`);
  await panel.waitFor();
  return { card, onCard, inDetails: await text(panel.getByTestId('ticket-type')) };
}

describe('a couple pass on My Tickets at 390 px', () => {
  it('says "Couple pass · admits 2" on the card and in its details (English)', async () => {
    // Online only: the service worker (its install fetches every precached file) is not needed here.
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    await keepTicketsOnPhone(page, suite.server.url, guest, 1, undefined, false);
    const { card, onCard, inDetails } = await shownType(page, 'en');
    expect(onCard).toBe(LABEL.en);
    expect(inDetails).toBe(LABEL.en);
    await expectNoHorizontalScroll(page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'my-tickets-couple-pass-390');
    await context.close();
  });

  it('in Hindi names the pass in Hindi, on the card, in its details and in the copy kept for offline', async () => {
    const context = await newContext(suite.browser, { viewport: PHONE, serviceWorkers: 'allow' });
    const page = await context.newPage();
    await keepTicketsOnPhone(page, suite.server.url, guest, 1, 'hi');
    const { card, onCard, inDetails } = await shownType(page, 'hi');
    expect(onCard).toBe(LABEL.hi);
    expect(inDetails).toBe(LABEL.hi);
    await expectNoHorizontalScroll(page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'my-tickets-couple-pass-hindi-390');

    // The network gone, the tickets kept on the phone still say which pass it is.
    await context.setOffline(true);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('offline-banner').waitFor();
    const saved = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
    expect(await text(saved.getByTestId('ticket-type').first())).toBe(LABEL.hi);
    await expectNoHorizontalScroll(page);
    await saved.scrollIntoViewIfNeeded();
    await screenshot(page, 'my-tickets-couple-pass-offline-hindi-390');
    await context.close();
  });
});
