import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { type ApiUser, apiAt } from './support/api';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { expectNoHorizontalScroll, openGuestDashboard } from './support/guest';
import { useBrowser, usePrivateApp } from './support/suite';

// The wallet buttons of a ticket as a guest uses them: on a 390 px phone and on a desktop,
// the Apple pass downloads as a .pkpass whose pass.json carries the ticket's QR, and the Google button leads
// to Google's save page with a signed JWT (Google's page itself is stood in for: tests never leave loopback).

interface BoughtTicket {
  id: string;
  ticketId: string;
  qrCode: string;
}

const product = usePrivateApp('wallet');
const suite = useBrowser();
const api = apiAt(() => product.url);

function openDashboard(guest: ApiUser, viewport: { width: number; height: number }): Promise<Page> {
  return openGuestDashboard(suite.browser, product.url, guest, { viewport });
}

describe('wallet passes from My Tickets', () => {
  it('on a phone, Add to Apple Wallet downloads a pass with the ticket QR and Save to Google Wallet opens Google', async () => {
    const guest = await api.signIn('kavya.iyer@example.test', 'Kavya Iyer');
    const ticket = await api.buyTicket<BoughtTicket>(guest);
    const page = await openDashboard(guest, PHONE);

    const apple = page.getByRole('button', { name: `Add ticket ${ticket.ticketId} to Apple Wallet` });
    await apple.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'wallet-ticket-card-390');

    const [download] = await Promise.all([page.waitForEvent('download'), apple.click()]);
    expect(download.suggestedFilename()).toBe(`Utsav-${ticket.ticketId}.pkpass`);
    const path = await download.path();
    const { readFile } = await import('node:fs/promises');
    const files = unzipSync(new Uint8Array(await readFile(path)));
    const pass = JSON.parse(Buffer.from(files['pass.json']!).toString('utf8'));
    expect(pass.barcodes[0].message).toBe(ticket.qrCode);
    expect(files.signature?.length).toBeGreaterThan(500);
    await page.getByText('Wallet pass downloaded').waitFor();

    // Google's save page, stood in for: the app must send the guest to it with the signed JWT.
    await page.route('https://pay.google.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Google Wallet</h1>' }),
    );
    await Promise.all([
      page.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/),
      page.getByRole('button', { name: `Save ticket ${ticket.ticketId} to Google Wallet` }).click(),
    ]);
    await page.context().close();
  });

  it('on a desktop the buttons sit with the ticket actions; a cancelled ticket has none', async () => {
    const guest = await api.signIn('rohan.desai@example.test', 'Rohan Desai');
    const kept = await api.buyTicket<BoughtTicket>(guest);
    const cancelled = await api.buyTicket<BoughtTicket>(guest);
    await api.call('PATCH', `/api/tickets/cancel/${cancelled.id}`, guest.token, { reason: 'Plans changed' });
    const page = await openDashboard(guest, DESKTOP);

    await page.getByRole('button', { name: `Add ticket ${kept.ticketId} to Apple Wallet` }).waitFor();
    const cancelledCard = page.locator(`article[data-ticket-id="${cancelled.ticketId}"]`);
    await cancelledCard.waitFor();
    expect(await cancelledCard.getByRole('button', { name: /Wallet/ }).count()).toBe(0);
    await page.locator(`article[data-ticket-id="${kept.ticketId}"]`).scrollIntoViewIfNeeded();
    await screenshot(page, 'wallet-ticket-card-desktop');
    await page.context().close();
  });
});
