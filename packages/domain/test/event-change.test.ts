import { describe, expect, it } from 'vitest';
import {
  CALL_OFF_CODE_THRESHOLD_PAISE,
  type CallOffTicket,
  callOffOrderState,
  callOffPlan,
  cancellationQuote,
  cancellationTerms,
  confirmsEventName,
  eventChangeRequestSchema,
  FREE_REFUND_DAYS_DEFAULT,
  freeRefundOpen,
  freeRefundUntil,
  needsConfirmationCode,
} from '../src/event-change';
import { fullRefundQuote } from '../src/refunds';

const DAY = 86_400_000;
// The event day 2026-12-31 begins at 2026-12-30T18:30:00Z (midnight in Mumbai).
const EVENT = '2026-12-31';
const eventDayStart = Date.parse('2026-12-30T18:30:00.000Z');
const daysBefore = (days: number) => new Date(eventDayStart - days * DAY);

const paid = (orderId: string, pricePaise = 29_900, status = 'active'): CallOffTicket => ({
  orderId,
  pricePaise,
  status,
  orderPaid: true,
});

describe('call-off plan', () => {
  it('refunds every active paid ticket in full, grouped per order', () => {
    const plan = callOffPlan([paid('b'), paid('a', 50_000), paid('a', 50_000), paid('c', 10_000)]);
    expect(plan).toEqual({
      orders: [
        { orderId: 'a', tickets: 2, amountPaise: 100_000 },
        { orderId: 'b', tickets: 1, amountPaise: 29_900 },
        { orderId: 'c', tickets: 1, amountPaise: 10_000 },
      ],
      tickets: 4,
      refundTotalPaise: 139_900,
    });
  });

  it('leaves out free, admin-issued, unpaid, cancelled, used and transferred-away tickets', () => {
    const plan = callOffPlan([
      paid('free', 0),
      { orderId: null, pricePaise: 29_900, status: 'active', orderPaid: false },
      { orderId: 'unpaid', pricePaise: 29_900, status: 'active', orderPaid: false },
      paid('x', 29_900, 'cancelled'),
      paid('x', 29_900, 'used'),
      paid('x', 29_900, 'transferred'),
      paid('x'),
    ]);
    expect(plan).toEqual({
      orders: [{ orderId: 'x', tickets: 1, amountPaise: 29_900 }],
      tickets: 1,
      refundTotalPaise: 29_900,
    });
  });

  it('is empty with nothing sold', () => {
    expect(callOffPlan([])).toEqual({ orders: [], tickets: 0, refundTotalPaise: 0 });
  });
});

describe('confirmation code above ₹1,00,000', () => {
  it('is not needed at exactly ₹1,00,000', () => {
    expect(CALL_OFF_CODE_THRESHOLD_PAISE).toBe(10_000_000);
    expect(needsConfirmationCode(10_000_000)).toBe(false);
    expect(needsConfirmationCode(0)).toBe(false);
  });

  it('is needed from one paisa more', () => {
    expect(needsConfirmationCode(10_000_001)).toBe(true);
  });
});

describe('confirming by the event’s name', () => {
  it('accepts the name with other case and spacing', () => {
    expect(confirmsEventName('  pre-navratri   GARBA night ', 'Pre-Navratri Garba Night')).toBe(true);
  });

  it('refuses anything else, and an empty name', () => {
    expect(confirmsEventName('Pre-Navratri Garba', 'Pre-Navratri Garba Night')).toBe(false);
    expect(confirmsEventName('   ', '   ')).toBe(false);
  });
});

describe('free-refund period after a postponement', () => {
  const postponedAt = new Date('2026-12-01T10:00:00.000Z');
  const until = freeRefundUntil(postponedAt).toISOString();

  it('lasts 14 days by default, or as many as chosen', () => {
    expect(FREE_REFUND_DAYS_DEFAULT).toBe(14);
    expect(until).toBe('2026-12-15T10:00:00.000Z');
    expect(freeRefundUntil(postponedAt, 3).toISOString()).toBe('2026-12-04T10:00:00.000Z');
  });

  it('is open until its last instant, only while postponed', () => {
    const postponed = { status: 'postponed' as const, freeRefundUntil: until };
    expect(freeRefundOpen(postponed, new Date(Date.parse(until) - 1))).toBe(true);
    expect(freeRefundOpen(postponed, new Date(until))).toBe(false);
    expect(freeRefundOpen({ status: 'on-sale', freeRefundUntil: until }, postponedAt)).toBe(false);
    expect(freeRefundOpen({ status: 'postponed', freeRefundUntil: null }, postponedAt)).toBe(false);
  });
});

