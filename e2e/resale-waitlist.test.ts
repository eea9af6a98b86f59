import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Language } from '@utsav/domain/languages';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiUser, apiAt } from './support/api';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll, openGuestDashboard } from './support/guest';
import { rupees, soldOut, words } from './support/resale';
import { useBrowser, usePrivateApp } from './support/suite';

// A resold ticket goes to the person waiting in line first, on a 390 px phone, in English and in Gujarati: the
// seller lists it, the guest waiting finds it held for them in the offer banner and pays, the seller's card turns
// "Resold" with what comes back, and the seller's Refund Tracker follows that refund, labelled as the resale's (paid,
// less the ₹50 resale fee). The screens' words are read from the web's own catalogs, so the Gujarati run reads what a Gujarati
// speaker reads.

interface BoughtTicket {
  id: string;
  ticketId: string;
  price: number;
}

const product = usePrivateApp('resale-waitlist');
const suite = useBrowser();
const api = apiAt(() => product.url);
const RESALE_FEE = 50;

/** The web's text for `key` (namespace.path.to.key) in `language`, with {{name}} filled from `values`. */
function said(language: Language, key: string, values: Record<string, string> = {}): string {
  const [namespace = '', ...parts] = key.split('.');
  const file = path.resolve(import.meta.dirname, '../apps/web/src/locales', language, `${namespace}.json`);
  let found: unknown = JSON.parse(readFileSync(file, 'utf8'));
  for (const part of parts) found = (found as Record<string, unknown>)[part];
  if (typeof found !== 'string') throw new Error(`no text ${key} in ${language}`);
  return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

const LANGUAGES: Language[] = ['en', 'gu'];
const sellers = new Map<Language, { seller: ApiUser; ticket: BoughtTicket }>();
const waitingGuests = new Map<Language, ApiUser>();

/** For each of `languages`: a seller holding a ticket; then the night sold out, and their guests in line in order. */
async function sellersAndLine(languages: readonly Language[]): Promise<void> {
  for (const language of languages) {
    const seller = await api.signIn(`seller.${language}@example.test`, `Seller ${language}`);
    sellers.set(language, { seller, ticket: await api.buyTicket<BoughtTicket>(seller) });
  }
  await soldOut(product, api);
  for (const language of languages) {
    const waiting = await api.signIn(`waiting.${language}@example.test`, `Waiting ${language}`);
    await api.call('POST', '/api/waitlist', waiting.token, { quantity: 1 });
    waitingGuests.set(language, waiting);
  }
}

describe('a resold ticket sold to the waitlist at 390 px', () => {
  // Each language's seller holds a ticket, the night is sold out, and each language's guest waits in line, in
  // this order: a listing is offered to the first person waiting.
  beforeAll(() => sellersAndLine(LANGUAGES));

  it.each(LANGUAGES)(
    '%s: the waiting guest pays the offer, the seller sees Resold and the refund in the tracker',
    async (language) => {
      // A resale cannot be undone: a retry starts on a new install, this language's seller and guest (and the
      // later ones, in order) set up again.
      if (await product.newInstallOnRetry(language)) {
        await sellersAndLine(LANGUAGES.slice(LANGUAGES.indexOf(language)));
      }
      const { seller, ticket } = sellers.get(language)!;
      const waiting = waitingGuests.get(language)!;
      // The listing itself is the subject of resale.test.ts and resale-languages.test.ts.
      await api.call('POST', `/api/tickets/${ticket.id}/resale`, seller.token);

      // The guest waiting in line: the ticket is held for them, at the price the seller paid.
      const buyer = await openGuestDashboard(suite.browser, product.url, waiting, {
        viewport: PHONE,
        language,
      });
      const offer = buyer.getByRole('region', { name: said(language, 'waitlist.offer.title') });
      await offer.waitFor();
      expect(await words(offer)).toContain(rupees(ticket.price));
      await expectNoHorizontalScroll(buyer);
      await screenshot(buyer, `resale-waitlist-offer-${language}-390`);
      await offer.getByRole('button', { name: said(language, 'waitlist.offer.buy') }).click();
      const event = await api.currentEvent();
      await buyer
        .getByRole('dialog', { name: event.name })
        .getByRole('button', { name: 'Pay with UPI' })
        .click();
      await buyer.waitForURL(/\/payment-success/);
      const bought = await api.call<{ tickets: { ticketId: string; status: string }[] }>(
        'GET',
        '/api/tickets/my-tickets',
        waiting.token,
      );
      expect(bought.tickets.filter((one) => one.status === 'active')).toHaveLength(1);
      expect(bought.tickets[0]?.ticketId).not.toBe(ticket.ticketId);
      await buyer.context().close();

      // The seller: the card says Resold and what comes back; the Refund Tracker lists that refund.
      const page = await openGuestDashboard(suite.browser, product.url, seller, {
        viewport: PHONE,
        language,
      });
      const card = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
      const back = rupees(ticket.price - RESALE_FEE);
      await expect.poll(() => words(card)).toContain(said(language, 'resale.card.refund', { amount: back }));
      expect(await words(card)).toContain(said(language, 'resale.card.resold'));
      await expectNoHorizontalScroll(page);
      await screenshot(page, `resale-waitlist-resold-${language}-390`);

      await page.getByRole('button', { name: said(language, 'tickets.dashboard.refundTracker') }).click();
      const tracker = page.getByRole('dialog', { name: said(language, 'refunds.tracker.title') });
      const refund = tracker.locator('li[data-refund-id]').first();
      await refund.waitFor();
      const shown = await words(refund);
      expect(shown).toContain(rupees(ticket.price));
      expect(shown).toContain(rupees(RESALE_FEE));
      expect(shown).toContain(back);
      // Labelled as the resale's refund, not a cancellation's.
      expect(shown).toContain(said(language, 'refunds.tracker.resale'));
      await expectNoHorizontalScroll(page);
      await screenshot(page, `resale-waitlist-tracker-${language}-390`);
      await page.setViewportSize(DESKTOP);
      await expectNoHorizontalScroll(page);
      await screenshot(page, `resale-waitlist-tracker-${language}-desktop`);
      await page.context().close();
    },
  );
});
