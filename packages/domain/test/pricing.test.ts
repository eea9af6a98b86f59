import { describe, expect, it } from 'vitest';
import { formatRupees, groupedIndian, quote, rupeesToPaise } from '../src/pricing';

const event = { ticketPrice: 299, groupPrice4: 249 };

describe('pricing tiers', () => {
  it.each([1, 2, 3])('%i tickets are Individual at the ticket price with no saving', (quantity) => {
    expect(quote(event, quantity)).toEqual({
      quantity,
      pricingTier: 'Individual',
      pricePerTicket: 299,
      total: 299 * quantity,
      saving: 0,
    });
  });

  it.each([4, 5, 20, 1000])('%i tickets use the group price and show the saving', (quantity) => {
    const q = quote(event, quantity);
    expect(q.pricingTier).toBe('Group');
    expect(q.pricePerTicket).toBe(249);
    expect(q.total).toBe(249 * quantity);
    expect(q.saving).toBe(50 * quantity);
  });

  it('4+ tickets stay at the ticket price when the event has no group price', () => {
    expect(quote({ ticketPrice: 299 }, 5)).toMatchObject({
      pricingTier: 'Individual',
      total: 1495,
      saving: 0,
    });
    expect(quote({ ticketPrice: 299, groupPrice4: null }, 5).pricePerTicket).toBe(299);
    expect(quote({ ticketPrice: 299, groupPrice4: 0 }, 5).pricePerTicket).toBe(299);
  });

  it('keeps paise exact for fractional prices', () => {
    expect(quote({ ticketPrice: 0.1 }, 3).total).toBe(0.3);
    expect(rupeesToPaise(249.5 * 3)).toBe(74850);
  });

  it('formats rupees without decimals when whole', () => {
    expect(formatRupees(1495)).toBe('₹1,495');
    expect(formatRupees(150000)).toBe('₹1,50,000');
    expect(formatRupees(249.5)).toBe('₹249.50');
    expect(formatRupees(249.5, { decimals: false })).toBe('₹250');
  });

  it('writes rupees exactly as Intl en-IN does, without asking it for amounts of whole paise', () => {
    const formats = [false, true].map(
      (decimals) =>
        new Intl.NumberFormat('en-IN', {
          minimumFractionDigits: decimals ? 2 : 0,
          maximumFractionDigits: decimals ? 2 : 0,
        }),
    );
    const intl = (value: number, decimals: boolean) => `₹${formats[decimals ? 1 : 0]?.format(value)}`;
    const amounts = [
      0, 0.01, 0.5, 1, 9.99, 99, 100, 999.5, 1000, 12345.67, 99999, 100000, 1234567, 987654321.09,
    ];
    for (let paise = 0; paise < 2_000_000; paise += 997) amounts.push(paise / 100);
    for (let power = 0; power < 15; power += 1) amounts.push(10 ** power, 10 ** power - 1, 2.5 * 10 ** power);
    for (const amount of amounts) {
      expect(formatRupees(amount)).toBe(intl(amount, !Number.isInteger(amount)));
      expect(formatRupees(amount, { decimals: true })).toBe(intl(amount, true));
      expect(formatRupees(amount, { decimals: false })).toBe(intl(amount, false));
    }
    // Negative, more than two decimals or not finite: Intl writes them.
    for (const other of [-1500.5, -0.4, 1.005, Number.NaN, Number.POSITIVE_INFINITY])
      expect(formatRupees(other, { decimals: false })).toBe(intl(other, false));
  });
});

describe('groupedIndian', () => {
  it("groups whole numbers exactly as Intl's en-IN, hi-IN and gu-IN do", () => {
    const values = [0, 7, 99, 999, 1000, 12_345, 1_00_000, 12_34_567, 99_99_99_999, Number.MAX_SAFE_INTEGER];
    for (let value = 1; value < 1e15; value = value * 3 + 7) values.push(value);
    for (const locale of ['en-IN', 'hi-IN', 'gu-IN']) {
      const intl = new Intl.NumberFormat(locale);
      for (const value of values) expect(groupedIndian(value)).toBe(intl.format(value));
    }
  });

  it('leaves fractions, negatives and unsafe numbers to the caller', () => {
    for (const value of [1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60])
      expect(groupedIndian(value)).toBeNull();
  });
});
