import { describe, expect, it } from 'vitest';
import type { PublicTicketType } from '../src/api/ticket-types';
import { cheapestOffer, isBuyable, nextPrice } from '../src/ticket-type-offer';

function type(fields: Partial<PublicTicketType> & { id: string; price: number }): PublicTicketType {
  return {
    name: fields.id,
    description: '',
    groupPrice4: null,
    admits: 1,
    colour: '#C2410C',
    phase: null,
    nextPhase: null,
    available: 100,
    soldOut: false,
    onSale: true,
    perPersonLimit: null,
    ...fields,
  };
}

const earlyBird = {
  phase: { label: 'Early bird', price: 249, endsAt: '2026-10-04T18:30:00.000Z', left: 42 },
  nextPhase: { label: 'Regular', price: 349 },
};

describe('the price the landing page leads with', () => {
  it('is the cheapest type that can be bought, with its phase, said "from"', () => {
    const offer = cheapestOffer([
      type({ id: 'couple', price: 599 }),
      type({ id: 'female', price: 249, ...earlyBird }),
      type({ id: 'male', price: 399 }),
    ]);
    expect(offer).toEqual({ price: 249, phaseLabel: 'Early bird', from: true });
  });

  it('skips types sold out or off sale', () => {
    const offer = cheapestOffer([
      type({ id: 'female', price: 249, soldOut: true, available: 0 }),
      type({ id: 'early', price: 199, onSale: false }),
      type({ id: 'male', price: 399 }),
    ]);
    expect(offer).toEqual({ price: 399, phaseLabel: null, from: false });
  });

  it('a single price without phases is not a "from" price', () => {
    expect(cheapestOffer([type({ id: 'entry', price: 299 })])).toEqual({
      price: 299,
      phaseLabel: null,
      from: false,
    });
  });

  it('a single type whose phase steps up is "from" its current price', () => {
    expect(cheapestOffer([type({ id: 'entry', price: 249, ...earlyBird })])?.from).toBe(true);
  });

  it('nothing when no type can be bought, or none were sent', () => {
    expect(cheapestOffer([type({ id: 'a', price: 1, soldOut: true })])).toBeNull();
    expect(cheapestOffer(undefined)).toBeNull();
    expect(cheapestOffer([])).toBeNull();
  });
});

describe('what follows the price selling now', () => {
  it("the next price, after the phase's date or its tickets left", () => {
    expect(nextPrice(type({ id: 'female', price: 249, ...earlyBird }))).toEqual({
      price: 349,
      label: 'Regular',
      endsAt: '2026-10-04T18:30:00.000Z',
      left: 42,
    });
  });

  it('nothing without a phase, or when nothing follows it', () => {
    expect(nextPrice(type({ id: 'male', price: 399 }))).toBeNull();
    expect(
      nextPrice(type({ id: 'gate', price: 449, phase: { ...earlyBird.phase, endsAt: null, left: null } })),
    ).toBeNull();
  });

  it('a type is buyable only on sale and not sold out', () => {
    expect(isBuyable({ onSale: true, soldOut: false })).toBe(true);
    expect(isBuyable({ onSale: false, soldOut: false })).toBe(false);
    expect(isBuyable({ onSale: true, soldOut: true })).toBe(false);
  });
});
