import { describe, expect, it } from 'vitest';
import {
  type OrderItem,
  orderQuote,
  type PricingFacts,
  type PricingResult,
  priceOrder,
  ticketsOfLines,
} from '../src/order-lines';
import { orderLinesView } from '../src/order-lines-view';
import { quote } from '../src/pricing';
import type { TicketTypeRule, TypeTaken } from '../src/ticket-types';
import { istInstant } from '../src/time';
import { EARLY_BIRD_ENDS, garbaPhases, taken, typeRule } from './support/ticket-types';

const ends = Date.parse(EARLY_BIRD_ENDS);
const NOW = new Date(ends - 3_600_000);

const female = typeRule({ id: 'female', name: 'Female pass', pricePaise: 44_900, phases: garbaPhases() });
const male = typeRule({ id: 'male', name: 'Male pass', pricePaise: 39_900, perPersonLimit: 4 });
const couple = typeRule({ id: 'couple', name: 'Couple pass', pricePaise: 59_900, admits: 2, capacity: 100 });
const family = typeRule({
  id: 'family',
  name: 'Family pass',
  pricePaise: 99_900,
  admits: 4,
  groupPrice4Paise: 89_900,
});

function facts(
  fields: Partial<Omit<PricingFacts, 'types'>> & { types?: TicketTypeRule[] } = {},
): PricingFacts {
  const types = fields.types ?? [female, male, couple, family];
  return {
    now: NOW,
    peopleLeft: 1000,
    taken: new Map<string, TypeTaken>(),
    personTaken: new Map(),
    code: null,
    ...fields,
    types: new Map(types.map((type) => [type.id, type])),
  };
}

