import { POLICY } from '@utsav/domain/constants';
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

const EVIL = '<script>alert(1)</script>';
const to = { name: 'Asha Patel', email: 'asha@example.com' };
const evilTo = { name: EVIL, email: 'evil@example.com' };
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]);
const ics = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';

function emails(eventName = 'Utsav Garba Night', recipient = to): Record<string, MailMessage> {
  const to = recipient;
  const event = newEvent({ name: eventName, venue: `Dome ${EVIL}` });
  const tickets = [newTicket({ holderName: `Ravi ${EVIL}` }), newTicket()];
  return {
    ticketConfirmation: ticketConfirmationEmail({
      organiser: newOrganiser(),
      to,
      event,
      tickets,
      totalPaid: 598,
      orderRef: 'order_Q7xK2mP9',
      pdf,
      ics,
      ticketsUrl: 'https://utsav.example/dashboard',
    }),
    lateRefund: lateRefundEmail({
      organiser: newOrganiser(),
      to,
      eventName,
      amount: 598,
      quantity: 2,
      orderRef: 'order_1',
      paymentId: EVIL,
    }),
    refundInitiated: refundInitiatedEmail({
      organiser: newOrganiser(),
      to,
      eventName,
      ticketId: tickets[0]!.id,
      refundId: EVIL,
      originalAmount: 500,
      deduction: 20,
      refundAmount: 480,
      refundsUrl: 'https://utsav.example/dashboard#refunds',
    }),
    refundCompleted: refundCompletedEmail({
      organiser: newOrganiser(),
      to,
      eventName,
      ticketId: tickets[0]!.id,
      refundAmount: 480,
      refundId: 'rf_1',
      bankReference: EVIL,
    }),
    refundFailed: refundFailedEmail({
      organiser: newOrganiser(),
      to,
      eventName,
      ticketId: tickets[0]!.id,
      refundAmount: 480,
      refundId: 'rf_1',
    }),
    manualIssuance: manualIssuanceEmail({
      organiser: newOrganiser(),
      to,
      event,
      tickets,
      totalAmount: 598,
      paymentDone: false,
      issuanceRef: 'manual-7',
      pdf,
      ics,
      ticketsUrl: 'https://utsav.example/dashboard',
    }),
  };
}

describe('every email', () => {
  for (const [name, email] of Object.entries(emails(`Garba ${EVIL}`, evilTo))) {
    it(`${name}: escapes what people typed and never carries it raw into the html`, () => {
      expect(email.html).not.toContain('<script>');
      expect(email.html).toContain('Hi &lt;script&gt;alert(1)&lt;/script&gt;,');
      expect(email.html).toContain('Garba &lt;script&gt;alert(1)&lt;/script&gt;');
      expect(email.text).toContain(`Hi ${EVIL},`);
    });

    it(`${name}: has a plain-text part and the organiser's name and contacts in both parts`, () => {
      const organiser = newOrganiser();
      expect(email.text.length).toBeGreaterThan(100);
      expect(email.text).not.toMatch(/<(p|table|a|div|br)\b/i);
      for (const part of [email.html, email.text]) {
        expect(part).toContain(organiser.name);
        expect(part).toContain(organiser.supportEmail);
        expect(part).toContain(organiser.supportHours);
        expect(part).toContain(organiser.supportPhone);
      }
    });

    it(`${name}: is a complete, narrow html document`, () => {
      expect(email.html.startsWith('<!doctype html>')).toBe(true);
      expect(email.html).toContain('max-width:600px');
      expect(email.html).toContain('</html>');
      expect(email.subject).not.toMatch(/[\r\n]/);
    });
  }
});

describe('ticketConfirmationEmail', () => {
  const email = emails().ticketConfirmation!;

  it('says whose tickets they are in the subject', () => {
    expect(email.subject).toBe('Your tickets for Utsav Garba Night');
  });

  it('greets the buyer by first name and lists the event, amount and tickets', () => {
    expect(email.text).toContain('Hi Asha,');
    expect(email.text).toContain('Saturday, 21 November 2026');
    expect(email.text).toContain('6:30 PM - 10:30 PM IST');
    expect(email.text).toContain('₹598');
    expect(email.html).toContain('₹598');
    expect(email.html).toContain('href="https://utsav.example/dashboard"');
  });

  it('attaches the PDF and the calendar invite', () => {
    expect(email.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      ['Utsav-Tickets-order_Q7xK2mP9.pdf', 'application/pdf'],
      ['Utsav-Garba-Night.ics', 'text/calendar; charset=utf-8; method=PUBLISH'],
    ]);
    expect(email.attachments[0]?.content).toBe(pdf);
    expect(new TextDecoder().decode(email.attachments[1]?.content)).toBe(ics);
  });
});

describe('refund emails', () => {
  it('refundInitiatedEmail shows original amount, deduction, refund and timing', () => {
    const { text, subject } = emails().refundInitiated!;
    expect(subject).toBe('Refund initiated for your ticket to Utsav Garba Night');
    expect(text).toMatch(/Original amount:\s+₹500/);
    expect(text).toMatch(/Deduction:\s+- ₹20/);
    expect(text).toMatch(/Refund amount:\s+₹480/);
    expect(text).toContain(`within ${POLICY.refundBusinessDays} business days`);
  });

  it('refundCompletedEmail names the amount in the subject', () => {
    expect(emails().refundCompleted?.subject).toBe('Your refund of ₹480 is complete');
  });

  it('refundFailedEmail asks the guest to contact support with a prefilled mail', () => {
    const { html: body, text } = emails().refundFailed!;
    const { supportEmail } = newOrganiser();
    expect(text).toContain(`Please write to ${supportEmail}`);
    expect(body).toContain(`href="mailto:${supportEmail}?subject=Refund%20failed%20rf_1`);
  });

  it('before the organiser profile exists, an email names no contact and offers no support link', () => {
    const { html: body, text } = refundFailedEmail({
      to,
      eventName: 'Utsav Garba Night',
      ticketId: 'UT-ABCDEFGHJK',
      refundAmount: 480,
      organiser: null,
    });
    expect(text).toContain('Please contact the organiser with the details above.');
    expect(body).not.toContain('mailto:');
    expect(text).not.toContain('Questions? Write to');
  });

  it('lateRefundEmail apologises and promises the full amount', () => {
    const { text, subject } = emails().lateRefund!;
    expect(subject).toContain('sold out');
    expect(text).toContain("We're sorry");
    expect(text).toContain('full ₹598');
  });
});

describe('manualIssuanceEmail', () => {
  it('says when payment is still pending', () => {
    const email = emails().manualIssuance!;
    expect(email.text).toContain('Payment of ₹598 is still pending');
    expect(email.attachments).toHaveLength(2);
  });

  it('thanks for a payment received and mentions no pending amount', () => {
    const email = manualIssuanceEmail({
      organiser: newOrganiser(),
      to,
      event: newEvent(),
      tickets: [newTicket()],
      totalAmount: 299,
      paymentDone: true,
      issuanceRef: 'manual-8',
      pdf,
      ticketsUrl: 'https://utsav.example/dashboard',
    });
    expect(email.text).toMatch(/Payment:\s+Received \(₹299\)/);
    expect(email.text).not.toContain('pending');
    expect(email.attachments.map((a) => a.contentType)).toEqual(['application/pdf']);
  });
});
