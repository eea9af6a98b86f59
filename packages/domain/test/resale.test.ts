import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RESALE_SETTINGS,
  isLiveListing,
  RECEIVED_TRANSFER_WAIT_MS,
  type ResaleTicketFacts,
  resaleClosesAt,
  resaleOpen,
  resalePricePaise,
  resaleRefusal,
  resaleSettingsSchema,
  sellerRefund,
  shownResaleStatus,
} from '../src/resale';

const event = { date: '2026-10-10', startTime: '18:30' }; // 13:00Z
const now = new Date('2026-10-01T10:00:00.000Z');
const owned: ResaleTicketFacts = {
  status: 'active',
  issuedByAdmin: false,
  listed: false,
  transferredFromTicketId: null,
  createdAt: '2026-09-01T10:00:00.000Z',
};

describe('who may list a ticket for resale', () => {
  it('lets an active ticket its owner bought be listed', () => {
    expect(resaleRefusal(owned, now)).toBeNull();
  });

  it('refuses a used, cancelled or admin-issued ticket, or one already listed', () => {
    expect(resaleRefusal({ ...owned, status: 'used' }, now)).toBe('used');
    expect(resaleRefusal({ ...owned, status: 'cancelled' }, now)).toBe('cancelled');
    expect(resaleRefusal({ ...owned, issuedByAdmin: true }, now)).toBe('adminIssued');
    expect(resaleRefusal({ ...owned, listed: true }, now)).toBe('listed');
  });

  it('says "used" before anything else a used ticket also is', () => {
    expect(resaleRefusal({ ...owned, status: 'used', issuedByAdmin: true, listed: true }, now)).toBe('used');
  });

  it('makes a ticket received by transfer wait one hour from its arrival, to the millisecond', () => {
    const received = { ...owned, transferredFromTicketId: 'first', createdAt: now.toISOString() };
    const justBefore = new Date(now.getTime() + RECEIVED_TRANSFER_WAIT_MS - 1);
    const atTheHour = new Date(now.getTime() + RECEIVED_TRANSFER_WAIT_MS);
    expect(resaleRefusal(received, now)).toBe('justReceived');
    expect(resaleRefusal(received, justBefore)).toBe('justReceived');
    expect(resaleRefusal(received, atTheHour)).toBeNull();
    // A ticket bought a minute ago is no transfer: it may be listed at once.
    expect(resaleRefusal({ ...owned, createdAt: now.toISOString() }, now)).toBeNull();
  });
});

describe('when resale closes', () => {
  it('closes two hours before the start by default (IST), to the millisecond', () => {
    expect(resaleClosesAt(event, 2).toISOString()).toBe('2026-10-10T11:00:00.000Z');
    expect(resaleOpen(event, DEFAULT_RESALE_SETTINGS, new Date('2026-10-10T10:59:59.999Z'))).toBe(true);
    expect(resaleOpen(event, DEFAULT_RESALE_SETTINGS, new Date('2026-10-10T11:00:00.000Z'))).toBe(false);
  });

  it('follows the organiser’s hours, and is shut whenever switched off', () => {
    const settings = { ...DEFAULT_RESALE_SETTINGS, closeHoursBefore: 0 };
    expect(resaleOpen(event, settings, new Date('2026-10-10T12:59:59.999Z'))).toBe(true);
    expect(resaleOpen(event, settings, new Date('2026-10-10T13:00:00.000Z'))).toBe(false);
    expect(resaleOpen(event, { ...DEFAULT_RESALE_SETTINGS, enabled: false }, now)).toBe(false);
  });
});

describe('the money of a resale', () => {
  it('refunds the seller what they paid less ₹50 by default', () => {
    expect(sellerRefund(49_900, DEFAULT_RESALE_SETTINGS.feePaise)).toEqual({
      paidPaise: 49_900,
      feePaise: 5_000,
      refundPaise: 44_900,
    });
  });

  it('never keeps more than was paid, nor refunds below zero', () => {
    expect(sellerRefund(3_000, 5_000)).toEqual({ paidPaise: 3_000, feePaise: 3_000, refundPaise: 0 });
    expect(sellerRefund(0, 5_000)).toEqual({ paidPaise: 0, feePaise: 0, refundPaise: 0 });
    expect(sellerRefund(10_000, 0)).toEqual({ paidPaise: 10_000, feePaise: 0, refundPaise: 10_000 });
    expect(sellerRefund(10_000, -5)).toEqual({ paidPaise: 10_000, feePaise: 0, refundPaise: 10_000 });
  });

  it('charges the buyer the ticket’s face value: a code’s discount stays with whom it was given', () => {
    expect(resalePricePaise({ pricePaise: 49_900, discountPaise: 0 })).toBe(49_900);
    expect(resalePricePaise({ pricePaise: 39_900, discountPaise: 10_000 })).toBe(49_900);
    expect(resalePricePaise({ pricePaise: 0, discountPaise: 49_900 })).toBe(49_900);
  });
});

describe('a listing’s status', () => {
  it('is live while listed or offered', () => {
    expect(isLiveListing('listed')).toBe(true);
    expect(isLiveListing('offered')).toBe(true);
    for (const status of ['sold', 'withdrawn', 'ended', 'other']) expect(isLiveListing(status)).toBe(false);
  });

  it('shows a live listing whose ticket stopped being active as ended', () => {
    expect(shownResaleStatus({ status: 'listed' }, 'active')).toBe('listed');
    expect(shownResaleStatus({ status: 'offered' }, 'used')).toBe('ended');
    expect(shownResaleStatus({ status: 'listed' }, 'cancelled')).toBe('ended');
    expect(shownResaleStatus({ status: 'sold' }, 'cancelled')).toBe('sold');
    expect(shownResaleStatus({ status: 'withdrawn' }, 'active')).toBe('withdrawn');
    expect(shownResaleStatus({ status: 'nonsense' }, 'active')).toBe('ended');
  });

  it('shows a listing still waiting once resale closed as ended, but not one held as an offer', () => {
    expect(shownResaleStatus({ status: 'listed' }, 'active', true)).toBe('ended');
    expect(shownResaleStatus({ status: 'offered' }, 'active', true)).toBe('offered');
    expect(shownResaleStatus({ status: 'sold' }, 'cancelled', true)).toBe('sold');
  });
});

describe('the resale settings staff send', () => {
  it('takes rupees and whole hours', () => {
    expect(resaleSettingsSchema.parse({ enabled: false, fee: 50, closeHoursBefore: 2 })).toEqual({
      enabled: false,
      fee: 50,
      closeHoursBefore: 2,
    });
  });

  it('refuses a negative fee, fractional or negative hours', () => {
    expect(resaleSettingsSchema.safeParse({ enabled: true, fee: -1, closeHoursBefore: 2 }).success).toBe(
      false,
    );
    expect(resaleSettingsSchema.safeParse({ enabled: true, fee: 50, closeHoursBefore: 1.5 }).success).toBe(
      false,
    );
    expect(resaleSettingsSchema.safeParse({ enabled: true, fee: 50, closeHoursBefore: -1 }).success).toBe(
      false,
    );
  });
});