function priced(result: PricingResult) {
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result.refusal)}`);
  return result.order;
}

const items = (...pairs: [string, number][]): OrderItem[] =>
  pairs.map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity }));

describe('pricing an order of several types', () => {
  it('prices each type at its phase or price, people counted by admits', () => {
    const order = priced(priceOrder(items(['couple', 1], ['female', 2]), facts()));
    expect(order.lines.map((line) => [line.ticketTypeId, line.quantity, line.unitPricePaise])).toEqual([
      ['couple', 1, 59_900],
      ['female', 2, 24_900],
    ]);
    expect(order).toMatchObject({
      tickets: 3,
      people: 4,
      subtotalPaise: 109_700,
      discountPaise: 0,
      totalPaise: 109_700,
    });
  });

  it('a hold quoted in the last early-bird second carries the early-bird price on every ticket', () => {
    const lastSecond = priced(priceOrder(items(['female', 2]), facts({ now: new Date(ends - 1) })));
    const tickets = ticketsOfLines(lastSecond.lines);
    expect(tickets.map((ticket) => [ticket.phaseId, ticket.pricePaise])).toEqual([
      ['early', 24_900],
      ['early', 24_900],
    ]);
    // The same order a moment later is at the next price; what was quoted is what the hold keeps.
    const atEnd = priced(priceOrder(items(['female', 2]), facts({ now: new Date(ends) })));
    expect(atEnd.lines[0]).toMatchObject({ phaseId: 'regular', unitPricePaise: 34_900 });
  });

  it("a phase's last tickets go at its price and the rest at the next, in two lines", () => {
    const order = priced(
      priceOrder(items(['female', 3]), facts({ taken: new Map([['female', taken(299, { early: 299 })]]) })),
    );
    expect(order.lines.map((line) => [line.phaseLabel, line.quantity, line.unitPricePaise])).toEqual([
      ['Early bird', 1, 24_900],
      ['Regular', 2, 34_900],
    ]);
    expect(order.totalPaise).toBe(24_900 + 2 * 34_900);
  });

  it('group price from 4 of one type; 3 stay at the price', () => {
    expect(priced(priceOrder(items(['family', 3]), facts())).lines[0]).toMatchObject({
      unitPricePaise: 99_900,
      group: false,
    });
    expect(priced(priceOrder(items(['family', 4]), facts())).lines[0]).toMatchObject({
      unitPricePaise: 89_900,
      group: true,
    });
  });

  it('with phases, the group price is a ceiling: a cheaper early bird still applies', () => {
    const grouped = { ...female, groupPrice4Paise: 30_000 };
    const order = priced(
      priceOrder(
        items(['female', 4]),
        facts({ types: [grouped], taken: new Map([['female', taken(298, { early: 298 })]]) }),
      ),
    );
    expect(order.lines.map((line) => [line.phaseId, line.quantity, line.unitPricePaise])).toEqual([
      ['early', 2, 24_900],
      ['regular', 2, 30_000],
    ]);
  });

  it.each([1, 2, 3, 4, 5, 20])(
    "the default type alone is exactly the product's quote for %i tickets",
    (quantity) => {
      const entry = typeRule({ id: 'entry', name: 'Entry', pricePaise: 29_900, groupPrice4Paise: 24_900 });
      const order = priced(priceOrder(items(['entry', quantity]), facts({ types: [entry] })));
      expect(orderQuote(order, () => entry.pricePaise)).toEqual(
        quote({ ticketPrice: 299, groupPrice4: 249 }, quantity),
      );
    },
  );

  it('a mixed order quotes the average paid and the group tier when any line has it', () => {
    const order = priced(priceOrder(items(['family', 4], ['male', 1]), facts()));
    const q = orderQuote(order, (id) => (id === 'family' ? 99_900 : 39_900));
    expect(q).toEqual({ quantity: 5, pricingTier: 'Group', pricePerTicket: 799, total: 3995, saving: 400 });
  });

  it('answers in rupees with each line named', () => {
    const order = priced(priceOrder(items(['couple', 1]), facts()));
    expect(orderLinesView(order, (id) => `${id}!`)).toEqual([
      {
        ticketTypeId: 'couple',
        name: 'couple!',
        quantity: 1,
        admits: 2,
        phaseLabel: null,
        unitPrice: 599,
        discount: 0,
        total: 599,
      },
    ]);
  });
});

describe('refusals name the type', () => {
  it('an unknown type, and a hidden one without a code, read alike', () => {
    const sponsor = typeRule({ id: 'sponsor', hidden: true });
    expect(priceOrder(items(['nope', 1]), facts()).ok).toBe(false);
    expect(priceOrder(items(['male', 1], ['sponsor', 1]), facts({ types: [male, sponsor] }))).toEqual({
      ok: false,
      refusal: { kind: 'unknown-type', index: 1, ticketTypeId: 'sponsor' },
    });
  });

  it.each([
    ['paused', { paused: true }],
    ['archived', { archived: true }],
  ] as const)('a %s type is not on sale', (reason, fields) => {
    const result = priceOrder(items(['male', 1]), facts({ types: [{ ...male, ...fields }] }));
    expect(result).toMatchObject({ ok: false, refusal: { kind: 'not-on-sale', state: { reason } } });
  });

  it('an IST sales window: closed before its start and from its end, open in between', () => {
    const start = istInstant('2026-10-01', '19:00').toISOString();
    const end = istInstant('2026-10-10', '00:00').toISOString();
    const windowed = { ...male, salesStart: start, salesEnd: end };
    const at = (iso: string) =>
      priceOrder(items(['male', 1]), facts({ types: [windowed], now: new Date(iso) }));
    expect(start).toBe('2026-10-01T13:30:00.000Z');
    expect(at('2026-10-01T13:29:59.999Z')).toMatchObject({
      ok: false,
      refusal: { state: { reason: 'not-started' } },
    });
    expect(at('2026-10-01T13:30:00.000Z').ok).toBe(true);
    expect(at('2026-10-09T18:29:59.999Z').ok).toBe(true);
    expect(at('2026-10-09T18:30:00.000Z')).toMatchObject({
      ok: false,
      refusal: { state: { reason: 'ended', at: end } },
    });
  });

  it("a couple pass needs two of the event's people: one left is sold out for it, not for a single", () => {
    expect(priceOrder(items(['couple', 1]), facts({ peopleLeft: 1 }))).toMatchObject({
      ok: false,
      refusal: { kind: 'sold-out', type: { id: 'couple' }, available: 0 },
    });
    expect(priceOrder(items(['male', 1]), facts({ peopleLeft: 1 })).ok).toBe(true);
    expect(priceOrder(items(['couple', 2]), facts({ peopleLeft: 5 }))).toMatchObject({ ok: true });
    expect(priceOrder(items(['couple', 3]), facts({ peopleLeft: 5 }))).toMatchObject({
      ok: false,
      refusal: { kind: 'sold-out', available: 2 },
    });
  });

  it('items take the event people one after the other', () => {
    // 3 people left: a couple pass takes 2, so two male passes no longer fit.
    expect(priceOrder(items(['couple', 1], ['male', 2]), facts({ peopleLeft: 3 }))).toMatchObject({
      ok: false,
      refusal: { kind: 'sold-out', type: { id: 'male' }, available: 1 },
    });
  });

  it("a type's own capacity, in tickets, counts sold and held", () => {
    const result = priceOrder(items(['couple', 2]), facts({ taken: new Map([['couple', taken(99)]]) }));
    expect(result).toMatchObject({ ok: false, refusal: { kind: 'sold-out', available: 1 } });
    expect(priceOrder(items(['couple', 1]), facts({ taken: new Map([['couple', taken(99)]]) })).ok).toBe(
      true,
    );
    expect(
      priceOrder(items(['couple', 1]), facts({ taken: new Map([['couple', taken(100)]]) })),
    ).toMatchObject({
      ok: false,
      refusal: { available: 0 },
    });
  });

  it("a type's per-person limit counts the person's held and bought tickets of it", () => {
    expect(priceOrder(items(['male', 4]), facts()).ok).toBe(true);
    expect(priceOrder(items(['male', 2]), facts({ personTaken: new Map([['male', 3]]) }))).toMatchObject({
      ok: false,
      refusal: { kind: 'type-limit', limit: 4, remaining: 1, type: { name: 'Male pass' } },
    });
    expect(priceOrder(items(['male', 1]), facts({ personTaken: new Map([['male', 3]]) })).ok).toBe(true);
    expect(priceOrder(items(['male', 1]), facts({ personTaken: new Map([['male', 4]]) }))).toMatchObject({
      ok: false,
      refusal: { kind: 'type-limit', remaining: 0 },
    });
  });

  it('stock is judged before the per-person limit', () => {
    expect(
      priceOrder(items(['male', 5]), facts({ peopleLeft: 2, personTaken: new Map([['male', 4]]) })),
    ).toMatchObject({ ok: false, refusal: { kind: 'sold-out' } });
  });
});
