import { describe, expect, it } from 'vitest';
import type { BoundedFigure } from '../src/hold-bounds';
import { type PrePricingFacts, prePriceOrder } from '../src/pre-pricing';
import type { TicketTypeRule } from '../src/ticket-types';
import { EARLY_BIRD_ENDS, garbaPhases, typeRule } from './support/ticket-types';

const ends = Date.parse(EARLY_BIRD_ENDS);
const NOW = new Date(ends - 3_600_000);

const female = typeRule({ id: 'female', pricePaise: 44_900, phases: garbaPhases() });
const plain = typeRule({ id: 'plain', pricePaise: 39_900, perPersonLimit: 2 });
const couple = typeRule({ id: 'couple', pricePaise: 59_900, admits: 2, capacity: 100 });
const hidden = typeRule({ id: 'press', pricePaise: 0, hidden: true });

type Counters = Record<string, Omit<BoundedFigure, 'limit'>>;

function facts(counters: Counters, fields: Partial<PrePricingFacts> = {}): PrePricingFacts {
  const types: TicketTypeRule[] = [female, plain, couple, hidden];
  return {
    now: NOW,
    types: new Map(types.map((type) => [type.id, type])),
    counted: (scope, id) => counters[`${scope}:${id}`],
    spare: 50,
    settleMs: 5_000,
    ...fields,
  };
}

const far: Counters = {
  'type:female': { sold: 100, heldAtMost: 20 },
  'phase:early': { sold: 100, heldAtMost: 20 },
  'phase:regular': { sold: 0, heldAtMost: 0 },
  'type:couple': { sold: 10, heldAtMost: 5 },
};

describe('pricing an order of types before the event lock', () => {
  it('prices every line as the lock would while every limit it touches is far', () => {
    const order = prePriceOrder(
      [
        { ticketTypeId: 'female', quantity: 2 },
        { ticketTypeId: 'couple', quantity: 1 },
      ],
      facts(far),
    );
    expect(order?.totalPaise).toBe(2 * 24_900 + 59_900);
    expect(order?.people).toBe(4);
    expect(order?.lines.map((line) => line.phaseId)).toEqual(['early', null]);
  });

  it('a type without limits needs no counters', () => {
    expect(prePriceOrder([{ ticketTypeId: 'plain', quantity: 1 }], facts({}))?.totalPaise).toBe(39_900);
  });

  it('declines when a phase the type has is within the spare of its quantity', () => {
    const near = { ...far, 'phase:early': { sold: 240, heldAtMost: 10 } };
    expect(prePriceOrder([{ ticketTypeId: 'female', quantity: 1 }], facts(near))).toBeNull();
    const justFar = { ...far, 'phase:early': { sold: 240, heldAtMost: 9 } };
    expect(prePriceOrder([{ ticketTypeId: 'female', quantity: 1 }], facts(justFar))?.totalPaise).toBe(24_900);
  });

  it('prices at the next phase once sales alone fill the early one', () => {
    const over = { ...far, 'phase:early': { sold: 300, heldAtMost: 12 } };
    expect(prePriceOrder([{ ticketTypeId: 'female', quantity: 1 }], facts(over))?.totalPaise).toBe(34_900);
  });

  it("declines near a type's capacity", () => {
    const full = { ...far, 'type:couple': { sold: 60, heldAtMost: 0 } };
    expect(prePriceOrder([{ ticketTypeId: 'couple', quantity: 1 }], facts(full))).toBeNull();
  });

  it('declines a bounded figure it has no counter for', () => {
    expect(prePriceOrder([{ ticketTypeId: 'couple', quantity: 1 }], facts({}))).toBeNull();
    const noPhase = Object.fromEntries(Object.entries(far).filter(([key]) => key !== 'phase:regular'));
    expect(prePriceOrder([{ ticketTypeId: 'female', quantity: 1 }], facts(noPhase))).toBeNull();
  });

  it('declines when a phase ends within the settling time, not otherwise', () => {
    const late = new Date(ends - 4_000);
    expect(prePriceOrder([{ ticketTypeId: 'female', quantity: 1 }], facts(far, { now: late }))).toBeNull();
    const earlier = new Date(ends - 6_000);
    expect(
      prePriceOrder([{ ticketTypeId: 'female', quantity: 1 }], facts(far, { now: earlier }))?.totalPaise,
    ).toBe(24_900);
  });

  it("declines when a type's sales window opens or closes within the settling time", () => {
    const opening = typeRule({ id: 'opening', salesStart: new Date(NOW.getTime() + 3_000).toISOString() });
    const closing = typeRule({ id: 'closing', salesEnd: new Date(NOW.getTime() + 3_000).toISOString() });
    const types = new Map([opening, closing].map((type) => [type.id, type]));
    expect(prePriceOrder([{ ticketTypeId: 'opening', quantity: 1 }], facts({}, { types }))).toBeNull();
    expect(prePriceOrder([{ ticketTypeId: 'closing', quantity: 1 }], facts({}, { types }))).toBeNull();
  });

  it('leaves refusals to the lock: unknown, hidden, paused types and an order above the type limit', () => {
    const paused = typeRule({ id: 'paused', paused: true });
    const types = new Map([plain, hidden, paused].map((type) => [type.id, type]));
    for (const ticketTypeId of ['nobody', 'press', 'paused'])
      expect(prePriceOrder([{ ticketTypeId, quantity: 1 }], facts({}, { types }))).toBeNull();
    expect(prePriceOrder([{ ticketTypeId: 'plain', quantity: 3 }], facts({}, { types }))).toBeNull();
  });
});
