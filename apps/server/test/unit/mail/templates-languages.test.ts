import { describe, expect, it } from 'vitest';
import type { MailMessage } from '../../../src/platform/mail/message';
import { manualIssuanceEmail } from '../../../src/platform/mail/templates/manual-issuance';
import {
  lateRefundEmail,
  refundCompletedEmail,
  refundFailedEmail,
  refundInitiatedEmail,
} from '../../../src/platform/mail/templates/refunds';
import { ticketConfirmationEmail } from '../../../src/platform/mail/templates/ticket-confirmation';
import { newEvent, newOrganiser, newTicket } from '../documents/factories';

// Every email is written in the recipient's language: subject, body, buttons and footer. What is data (the
// event's name, amounts, references) is printed as it is.
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);

function all(language: 'hi' | 'gu'): Record<string, MailMessage> {
  const to = { name: 'Priya Patel', email: 'priya@example.com', language };
  const event = newEvent({ name: 'Utsav Garba Night' });
  const tickets = [newTicket(), newTicket()];
  const refund = {
    to,
    eventName: event.name,
    ticketId: 'UT-ABCDE12345',
    refundId: 'RF-1',
    refundAmount: 279,
  };
  return {
    confirmation: ticketConfirmationEmail({
      organiser: newOrganiser(),
      to,
      event,
      tickets,
      totalPaid: 598,
      orderRef: 'order_1',
      pdf,
      ics: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n',
      ticketsUrl: 'https://utsav.example/dashboard',
      invoiceUrl: 'https://utsav.example/api/tickets/orders/order_1/document?key=k',
    }),
    manual: manualIssuanceEmail({
      organiser: newOrganiser(),
      to,
      event,
      tickets,
      totalAmount: 0,
      paymentDone: false,
      issuanceRef: 'UT-1',
      pdf,
      ticketsUrl: 'https://utsav.example/dashboard',
    }),
    late: lateRefundEmail({
      organiser: newOrganiser(),
      to,
      eventName: event.name,
      amount: 598,
      quantity: 2,
      orderRef: 'order_1',
    }),
    initiated: refundInitiatedEmail({
      organiser: newOrganiser(),
      ...refund,
      originalAmount: 299,
      deduction: 20,
    }),
    completed: refundCompletedEmail({ ...refund, organiser: newOrganiser() }),
    failed: refundFailedEmail({ ...refund, organiser: newOrganiser() }),
  };
}

const SCRIPT = { hi: /[\u0900-\u097f]/, gu: /[\u0a80-\u0aff]/ } as const;
const GREETING = { hi: 'नमस्ते Priya,', gu: 'નમસ્તે Priya,' } as const;

describe.each(['hi', 'gu'] as const)('emails in %s', (language) => {
  for (const [kind, mail] of Object.entries(all(language))) {
    it(`${kind}: subject, greeting, footer and <html lang> are in the language`, () => {
      expect(mail.subject).toMatch(SCRIPT[language]);
      expect(mail.html).toContain(`<html lang="${language}">`);
      expect(mail.text.startsWith(GREETING[language])).toBe(true);
      expect(mail.text).not.toContain('Questions? Write to');
      expect(mail.text).not.toMatch(/\bHi Priya\b/);
    });
  }

  it('keeps names, amounts and references as written', () => {
    const mails = all(language);
    expect(mails.confirmation?.text).toContain('₹598');
    expect(mails.confirmation?.subject).toContain('Utsav Garba Night');
    expect(mails.initiated?.text).toContain('UT-ABCDE12345');
    expect(mails.failed?.html).toContain('RF-1');
  });
});
