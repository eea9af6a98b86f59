import { describe, expect, it } from 'vitest';
import { cancelTicketSchema } from '../src/refund-schemas';
import {
  CANCEL_MESSAGES,
  canCancelTicket,
  cancellationWindow,
  daysUntilEvent,
  REFUND_STATUS_LABELS,
  refundAmount,
  refundIsDue,
  refundQuote,
} from '../src/refunds';

// The event day 2026-12-31 begins at 2026-12-30T18:30:00Z (midnight in Mumbai).
const EVENT = '2026-12-31';
const eventDayStart = Date.parse('2026-12-30T18:30:00.000Z');
const at = (msBeforeEventDay: number) => new Date(eventDayStart - msBeforeEventDay);
const DAY = 86_400_000;
const MINUTE = 60_000;

describe('cancellation window (10 days, rounded up, IST)', () => {
  it('is open with exactly 10 days left', () => {
    expect(cancellationWindow(EVENT, at(10 * DAY))).toEqual({ open: true, daysRemaining: 10 });
  });

  it('is open with 9 days and 1 minute left, because days round up', () => {
    expect(cancellationWindow(EVENT, at(9 * DAY + MINUTE))).toEqual({ open: true, daysRemaining: 10 });
  });

  it('closes with exactly 9 days left and says how many days remain', () => {
    expect(cancellationWindow(EVENT, at(9 * DAY))).toEqual({
      open: false,
      daysRemaining: 9,
      message:
        'Tickets can only be cancelled at least 10 days before the event. Only 9 days remaining until the event.',
    });
  });

  it('is closed five days out', () => {
    const window = cancellationWindow(EVENT, at(5 * DAY));
    expect(window.open).toBe(false);
    expect(window.daysRemaining).toBe(5);
  });

  it('is closed on the event day and reports 0 days', () => {
    const window = cancellationWindow(EVENT, new Date(eventDayStart + 20 * 60 * MINUTE));
    expect(window).toMatchObject({ open: false, daysRemaining: 0 });
    if (!window.open) expect(window.message).toContain('Only 0 days remaining');
  });

  it('is closed for an event in the past and never reports negative days', () => {
    const window = cancellationWindow('2026-01-01', new Date('2026-11-21T00:00:00Z'));
    expect(window.open).toBe(false);
    if (!window.open) expect(window.message).toContain('Only 0 days remaining');
  });

  it('counts from midnight in Mumbai, not UTC', () => {
    // 18:29 UTC on the 20th is 23:59 IST on the 20th: 10 days and 1 minute before the 31st begins in IST.
    expect(daysUntilEvent('2026-12-31', new Date('2026-12-20T18:29:00.000Z'))).toBe(11);
    // One minute later it is the 21st in Mumbai: exactly 10 days left.
    expect(daysUntilEvent('2026-12-31', new Date('2026-12-20T18:30:00.000Z'))).toBe(10);
    expect(daysUntilEvent('2026-12-31', new Date('2026-12-20T18:31:00.000Z'))).toBe(10);
  });
});

describe('refund amount (price − ₹20 per ticket, at least ₹1)', () => {
  it.each([
    [500, 1, 480],
    [500, 3, 1440],
    [299, 1, 279],
    [249, 4, 916],
    [20, 1, 1],
    [21, 1, 1],
    [22, 1, 2],
    [1, 1, 1],
    [249.5, 2, 459],
  ])('₹%d × %d refunds ₹%d', (price, quantity, expected) => {
    expect(refundAmount(price, quantity)).toBe(expected);
  });

  it('reports the original amount and the deduction', () => {
    expect(refundQuote([500, 500, 500])).toEqual({
      originalAmount: 1500,
      processingFee: 60,
      refundAmount: 1440,
    });
    expect(refundQuote([10])).toEqual({ originalAmount: 10, processingFee: 9, refundAmount: 1 });
    expect(refundQuote([])).toEqual({ originalAmount: 0, processingFee: 0, refundAmount: 0 });
  });
});

describe('who may cancel', () => {
  it('an active ticket bought by its owner may be cancelled', () => {
    expect(canCancelTicket({ status: 'active', issuedByAdmin: false })).toEqual({ ok: true });
  });
  it.each([
    [{ status: 'active', issuedByAdmin: true }],
    [{ status: 'used', issuedByAdmin: false }],
    [{ status: 'cancelled', issuedByAdmin: false }],
  ])('%j may not', (ticket) => {
    expect(canCancelTicket(ticket).ok).toBe(false);
  });
  it('a ticket its resale sold says it was resold, not that it is inactive', () => {
    expect(canCancelTicket({ status: 'cancelled', issuedByAdmin: false, resold: true })).toEqual({
      ok: false,
      message: CANCEL_MESSAGES.resold,
    });
  });
});

describe('cancel reason', () => {
  it('is required and trimmed', () => {
    expect(cancelTicketSchema.safeParse({ reason: '   ' }).error?.issues[0]?.message).toBe(
      'Reason is required',
    );
    expect(cancelTicketSchema.safeParse({}).error?.issues[0]?.message).toBe('Reason is required');
    expect(cancelTicketSchema.parse({ reason: '  plans changed ' }).reason).toBe('plans changed');
  });
  it('is at most 500 characters', () => {
    expect(cancelTicketSchema.safeParse({ reason: 'x'.repeat(500) }).success).toBe(true);
    expect(cancelTicketSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
  });
});

describe('refund status labels', () => {
  it('has the product text for every status', () => {
    expect(REFUND_STATUS_LABELS.processed).toBe('Refund completed successfully');
    expect(REFUND_STATUS_LABELS.failed).toBe('Refund processing failed - manual intervention required');
    expect(Object.keys(REFUND_STATUS_LABELS)).toHaveLength(5);
  });
});

describe('refunds of discounted and free tickets', () => {
  it('refund what was paid for each ticket minus the fee, never more than was paid', () => {
    expect(refundQuote([0])).toEqual({ originalAmount: 0, processingFee: 0, refundAmount: 0 });
    expect(refundQuote([10])).toEqual({ originalAmount: 10, processingFee: 9, refundAmount: 1 });
    expect(refundQuote([0.5])).toEqual({ originalAmount: 0.5, processingFee: 0, refundAmount: 0.5 });
    // A couple pass bought at ₹539.10 after a 10% code, and a free one: ₹519.10 back.
    expect(refundQuote([539.1, 0])).toEqual({
      originalAmount: 539.1,
      processingFee: 20,
      refundAmount: 519.1,
    });
  });

  it('a ticket that cost nothing has no refund due; any paid ticket has one, at least what was paid up to ₹1', () => {
    expect(refundIsDue(refundQuote([0]))).toBe(false);
    expect(refundIsDue(refundQuote([0.5]))).toBe(true);
    expect(refundIsDue(refundQuote([10]))).toBe(true);
    expect(refundIsDue(refundQuote([599]))).toBe(true);
  });
});
