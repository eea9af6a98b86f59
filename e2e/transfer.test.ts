import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, apiAt, newEmail } from './support/api';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll, openGuestDashboard } from './support/guest';
import { useBrowser, usePrivateApp } from './support/suite';

// Transferring a ticket as a guest would: the dialog's fee and rules, a refusal shown on its
// field, the emulator's checkout for the Rs 50 fee, the ticket listed as transferred, to whom and when, and the
// fee's tax document offered on the sent ticket's card; a transfer that failed offers the fee's credit note too.

interface BoughtTicket {
  id: string;
  ticketId: string;
}

const product = usePrivateApp('transfer');
const suite = useBrowser();
const api = apiAt(() => product.url);

function openDashboard(guest: ApiUser, viewport: { width: number; height: number }): Promise<Page> {
  return openGuestDashboard(suite.browser, product.url, guest, { viewport });
}

describe('transferring a ticket', () => {
  it('on a phone: the dialog shows the fee and rules, refuses oneself, takes Rs 50 and lists the ticket as transferred', async () => {
    // New people on each attempt: a retry would find the first attempt's transferred and received tickets.
    const guest = await api.signIn(newEmail('farah.khan'), 'Farah Khan');
    const gitaEmail = newEmail('gita.menon');
    const ticket = await api.buyTicket<BoughtTicket>(guest);
    const page = await openDashboard(guest, PHONE);

    await page.getByRole('button', { name: `Transfer ticket ${ticket.ticketId}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Transfer Ticket' });
    await dialog.waitFor();
    const rules = ((await dialog.textContent()) ?? '').replace(/\s+/g, ' ');
    expect(rules).toContain('Transfer fee: ₹50 per ticket');
    expect(rules).toContain('Transfers close 24 hours before the event');
    expect(rules).toContain('cannot be cancelled for a refund');

    await dialog.getByLabel('Recipient’s name').fill('Gita Menon');
    await dialog
      .getByLabel('Recipient’s email')
      .fill(guest.email.replace(/^[^@]+/, (local) => local.toUpperCase()));
    await dialog.getByRole('button', { name: 'Pay ₹50 & Transfer' }).click();
    await dialog.getByText('You cannot transfer a ticket to yourself').waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'transfer-dialog-390');

    await dialog.getByLabel('Recipient’s email').fill(gitaEmail);
    await dialog.getByRole('button', { name: 'Pay ₹50 & Transfer' }).click();
    await page.getByRole('dialog', { name: /Utsav/ }).getByRole('button', { name: 'Pay with UPI' }).click();

    await page.getByText('Ticket transferred to Gita Menon').waitFor();
    await page.getByRole('heading', { name: /Transferred\s*\(1\)/ }).waitFor();
    const card = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
    await card.scrollIntoViewIfNeeded();
    expect(await card.getByText('Gita Menon').isVisible()).toBe(true);
    expect(await card.getByRole('button', { name: /Transfer ticket|Wallet|Show QR/ }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'transfer-done-390');

    // The fee's tax document is made after the transfer's commit: once My Tickets carries its number, the card
    // offers it, and the button saves the PDF under that number.
    const feeDocument = async () =>
      (
        await api.call<{ tickets: { id: string; documents: { number: string }[] }[] }>(
          'GET',
          '/api/tickets/my-tickets',
          guest.token,
        )
      ).tickets.find((mine) => mine.id === ticket.id)?.documents[0]?.number;
    await expect.poll(feeDocument, { timeout: 60_000 }).toBeTruthy();
    const number = (await feeDocument())!;
    await page.reload();
    const feeButton = card.getByRole('button', { name: 'Transfer fee invoice' });
    await feeButton.scrollIntoViewIfNeeded();
    const saved = page.waitForEvent('download');
    await feeButton.focus();
    await page.keyboard.press('Enter');
    expect((await saved).suggestedFilename()).toBe(`${number.replaceAll('/', '-')}.pdf`);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'transfer-fee-document-390');

    // Gita signs in with that email and finds her ticket, which offers no cancellation.
    const gita = await api.signIn(gitaEmail, 'Gita Menon');
    const mine = await api.call<{ tickets: { status: string; receivedByTransfer: boolean }[] }>(
      'GET',
      '/api/tickets/my-tickets',
      gita.token,
    );
    expect(mine.tickets).toEqual([expect.objectContaining({ status: 'active', receivedByTransfer: true })]);
    await page.context().close();
  });

  it('on a desktop the dialog fits, and a transfer that failed offers its fee’s credit note', async () => {
    const sender = await api.signIn('hari.iyer@example.test', 'Hari Iyer');
    const ticket = await api.buyTicket<BoughtTicket>(sender);
    // A transfer that fails (its ticket admitted at the gate while the fee was being paid) gives the fee back: the
    // fee's invoice and its credit note, both made after the failure's commit, are offered on the sender's card.
    const admitted = await api.buyTicket<BoughtTicket & { qrCode: string }>(sender);
    const started = await api.call<{ orderId: string }>(
      'POST',
      `/api/tickets/${admitted.id}/transfer`,
      sender.token,
      { recipientEmail: 'jaya.rao@example.test', recipientName: 'Jaya Rao' },
    );
    const checker = await api.signIn('checker@utsav.test', 'Checker');
    await api.call('POST', '/api/tickets/mark-used', checker.token, { qrCode: admitted.qrCode });
    const checkout = await api.call<Record<string, string>>(
      'POST',
      '/razorpay-emulator/_test/pay',
      undefined,
      {
        order_id: started.orderId,
      },
    );
    await expect(
      api.call('POST', '/api/tickets/transfer/verify-payment', sender.token, checkout),
    ).rejects.toThrow();
    const feeDocuments = async () =>
      (
        await api.call<{ tickets: { id: string; documents: { number: string; kind: string }[] }[] }>(
          'GET',
          '/api/tickets/my-tickets',
          sender.token,
        )
      ).tickets.find((mine) => mine.id === admitted.id)?.documents ?? [];
    await expect.poll(async () => (await feeDocuments()).length, { timeout: 60_000 }).toBe(2);
    const credit = (await feeDocuments()).find((document) => document.kind === 'credit-note')!;

    const page = await openDashboard(sender, DESKTOP);
    const card = page.locator(`article[data-ticket-id="${admitted.ticketId}"]`);
    const creditButton = card.getByRole('button', { name: 'Transfer fee credit note' });
    await creditButton.scrollIntoViewIfNeeded();
    expect(await card.getByRole('button', { name: 'Transfer fee invoice' }).isVisible()).toBe(true);
    const saved = page.waitForEvent('download');
    await creditButton.focus();
    await page.keyboard.press('Enter');
    expect((await saved).suggestedFilename()).toBe(`${credit.number.replaceAll('/', '-')}.pdf`);
    await screenshot(page, 'transfer-fee-credit-note-desktop');

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: `Transfer ticket ${ticket.ticketId}` }).click();
    await page.getByRole('dialog', { name: 'Transfer Ticket' }).waitFor();
    await screenshot(page, 'transfer-dialog-desktop');
    await page.context().close();
  });
});
