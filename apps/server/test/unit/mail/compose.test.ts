import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { composeManualIssuance, composeTicketConfirmation } from '../../../src/platform/mail/compose';
import { newEvent, newOrganiser, newTicket } from '../documents/factories';

const base = {
  to: { name: 'Asha Patel', email: 'asha@example.com' },
  event: newEvent(),
  ticketsUrl: 'https://utsav.example/dashboard',
  organizerEmail: 'tickets@utsav.example',
};

describe('composeTicketConfirmation', () => {
  it('renders the PDF (a page per ticket) and the invite into the confirmation email', async () => {
    const message = await composeTicketConfirmation({
      organiser: newOrganiser(),
      ...base,
      tickets: [newTicket(), newTicket()],
      totalPaid: 598,
      orderRef: 'order_1',
    });
    const [pdf, ics] = message.attachments;
    expect((await PDFDocument.load(pdf!.content)).getPageCount()).toBe(2);
    expect(new TextDecoder().decode(ics!.content)).toContain('UID:order_1@utsav');
    expect(message.to).toEqual(base.to);
    // The first document starts the document worker (off-thread.ts).
  }, 60_000);
});

describe('composeManualIssuance', () => {
  it('renders the PDF and the invite into the issuance email', async () => {
    const message = await composeManualIssuance({
      organiser: newOrganiser(),
      ...base,
      tickets: [newTicket({ holderName: 'Ravi' })],
      totalAmount: 299,
      paymentDone: true,
      issuanceRef: 'manual-1',
    });
    expect(message.attachments.map((a) => a.contentType)).toEqual([
      'application/pdf',
      'text/calendar; charset=utf-8; method=PUBLISH',
    ]);
  }, 60_000);
});
