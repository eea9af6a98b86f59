import { describe, expect, it } from 'vitest';
import { apiAt } from './support/api';
import { newContext, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll, openGuestDashboard } from './support/guest';
import { rupees, soldOut, words } from './support/resale';
import { recordShown, shownAfter, shownOf } from './support/shown';
import { storeSignIn } from './support/signed-in';
import { useBrowser, usePrivateApp } from './support/suite';

// Face-value resale as the people in it meet it, on a 390 px phone: a guest who cannot come lists a ticket (the
// dialog says what comes back, the fee and the cut-off), the card says it is still valid; with the event sold out
// and nobody waiting, a second guest buys it in the purchase dialog, marked "Resale" (withdrawn by the seller while
// the guest is about to pay, the dialog says so; listed again, it sells); the seller's card turns
// "Resold" with the refund, and the gate refuses the old code as "Ticket Resold".

interface BoughtTicket {
  id: string;
  ticketId: string;
  qrCode: string;
  price: number;
}

const CHECKER = 'checker@utsav.test';
const product = usePrivateApp('resale');
const suite = useBrowser();
const api = apiAt(() => product.url);

describe('resale at 390 px', () => {
  it('a seller lists, a second guest buys it in the dialog, the seller sees Resold and the gate refuses the old QR', async () => {
    // A retry starts on a new install: the first attempt left the event sold out and its listing sold.
    await product.newInstallOnRetry('resale');
    const seller = await api.signIn('sita.rao@example.test', 'Sita Rao');
    const ticket = await api.buyTicket<BoughtTicket>(seller);
    await soldOut(product, api);

    // The seller lists it: the dialog says what comes back (paid less the ₹50 fee) and when listings close.
    const page = await openGuestDashboard(suite.browser, product.url, seller, { viewport: PHONE });
    const card = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
    await card.getByRole('button', { name: `Resell ticket ${ticket.ticketId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Resell this ticket' });
    await dialog.waitFor();
    const rules = await words(dialog);
    expect(rules).toContain(
      `When it sells you get back ${rupees(ticket.price - 50)}: the ${rupees(ticket.price)} you paid less the resale fee of ₹50.`,
    );
    expect(rules).toContain('Resale closes 2 hours before the event starts');
    expect(rules).not.toContain('came to you by transfer');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'resale-dialog-390');
    await dialog.getByRole('button', { name: 'List for resale' }).click();
    await card.getByText('Listed for resale · still valid').waitFor();
    await card.getByRole('button', { name: `Withdraw ticket ${ticket.ticketId} from resale` }).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'resale-listed-390');

    // Anyone opening the landing page is offered to book, not told "Event Sold Out": the listing is for sale.
    const visitor = await (await newContext(suite.browser, { viewport: PHONE })).newPage();
    await visitor.goto(product.url);
    // The waitlist's offer shows once the loaded event says its own stock is gone: the hero has decided by then.
    await visitor.getByRole('button', { name: 'Sign in to join the waitlist' }).waitFor();
    await visitor.getByRole('button', { name: 'Book Your Tickets Now' }).waitFor();
    expect(await visitor.getByText('Event Sold Out').count()).toBe(0);
    await screenshot(visitor, 'resale-landing-hero-390');
    await visitor.context().close();

    // A second guest finds the event sold out but the resold ticket on offer in the purchase dialog.
    const buyer = await api.signIn('kiran.das@example.test', 'Kiran Das');
    const buying = await openGuestDashboard(suite.browser, product.url, buyer, { viewport: PHONE });
    const booking = buying.getByRole('dialog', { name: /Tickets|Buy/ });
    const confirm = buying.getByRole('dialog', { name: 'Confirm Your Purchase' });
    const toConfirm = async (picture?: string) => {
      await buying.getByRole('button', { name: 'Buy Tickets Now' }).click();
      await booking.getByRole('radio').first().waitFor();
      const offer = await words(booking);
      expect(offer).toContain('Resale');
      expect(offer).toContain(rupees(ticket.price));
      await booking.getByRole('checkbox').check();
      await expectNoHorizontalScroll(buying);
      if (picture) await screenshot(buying, picture);
      await booking.getByRole('button', { name: 'Continue to Purchase' }).click();
      await confirm.waitFor();
      expect(await words(confirm)).toContain('Resale');
    };
    await toConfirm('resale-purchase-390');
    // The seller takes it back before the guest pays: the dialog says so, and nothing opens to pay.
    await api.call('DELETE', `/api/tickets/${ticket.id}/resale`, seller.token);
    await confirm.getByRole('button', { name: `Pay ${rupees(ticket.price)}` }).click();
    await buying.getByText('This resold ticket was withdrawn').waitFor();
    // Nothing else is on sale: the dialog says the event is sold out and keeps the server's sentence in view.
    await buying
      .getByRole('dialog', { name: 'Event Sold Out' })
      .locator('p[role="status"]', {
        hasText: 'The seller withdrew the resold ticket before you could buy it, so it is no longer on sale.',
      })
      .waitFor();
    expect(await buying.getByRole('button', { name: 'Pay with UPI' }).count()).toBe(0);
    await expectNoHorizontalScroll(buying);
    await screenshot(buying, 'resale-withdrawn-purchase-390');
    // Listed again, the guest buys it.
    await api.call('POST', `/api/tickets/${ticket.id}/resale`, seller.token);
    await buying.reload();
    await toConfirm();
    await confirm.getByRole('button', { name: `Pay ${rupees(ticket.price)}` }).click();
    const event = await api.currentEvent();
    await buying
      .getByRole('dialog', { name: event.name })
      .getByRole('button', { name: 'Pay with UPI' })
      .click();
    await buying.waitForURL(/\/payment-success$/);
    await buying.getByRole('heading', { name: 'Payment Successful!' }).waitFor();
    const bought = await api.call<{ tickets: BoughtTicket[] }>('GET', '/api/tickets/my-tickets', buyer.token);
    expect(bought.tickets).toHaveLength(1);
    expect(bought.tickets[0]?.ticketId).not.toBe(ticket.ticketId);
    await buying.context().close();

    // The seller's card turns "Resold", with the refund and its status.
    await page.reload();
    const resold = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
    await resold.getByText('Your refund: ').waitFor();
    await resold.scrollIntoViewIfNeeded();
    const shown = await words(resold);
    expect(shown).toContain('Resold');
    expect(shown).toContain(`Your refund: ${rupees(ticket.price - 50)}`);
    expect(await resold.locator('[data-status]').count()).toBe(1);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'resale-resold-390');
    await page.context().close();

    // At the gate the old code is refused as resold, typed in as a volunteer would from a cracked screen.
    const context = await newContext(suite.browser, { viewport: PHONE });
    await recordShown(context);
    const gate = await context.newPage();
    // Signed in as the chooser leaves it (support/signed-in.ts): the chooser is tested where it is the subject.
    await storeSignIn(gate, product.url, CHECKER);
    await gate.goto(`${product.url}/dashboard/qrchecker`);
    await gate.getByRole('heading', { level: 1, name: 'QR Scanner' }).waitFor();
    await expect.poll(() => gate.getByTestId('snapshot-info').textContent()).toMatch(/^Ticket list:/);
    await gate.getByLabel('Ticket code printed under the QR (UT-…)').fill(ticket.qrCode);
    const before = shownOf(gate, 'scan-result').length;
    await gate.getByRole('button', { name: 'Check', exact: true }).click();
    expect((await shownAfter(gate, 'scan-result', before)).text).toContain('Ticket Resold');
    await screenshot(gate, 'resale-gate-390');
    await context.close();
  });
});
