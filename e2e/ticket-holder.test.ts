import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeQrImage } from '../apps/server/test/unit/documents/qr-decode';
import { apiAt } from './support/api';
import { PHONE, screenshot } from './support/browser';
import { signedInContext } from './support/signed-in';
import { useServerAndBrowser } from './support/suite';

// Who each ticket is for, at 390 px: the buyer names a ticket on My Tickets, the card
// says so, and the downloaded image carries the name, the event and the ticket code under a QR that scans.

const suite = useServerAndBrowser();
const api = apiAt(() => suite.server.url);

interface TicketJson {
  id: string;
  ticketId: string;
  qrCode: string;
}

describe('naming a ticket on My Tickets', () => {
  it('a buyer names a ticket "for Anjali", sees it on the card and in the downloaded image, and can put their own name back', async () => {
    const buyer = await api.signIn('meera.names@example.test', 'Meera Joshi');
    const ticket = await api.buyTicket<TicketJson>(buyer);
    const context = await signedInContext(
      suite.browser,
      suite.server.url,
      { email: buyer.email, name: buyer.name },
      { viewport: PHONE },
    );
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/dashboard/guest`);
    const card = page.locator(`article[data-ticket-id="${ticket.ticketId}"]`);
    await card.getByText('For Meera Joshi').waitFor();

    await card.getByRole('button', { name: /^Change who ticket/ }).click();
    const field = card.getByLabel('Who is this ticket for?');
    await field.fill('x'.repeat(100));
    expect(await field.inputValue()).toHaveLength(100);
    await field.fill('Anjali Joshi');
    await card.getByRole('button', { name: 'Save name' }).click();
    await card.getByText('For Anjali Joshi').waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'ticket-named-390');

    const saved = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Download QR' }).click();
    const download = await saved;
    const image = readFileSync(await download.path());
    expect(download.suggestedFilename()).toBe(`utsav-ticket-${ticket.ticketId}.png`);
    expect(await decodeQrImage(image)).toEqual([ticket.qrCode]);
    // The words under the QR make the image taller than the 640 px code.
    expect(image.readUInt32BE(20)).toBeGreaterThan(640);

    // The server has it too: a reload shows the name.
    await page.reload();
    await card.getByText('For Anjali Joshi').waitFor();
    await card.getByRole('button', { name: /^Change who ticket/ }).click();
    await card.getByLabel('Who is this ticket for?').fill('');
    await card.getByRole('button', { name: 'Save name' }).click();
    await card.getByText('For Meera Joshi').waitFor();
    await context.close();
  });
});
