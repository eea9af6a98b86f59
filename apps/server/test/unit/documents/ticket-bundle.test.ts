import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderSeparateTicketsZip } from '../../../src/platform/documents/ticket-bundle';
import { shortTicketId } from '../../../src/platform/documents/ticket-pdf';
import { newEvent, newTicket } from './factories';

describe('renderSeparateTicketsZip', () => {
  it('zips one single-page PDF per ticket, named after the ticket and its holder', async () => {
    const tickets = [newTicket({ holderName: 'Ravi Patel' }), newTicket(), newTicket({ holderName: 'आशा' })];
    const { filename, bytes } = await renderSeparateTicketsZip({
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets,
      recipientName: 'Asha Patel',
      date: '2026-11-21',
    });
    expect(filename).toBe('Utsav-Tickets-Asha-Patel-2026-11-21.zip');
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual([
      `Ticket-${shortTicketId(tickets[0]!.id)}-Ravi-Patel.pdf`,
      `Ticket-${shortTicketId(tickets[1]!.id)}-Asha-Patel.pdf`,
      `Ticket-${shortTicketId(tickets[2]!.id)}.pdf`,
    ]);
    for (const pdf of Object.values(files)) {
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
    }
  });
});
