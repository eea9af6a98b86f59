import { describe, expect, it } from 'vitest';
import { formatRupees, quote, rupeesToPaise } from '../src/pricing';

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
});
