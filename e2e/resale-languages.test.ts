import { INTL_LOCALES } from '@utsav/domain/languages';
import { RESALE_MESSAGES, resaleClosesAt } from '@utsav/domain/resale';
import { formatClockTime, istDateTimeLocal } from '@utsav/domain/time';
import { describe, expect, it } from 'vitest';
import { msg, renderMessage } from '../apps/server/src/platform/i18n/messages';
import { testClock } from '../apps/server/support/clock';
import { apiAt } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll, openGuestDashboard } from './support/guest';
import { rupees, soldOut, words } from './support/resale';
import { useBrowser, usePrivateApp } from './support/suite';

// Face-value resale in Hindi and Gujarati on a 390 px phone: a Hindi-speaking seller reads the resell dialog and
// lists, and the card says the ticket is listed and still valid in Hindi; a Gujarati-speaking guest waiting in line
// holds it as their offer, the seller withdraws it, and the guest's "Buy now" says why in Gujarati; past the
// cut-off the dialog says at what time resale closed, in Hindi. The app's clock stands still until the test moves it.

interface BoughtTicket {
  id: string;
  ticketId: string;
  price: number;
}

const clock = testClock();
const product = usePrivateApp('resale-languages', { now: clock.now });
const suite = useBrowser();
const api = apiAt(() => product.url);

describe('resale in Hindi and Gujarati at 390 px', () => {
  it('lists in Hindi, a Gujarati offer is withdrawn and says so, and the cut-off names its time', async () => {
    // A retry starts on a new install: the first attempt left the night sold out and its line and listings behind.
    await product.newInstallOnRetry('resale');
    const seller = await api.signIn('asha.patil@example.test', 'Asha Patil');
    const ticket = await api.buyTicket<BoughtTicket>(seller);
    const later = await api.buyTicket<BoughtTicket>(seller);
    await soldOut(product, api);
    const waiting = await api.signIn('jignesh.shah@example.test', 'Jignesh Shah');
    await api.call('POST', '/api/waitlist', waiting.token, { quantity: 1 });

    // The seller, in Hindi: the dialog's rules and buttons, then the card.
    const page = await openGuestDashboard(suite.browser, product.url, seller, {
      viewport: PHONE,
      language: 'hi',
    });
    const card = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
    await card.getByRole('button', { name: `टिकट ${ticket.ticketId} दोबारा बेचें` }).click();
    const dialog = page.getByRole('dialog', { name: 'यह टिकट दोबारा बेचें' });
    await dialog.waitFor();
    const rules = await words(dialog);
    expect(rules).toContain(
      `बिकने पर आपको ${rupees(ticket.price - 50)} वापस मिलेंगे: आपके चुकाए ${rupees(ticket.price)} में से ₹50 का रीसेल शुल्क घटाकर।`,
    );
    expect(rules).toContain('कार्यक्रम शुरू होने से 2 घंटे पहले');
    expect(rules).not.toMatch(/Resale|resale/);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'resale-dialog-hi-390');
    await dialog.getByRole('button', { name: 'दोबारा बिक्री पर लगाएँ' }).click();
    await card.getByText('दोबारा बिक्री पर · अभी भी मान्य').waitFor();
    await card.getByRole('button', { name: `टिकट ${ticket.ticketId} को दोबारा बिक्री से वापस लें` }).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'resale-listed-hi-390');

    // The guest waiting in line holds it as their offer, in Gujarati; the seller withdraws it before they pay.
    const buyer = await openGuestDashboard(suite.browser, product.url, waiting, {
      viewport: PHONE,
      language: 'gu',
    });
    const offer = buyer.getByRole('region', { name: 'ટિકિટ તમારા માટે રાખવામાં આવી છે!' });
    await offer.waitFor();
    expect(await words(offer)).toContain(rupees(ticket.price));
    await api.call('DELETE', `/api/tickets/${ticket.id}/resale`, seller.token);
    await offer.getByRole('button', { name: 'હમણાં ખરીદો' }).click();
    // Said in a notice, and the offer leaves the page at once (the guest keeps their place in line).
    await buyer.getByText(renderMessage(msg(RESALE_MESSAGES.offerWithdrawn), 'gu')).waitFor();
    await expect.poll(() => offer.count()).toBe(0);
    await expectNoHorizontalScroll(buyer);
    await screenshot(buyer, 'resale-offer-withdrawn-gu-390');
    await buyer.context().close();

    // The dialog open as the cut-off passes: listing is refused with the time resale closed, on Mumbai's clock,
    // in Hindi.
    await page
      .locator(`article[data-ticket-id="${later.ticketId}"]`)
      .getByRole('button', { name: `टिकट ${later.ticketId} दोबारा बेचें` })
      .click();
    const late = page.getByRole('dialog', { name: 'यह टिकट दोबारा बेचें' });
    await late.waitFor();
    const event = await api.currentEvent();
    const closesAt = resaleClosesAt({ date: event.date as string, startTime: event.startTime as string }, 2);
    clock.set(new Date(closesAt.getTime() + 60_000));
    await late.getByRole('button', { name: 'दोबारा बिक्री पर लगाएँ' }).click();
    const refusal = renderMessage(msg(RESALE_MESSAGES.closed, { when: closesAt, hours: 2 }), 'hi');
    expect(refusal).toContain(formatClockTime(istDateTimeLocal(closesAt).slice(11, 16), INTL_LOCALES.hi));
    await late.getByRole('alert').getByText(refusal).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'resale-closed-hi-390');
    await page.context().close();
  });
});
