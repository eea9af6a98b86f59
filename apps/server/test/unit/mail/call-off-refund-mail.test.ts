import { describe, expect, it } from 'vitest';
import { callOffRefundCompletedEmail } from '../../../src/platform/mail/templates/call-off-refund';
import { newOrganiser } from '../documents/factories';

// A called-off night's one "refund complete" mail per order: the sum of its completed refunds (from paise), every
// ticket's code and refund reference, a word on the refunds that failed for good; in the guest's language.

const mail = (language: 'en' | 'hi' | 'gu', failedCount = 0, count = 2) =>
  callOffRefundCompletedEmail({
    organiser: newOrganiser(),
    to: { name: 'Priya Patel', email: 'priya@example.com', language },
    eventName: 'Utsav Garba Night',
    refunds: [
      { ticketCode: 'UT-AAAAA11111', refundCode: 'RF-AAAAA11111' },
      { ticketCode: 'UT-BBBBB22222', refundCode: 'RF-BBBBB22222' },
    ].slice(0, count),
    refundedPaise: count === 2 ? 62_794 : 31_397,
    failedCount,
  });

describe('the call-off refund mail', () => {
  it('names the order’s total and lists its tickets, in plain text and HTML', () => {
    const { subject, text, html } = mail('en');
    expect(subject).toBe('Your refund of ₹627.94 for Utsav Garba Night is complete');
    for (const body of [text, html]) {
      expect(body).toContain('Utsav Garba Night was called off. Your refund of ₹627.94 for 2 tickets');
      expect(body).toContain('UT-AAAAA11111, UT-BBBBB22222');
      expect(body).toContain('RF-AAAAA11111, RF-BBBBB22222');
      expect(body).not.toContain('could not be completed');
    }
    expect(mail('en', 0, 1).text).toContain('Your refund of ₹313.97 for 1 ticket has been processed');
  });

  it('says when others of the order failed (their own mail told the guest)', () => {
    expect(mail('en', 1).text).toContain(
      'The refund for 1 other ticket of this order could not be completed yet.',
    );
    expect(mail('en', 2).html).toContain('The refund for 2 other tickets of this order');
  });

  it.each([
    ['hi', /[\u0900-\u097f]/, 'नमस्ते Priya,'],
    ['gu', /[\u0a80-\u0aff]/, 'નમસ્તે Priya,'],
  ] as const)('is written in %s', (language, script, greeting) => {
    const { subject, text, html } = mail(language, 1);
    expect(subject).toMatch(script);
    expect(subject).toContain('₹627.94');
    expect(text.startsWith(greeting)).toBe(true);
    expect(html).toContain(`<html lang="${language}">`);
    for (const body of [text, html]) {
      expect(body).toContain('UT-AAAAA11111, UT-BBBBB22222');
      expect(body).not.toMatch(/was called off|could not be completed/);
    }
  });
});
