import type { Checkout } from '@utsav/domain/api/purchase';
import { describe, expect, it } from 'vitest';
import { type OpenOrder, reusableOrder } from '../../src/features/purchase/checkout/open-order';

const now = Date.parse('2026-10-03T12:00:00.000Z');
const order: Checkout = {
  success: true,
  orderId: 'order_abc',
  amount: 3600,
  amountPaise: 360000,
  currency: 'INR',
  key: 'rzp_test',
  quantity: 12,
  pricePerTicket: 300,
  pricingTier: 'Group',
  total: 3600,
  holdExpiresAt: '2026-10-03T12:15:00.000Z',
  lines: [],
  discount: 0,
  promoCode: null,
  free: false,
};
const open: OpenOrder = { person: 'asha@example.com', quantity: 12, total: 3600, order };
const same = { person: 'asha@example.com', quantity: 12, total: 3600 };

describe('paying the open checkout again', () => {
  it('the same person, quantity and total with time left on the hold reuse the order', () => {
    expect(reusableOrder(open, same, now)).toBe(order);
  });

  it.each([
    ['another quantity', { ...same, quantity: 11 }],
    ['another total (the price moved)', { ...same, total: 3588 }],
    ['another person on this phone', { ...same, person: 'ravi@example.com' }],
    ['other names for the tickets', { ...same, names: ['Anjali'] }],
    ['a business GSTIN asked for now', { ...same, business: '{"buyerGstin":"29AAGCB7383J1Z4"}' }],
  ])('%s starts a new checkout', (_, selection) => {
    expect(reusableOrder(open, selection, now)).toBeNull();
  });

  it('the same names reuse the order', () => {
    const named = { ...open, names: ['Anjali', ''] };
    expect(reusableOrder(named, { ...same, names: ['Anjali', ''] }, now)).toBe(order);
  });

  it('the same business details reuse the order; other ones do not', () => {
    const business = JSON.stringify({
      buyerGstin: '29AAGCB7383J1Z4',
      buyerLegalName: 'B',
      buyerAddress: 'A',
    });
    const forBusiness = { ...open, business };
    expect(reusableOrder(forBusiness, { ...same, business }, now)).toBe(order);
    expect(reusableOrder(forBusiness, same, now)).toBeNull();
  });

  it('a hold with less than two minutes left, or an end that cannot be read, is not reused', () => {
    expect(reusableOrder(open, same, Date.parse('2026-10-03T12:13:30.000Z'))).toBeNull();
    expect(reusableOrder({ ...open, order: { ...order, holdExpiresAt: '' } }, same, now)).toBeNull();
    expect(reusableOrder(null, same, now)).toBeNull();
  });
});
