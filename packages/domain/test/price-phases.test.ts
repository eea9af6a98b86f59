import { describe, expect, it } from 'vitest';
import {
  allocateToPhases,
  lowestPricePaise,
  phaseIsOver,
  phaseLeft,
  phaseStanding,
} from '../src/price-phases';
import { EARLY_BIRD_ENDS, garbaPhases, phase, taken, typeRule } from './support/ticket-types';

const ends = Date.parse(EARLY_BIRD_ENDS);
const before = new Date(ends - 60_000);
const female = typeRule({ id: 'female', name: 'Female pass', pricePaise: 44_900, phases: garbaPhases() });

describe('a phase is over', () => {
  const early = garbaPhases()[0]!;

  it('at its endsAt exactly, not a millisecond before', () => {
    expect(phaseIsOver(early, 0, new Date(ends - 1))).toBe(false);
    expect(phaseIsOver(early, 0, new Date(ends))).toBe(true);
    expect(phaseIsOver(early, 0, new Date(ends + 1))).toBe(true);
  });

  it('when its quantity is exactly reached (sold + held), not one before', () => {
    expect(phaseIsOver(early, 299, before)).toBe(false);
    expect(phaseIsOver(early, 300, before)).toBe(true);
    expect(phaseIsOver(early, 301, before)).toBe(true);
  });

  it('never, without a date or a quantity', () => {
    expect(phaseIsOver(phase({ id: 'open', pricePaise: 1 }), 1_000_000, new Date('2099-01-01'))).toBe(false);
    expect(phaseLeft(phase({ id: 'open', pricePaise: 1 }), 5)).toBe(Number.POSITIVE_INFINITY);
  });

  it('has never less than nothing left', () => {
    expect(phaseLeft(early, 350)).toBe(0);
    expect(phaseLeft(early, 258)).toBe(42);
  });
});

describe('which phase sells now', () => {
  it('the first, with what comes next and how many are left', () => {
    const standing = phaseStanding(female, taken(258, { early: 258 }), before);
    expect(standing.current?.phase.id).toBe('early');
    expect(standing.current?.left).toBe(42);
    expect(standing.pricePaise).toBe(24_900);
    expect(standing.next).toEqual({ label: 'Regular', pricePaise: 34_900 });
  });

  it('the next one once the date passes, by itself', () => {
    const standing = phaseStanding(female, taken(10, { early: 10 }), new Date(ends));
    expect(standing.current?.phase.id).toBe('regular');
    expect(standing.current?.left).toBe(500);
    expect(standing.next).toEqual({ label: 'At the gate', pricePaise: 44_900 });
  });

  it('the next one once the quantity is reached, before the date', () => {
    const standing = phaseStanding(female, taken(300, { early: 300 }), before);
    expect(standing.current?.phase.id).toBe('regular');
  });

  it('skips every phase that is over, whichever way', () => {
    const standing = phaseStanding(female, taken(800, { early: 300, regular: 500 }), before);
    expect(standing.current?.phase.id).toBe('gate');
    expect(standing.current?.left).toBeNull();
    // The last phase is open-ended: nothing follows it.
    expect(standing.next).toBeNull();
  });

  it("falls back to the type's price after the last bounded phase, naming the type", () => {
    const type = typeRule({
      id: 'male',
      name: 'Male pass',
      pricePaise: 39_900,
      phases: [phase({ id: 'early', label: 'Early bird', pricePaise: 29_900, quantity: 100 })],
    });
    expect(phaseStanding(type, taken(99, { early: 99 }), before).next).toEqual({
      label: 'Male pass',
      pricePaise: 39_900,
    });
    const after = phaseStanding(type, taken(100, { early: 100 }), before);
    expect(after).toEqual({ current: null, pricePaise: 39_900, next: null });
  });

  it('a type without phases has its own price and nothing next', () => {
    expect(phaseStanding(typeRule({ id: 'entry' }), taken(0), before)).toEqual({
      current: null,
      pricePaise: 29_900,
      next: null,
    });
  });
});

describe('allocating tickets to phases', () => {
  it('fits in the current phase when it has room', () => {
    expect(allocateToPhases(female, taken(0), 3, before)).toEqual([
      { phase: female.phases[0], unitPricePaise: 24_900, quantity: 3 },
    ]);
  });

  it("gives a phase's last tickets at its price and the rest at the next", () => {
    const slices = allocateToPhases(female, taken(298, { early: 298 }), 5, before);
    expect(slices.map((slice) => [slice.phase?.id, slice.quantity, slice.unitPricePaise])).toEqual([
      ['early', 2, 24_900],
      ['regular', 3, 34_900],
    ]);
  });

  it('a phase exactly reached gives nothing at its price', () => {
    const slices = allocateToPhases(female, taken(300, { early: 300 }), 1, before);
    expect(slices.map((slice) => slice.phase?.id)).toEqual(['regular']);
  });

  it('can straddle two phases into a third', () => {
    const slices = allocateToPhases(female, taken(0, { early: 299, regular: 499 }), 4, before);
    expect(slices.map((slice) => [slice.phase?.id, slice.quantity])).toEqual([
      ['early', 1],
      ['regular', 1],
      ['gate', 2],
    ]);
  });

  it("prices past the last bounded phase at the type's price", () => {
    const type = typeRule({
      id: 'vip',
      pricePaise: 99_900,
      phases: [phase({ id: 'launch', pricePaise: 79_900, quantity: 2 })],
    });
    const slices = allocateToPhases(type, taken(1, { launch: 1 }), 3, before);
    expect(slices.map((slice) => [slice.phase?.id ?? null, slice.quantity, slice.unitPricePaise])).toEqual([
      ['launch', 1, 79_900],
      [null, 2, 99_900],
    ]);
  });

  it('always accounts for every ticket', () => {
    for (const quantity of [1, 2, 7, 20]) {
      for (const sold of [0, 150, 299, 300, 799, 800]) {
        const slices = allocateToPhases(
          female,
          taken(sold, { early: Math.min(300, sold) }),
          quantity,
          before,
        );
        expect(slices.reduce((sum, slice) => sum + slice.quantity, 0)).toBe(quantity);
        expect(slices.every((slice) => slice.quantity > 0)).toBe(true);
      }
    }
  });
});

describe('the lowest price ("from ₹249")', () => {
  it('is the cheapest phase still open', () => {
    expect(lowestPricePaise(female, taken(0), before)).toBe(24_900);
    expect(lowestPricePaise(female, taken(300, { early: 300 }), before)).toBe(34_900);
  });

  it("counts the type's price only when every open phase can end", () => {
    const cheapAfter = typeRule({
      id: 'odd',
      pricePaise: 100,
      phases: [phase({ id: 'only', pricePaise: 500 })],
    });
    expect(lowestPricePaise(cheapAfter, taken(0), before)).toBe(500);
    const bounded = { ...cheapAfter, phases: [phase({ id: 'only', pricePaise: 500, quantity: 5 })] };
    expect(lowestPricePaise(bounded, taken(0), before)).toBe(100);
  });
});
