import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderSeparateTicketsZip } from '../../../src/platform/documents/render';
import { newEvent, newOrganiser, newTicket } from './factories';
import { inspectPdf } from './pdf-inspect';

describe('renderSeparateTicketsZip', () => {
  // Through the document worker (off-thread.ts), as the server makes it.
  it('zips one single-page PDF per ticket, named after the ticket and its holder', async () => {
    const tickets = [newTicket({ holderName: 'Ravi Patel' }), newTicket(), newTicket({ holderName: 'आशा' })];
    const { filename, bytes } = await renderSeparateTicketsZip({
      organiser: newOrganiser(),
      event: newEvent(),
      holderName: 'Asha Patel',
      tickets,
      recipientName: 'Asha Patel',
      date: '2026-11-21',
    });
    expect(filename).toBe('Utsav-Tickets-Asha-Patel-2026-11-21.zip');
    const files = unzipSync(bytes);
    expect(Object.keys(files)).toEqual([
      `Ticket-${tickets[0]!.code}-Ravi-Patel.pdf`,
      `Ticket-${tickets[1]!.code}-Asha-Patel.pdf`,
      `Ticket-${tickets[2]!.code}.pdf`,
    ]);
    for (const [index, pdf] of Object.values(files).entries()) {
      expect((await PDFDocument.load(pdf)).getPageCount()).toBe(1);
      // Each file alone still says where it stands in the family's batch.
      const [page] = await inspectPdf(pdf);
      expect(page?.text.join(' ').replace(/\s+/g, '')).toContain(`TICKET${index + 1}OF3`);
    }
  }, 60_000);
});
