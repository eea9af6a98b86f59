import { describe, expect, it } from 'vitest';
import { manualIssuancePrice } from '../src/manual-issuance-price';
import { NO_TAKEN, type TypeTaken } from '../src/ticket-types';

const now = new Date('2026-10-01T06:30:00.000Z');
const plain = { name: 'Entry', pricePaise: 29_900, groupPrice4Paise: 24_900, phases: [] };
const phased = {
  name: 'Couple pass',
  pricePaise: 59_900,
  groupPrice4Paise: 55_000,
  phases: [
    {
      id: 'early',
      label: 'Early bird',
      pricePaise: 49_900,
      endsAt: '2026-10-05T00:00:00.000Z',
      quantity: 10,
    },
    { id: 'regular', label: 'Regular', pricePaise: 54_900, endsAt: null, quantity: null },
  ],
};
const takenAt = (early: number): TypeTaken => ({ tickets: early, phases: new Map([['early', early]]) });

describe('the price of hand-issued tickets', () => {
  it("a type without phases: its price, and its group price from 4 (the event's rule)", () => {
    expect(manualIssuancePrice(plain, NO_TAKEN, 3, now, false)).toEqual({
      listPricePaise: 29_900,
      pricePerTicketPaise: 29_900,
      totalPaise: 89_700,
      pricingTier: 'Individual',
      phaseLabel: null,
    });
    expect(manualIssuancePrice(plain, NO_TAKEN, 4, now, false)).toMatchObject({
      pricePerTicketPaise: 24_900,
      totalPaise: 99_600,
      pricingTier: 'Group',
    });
  });

  it("the current phase's price; the group price is a ceiling under phases", () => {
    expect(manualIssuancePrice(phased, NO_TAKEN, 4, now, false)).toMatchObject({
      pricePerTicketPaise: 49_900,
      phaseLabel: 'Early bird',
      pricingTier: 'Group',
    });
    // The early bird sold out: the next phase's price, and from 4 the group price below it.
    expect(manualIssuancePrice(phased, takenAt(10), 1, now, false)).toMatchObject({
      pricePerTicketPaise: 54_900,
      phaseLabel: 'Regular',
    });
    expect(manualIssuancePrice(phased, takenAt(10), 4, now, false).pricePerTicketPaise).toBe(54_900);
    const cheapGroup = { ...phased, groupPrice4Paise: 50_000 };
    expect(manualIssuancePrice(cheapGroup, takenAt(10), 4, now, false).pricePerTicketPaise).toBe(50_000);
  });

  it('at the early bird end exactly, the next price applies', () => {
    const at = new Date('2026-10-05T00:00:00.000Z');
    expect(manualIssuancePrice(phased, NO_TAKEN, 1, at, false).phaseLabel).toBe('Regular');
  });

  it('free: ₹0 whatever the quantity, the list price still told', () => {
    expect(manualIssuancePrice(phased, NO_TAKEN, 5, now, true)).toEqual({
      listPricePaise: 49_900,
      pricePerTicketPaise: 0,
      totalPaise: 0,
      pricingTier: 'Free',
      phaseLabel: 'Early bird',
    });
  });
});