describe('cancellation terms', () => {
  const onSale = { status: 'on-sale' as const, freeRefundUntil: null };

  it('keeps the usual rule on sale: 10 days or more, with the deduction', () => {
    expect(cancellationTerms(EVENT, onSale, daysBefore(10))).toEqual({
      open: true,
      daysRemaining: 10,
      fullRefund: false,
    });
    expect(cancellationTerms(EVENT, onSale, daysBefore(9))).toEqual({
      open: false,
      daysRemaining: 9,
      reason: 'too-late',
    });
  });

  it('refunds in full during the free-refund period, even 2 days before the night', () => {
    const now = daysBefore(2);
    const postponed = {
      status: 'postponed' as const,
      freeRefundUntil: new Date(now.getTime() + DAY).toISOString(),
    };
    expect(cancellationTerms(EVENT, postponed, now)).toEqual({
      open: true,
      daysRemaining: 2,
      fullRefund: true,
    });
  });

  it('falls back to the usual rule once the period is over', () => {
    const now = daysBefore(12);
    const over = { status: 'postponed' as const, freeRefundUntil: new Date(now.getTime() - 1).toISOString() };
    expect(cancellationTerms(EVENT, over, now)).toEqual({ open: true, daysRemaining: 12, fullRefund: false });
    expect(cancellationTerms(EVENT, over, daysBefore(3))).toMatchObject({ open: false, reason: 'too-late' });
  });

  it('is closed once called off: the call-off refunds every ticket itself', () => {
    const calledOff = { status: 'called-off' as const, freeRefundUntil: null };
    expect(cancellationTerms(EVENT, calledOff, daysBefore(30))).toEqual({
      open: false,
      daysRemaining: 30,
      reason: 'called-off',
    });
  });
});

describe('full refund quote', () => {
  it('gives every price back whole', () => {
    expect(fullRefundQuote([299, 499.5, 0])).toEqual({
      originalAmount: 798.5,
      processingFee: 0,
      refundAmount: 798.5,
    });
  });
});

describe('the cancellation quote under the terms', () => {
  it('is the whole price in the free-refund period, price − ₹20 otherwise', () => {
    const now = daysBefore(2);
    const postponed = {
      status: 'postponed' as const,
      freeRefundUntil: new Date(now.getTime() + DAY).toISOString(),
    };
    expect(cancellationQuote([299], cancellationTerms(EVENT, postponed, now))).toEqual({
      originalAmount: 299,
      processingFee: 0,
      refundAmount: 299,
    });
    const onSale = { status: 'on-sale' as const, freeRefundUntil: null };
    expect(cancellationQuote([299], cancellationTerms(EVENT, onSale, daysBefore(20)))).toEqual({
      originalAmount: 299,
      processingFee: 20,
      refundAmount: 279,
    });
    const over = { status: 'postponed' as const, freeRefundUntil: daysBefore(21).toISOString() };
    expect(cancellationQuote([299], cancellationTerms(EVENT, over, daysBefore(20))).processingFee).toBe(20);
  });
});

describe('an order’s state in the progress view', () => {
  it('is done when every refund is processed, failed while any failed, else pending', () => {
    expect(callOffOrderState(['processed', 'processed'])).toBe('done');
    expect(callOffOrderState(['processed', 'failed'])).toBe('failed');
    expect(callOffOrderState(['processed', 'processing'])).toBe('pending');
    expect(callOffOrderState(['pending'])).toBe('pending');
    expect(callOffOrderState([])).toBe('pending');
  });
});

describe('request shapes', () => {
  it('reads a postponement, a dry run and a confirmation', () => {
    expect(
      eventChangeRequestSchema.parse({
        kind: 'postpone',
        date: '2027-01-09',
        startTime: '19:00',
        endTime: '23:30',
      }),
    ).toMatchObject({ kind: 'postpone' });
    expect(eventChangeRequestSchema.parse({ kind: 'call-off', dryRun: true })).toEqual({
      kind: 'call-off',
      dryRun: true,
    });
    expect(eventChangeRequestSchema.parse({ kind: 'call-off', confirm: 'Night', code: ' 123456 ' })).toEqual({
      kind: 'call-off',
      confirm: 'Night',
      code: '123456',
    });
  });

  it('refuses a bad date or time, and a call-off with neither dry run nor name', () => {
    expect(
      eventChangeRequestSchema.safeParse({
        kind: 'postpone',
        date: '9 Jan',
        startTime: '19:00',
        endTime: '23:00',
      }).success,
    ).toBe(false);
    expect(
      eventChangeRequestSchema.safeParse({
        kind: 'postpone',
        date: '2027-01-09',
        startTime: '25:00',
        endTime: '23:00',
      }).success,
    ).toBe(false);
    expect(eventChangeRequestSchema.safeParse({ kind: 'call-off' }).success).toBe(false);
    expect(eventChangeRequestSchema.safeParse({ kind: 'cancel' }).success).toBe(false);
  });
});
