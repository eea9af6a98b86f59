import { readFileSync } from 'node:fs';
import { gstinCheckCharacter } from '@utsav/domain/gstin';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, apiAt } from './support/api';
import { DESKTOP, newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll } from './support/guest';
import { searchList } from './support/list-search';
import { signedInContext, storeSignIn } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// A guest who bought a ticket downloads the order's tax document from My Tickets on a 390 px phone: the PDF the
// server made for the order, fetched with their session and saved under its number. A ticket received by
// transfer offers none (the document is the buyer's). In Hindi at 200% text the button reads in Hindi.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

interface TicketJson {
  id: string;
  ticketId: string;
  orderId: string | null;
}

let buyer: ApiUser;
let ticket: TicketJson;

beforeAll(async () => {
  const admin = await api.signIn('admin@utsav.test', 'Asha Admin');
  const first14 = '27AAPFU0939F1Z';
  await api.call('PUT', '/api/admin/tax-settings', admin.token, {
    registered: true,
    gstin: `${first14}${gstinCheckCharacter(first14)}`,
    legalName: 'Navratri Utsav Events LLP',
    address: '12 Marine Drive, Mumbai 400020',
    invoicePrefix: 'NU',
  });
  buyer = await api.signIn('kavya.invoice@example.test', 'Kavya Mehta');
  ticket = await api.buyTicket<TicketJson>(buyer);
});

async function myTickets(page: Page, language?: 'hi') {
  await storeSignIn(page, suite.server.url, { email: buyer.email, name: buyer.name });
  if (language) await page.evaluate((chosen) => localStorage.setItem('utsav.language', chosen), language);
  await page.goto(`${suite.server.url}/dashboard/guest`);
  const card = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
  await card.waitFor();
  return card;
}

/** Clicks a download button and checks a PDF was saved, the page does not scroll sideways; its file name. */
async function savedPdf(page: Page, button: Locator, shot: string): Promise<string> {
  const saved = page.waitForEvent('download');
  await button.click();
  const download = await saved;
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await expectNoHorizontalScroll(page);
  await button.scrollIntoViewIfNeeded();
  await screenshot(page, shot);
  return download.suggestedFilename();
}

describe('"Download invoice" on My Tickets', () => {
  it("saves the order's document as a PDF named by its number, at 390 px", async () => {
    const document = await api.call<{ document: { number: string; kind: string } }>(
      'GET',
      `/api/tickets/orders/${ticket.orderId}/document?format=json`,
      buyer.token,
    );
    const context = await newContext(suite.browser, { viewport: PHONE });
    const page = await context.newPage();
    const card = await myTickets(page);
    expect(
      await savedPdf(page, card.getByRole('button', { name: 'Download invoice' }), 'my-tickets-invoice-390'),
    ).toBe(`${document.document.number.replaceAll('/', '-')}.pdf`);
    await context.close();
  });

  it('reads in Hindi at 200% text on a phone, and in English on a desktop', async () => {
    for (const [viewport, language, name] of [
      [PHONE, 'hi', 'hindi-large-text-390'],
      [DESKTOP, undefined, 'desktop'],
    ] as const) {
      const context = await newContext(suite.browser, { viewport });
      if (language) {
        await context.addInitScript(() => {
          document.addEventListener('DOMContentLoaded', () => {
            document.documentElement.style.fontSize = '200%';
          });
        });
      }
      const page = await context.newPage();
      const card = await myTickets(page, language);
      const button = card.getByRole('button', {
        name: language ? 'इनवॉइस डाउनलोड करें' : 'Download invoice',
      });
      await button.scrollIntoViewIfNeeded();
      await expectNoHorizontalScroll(page);
      await screenshot(page, `my-tickets-invoice-${name}`);
      await context.close();
    }
  });

  it('is not offered on a ticket received by transfer', async () => {
    const friend = { name: 'Isha Friend', email: 'isha.transfer@example.test' };
    const gift = await api.buyTicket<TicketJson>(buyer);
    await api.signIn(friend.email, friend.name);
    await api.transferTicket(buyer, gift.id, friend);
    const context = await signedInContext(suite.browser, suite.server.url, friend, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/guest`);
    const card = page.locator('article[data-ticket-id]').first();
    await card.waitFor();
    await card.getByRole('button', { name: 'Download QR' }).waitFor();
    expect(await card.getByRole('button', { name: 'Download invoice' }).count()).toBe(0);
    await context.close();
  });

  it("lets an admin download any order's document from Ticket Management, at 390 px", async () => {
    const context = await signedInContext(suite.browser, suite.server.url, 'admin@utsav.test', {
      viewport: PHONE,
    });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/admin?view=ticket-management`);
    await page.getByRole('heading', { level: 1, name: 'Ticket Management' }).waitFor();
    // The card opened is one of the search's answer, not of the list before it (support/list-search.ts).
    await searchList(
      page.getByLabel('Search tickets by user name or email'),
      buyer.email,
      page.getByRole('list', { name: 'Tickets', exact: true }).locator(':scope > li'),
    );
    const card = page.getByRole('listitem').filter({ hasText: buyer.email }).first();
    await card.waitFor();
    await card.getByRole('button', { name: /^Details of ticket / }).click();
    const button = card.getByRole('button', { name: "Download the order's invoice" });
    await button.waitFor();
    expect(await savedPdf(page, button, 'ticket-management-invoice-390')).toMatch(/^NU-[IB]\d{2}-\d+\.pdf$/);
    await context.close();
  });
});
