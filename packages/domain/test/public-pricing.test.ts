import { describe, expect, it } from 'vitest';
import type { PublicTicketType } from '../src/api/ticket-types';
import { type OrderItem, priceOrder } from '../src/order-lines';
import { pricePublicOrder, ruleOfPublicType, typeStepperMax } from '../src/public-pricing';
import { publicTicketType } from '../src/ticket-type-view';
import type { TicketTypeRule, TypeTaken } from '../src/ticket-types';
import { EARLY_BIRD_ENDS, garbaPhases, taken, typeRule } from './support/ticket-types';

const NOW = new Date(Date.parse(EARLY_BIRD_ENDS) - 60_000);
const PEOPLE_LEFT = 5000;

const female = typeRule({
  id: 'female',
  name: 'Female pass',
  pricePaise: 44_900,
  groupPrice4Paise: 22_000,
  phases: garbaPhases(),
});
const couple = typeRule({ id: 'couple', name: 'Couple pass', pricePaise: 59_900, admits: 2, capacity: 50 });
const male = typeRule({ id: 'male', name: 'Male pass', pricePaise: 39_900, perPersonLimit: 4 });

function shown(type: TicketTypeRule, typeTaken: TypeTaken, peopleLeft = PEOPLE_LEFT): PublicTicketType {
  return publicTicketType(type, typeTaken, { now: NOW, peopleLeft, language: 'en' });
}

/** The server's pricing of the same order on the full figures (every phase, what has been taken). */
function serverTotal(items: OrderItem[], taken: Map<string, TypeTaken>) {
  const result = priceOrder(items, {
    now: NOW,
    peopleLeft: PEOPLE_LEFT,
    types: new Map([female, couple, male].map((type) => [type.id, type])),
    taken,
    personTaken: new Map(),
    code: null,
  });
  if (!result.ok) throw new Error(result.refusal.kind);
  return result.order;
}

describe('the purchase dialog prices an order as the checkout will', () => {
  const femaleTaken = taken(298, { early: 298 });
  const takenNow = new Map([
    ['female', femaleTaken],
    ['couple', taken(10)],
  ]);
  const types = [shown(female, femaleTaken), shown(couple, taken(10)), shown(male, taken(0))];

  it('a couple pass and two female passes: the same lines and total as the server', () => {
    const items = [
      { ticketTypeId: 'couple', quantity: 1 },
      { ticketTypeId: 'female', quantity: 2 },
    ];
    const priced = pricePublicOrder(items, types, { peopleLeft: PEOPLE_LEFT, now: NOW });
    expect(priced.ok).toBe(true);
    if (!priced.ok) return;
    const server = serverTotal(items, takenNow);
    expect(priced.order.totalPaise).toBe(server.totalPaise);
    expect(priced.order.totalPaise).toBe(59_900 + 2 * 24_900);
    expect(priced.order.people).toBe(4);
    expect(priced.order.lines.map((line) => line.phaseLabel)).toEqual([null, 'Early bird']);
  });

  it("an order running past the early bird's last tickets: its last two at the early price, the rest at the next", () => {
    const items = [{ ticketTypeId: 'female', quantity: 3 }];
    const priced = pricePublicOrder(items, types, { peopleLeft: PEOPLE_LEFT, now: NOW });
    if (!priced.ok) throw new Error('refused');
    expect(priced.order.lines.map((line) => [line.phaseLabel, line.quantity, line.unitPricePaise])).toEqual([
      ['Early bird', 2, 24_900],
      ['Regular', 1, 34_900],
    ]);
    expect(priced.order.totalPaise).toBe(serverTotal(items, takenNow).totalPaise);
  });

  it('the group price from 4 of a type, as a ceiling over the phases', () => {
    const items = [{ ticketTypeId: 'female', quantity: 5 }];
    const priced = pricePublicOrder(items, types, { peopleLeft: PEOPLE_LEFT, now: NOW });
    if (!priced.ok) throw new Error('refused');
    expect(priced.order.totalPaise).toBe(serverTotal(items, takenNow).totalPaise);
  });

  it("once the phase's date has passed, the next price, as the server would", () => {
    const later = new Date(Date.parse(EARLY_BIRD_ENDS) + 1);
    const priced = pricePublicOrder([{ ticketTypeId: 'female', quantity: 1 }], types, {
      peopleLeft: PEOPLE_LEFT,
      now: later,
    });
    if (!priced.ok) throw new Error('refused');
    expect(priced.order.lines[0]?.unitPricePaise).toBe(34_900);
  });

  it('refuses a type off sale, and more tickets than a type has, naming the type', () => {
    const paused = { ...shown(male, taken(0)), onSale: false };
    const off = pricePublicOrder([{ ticketTypeId: 'male', quantity: 1 }], [paused], {
      peopleLeft: PEOPLE_LEFT,
      now: NOW,
    });
    expect(off.ok === false && off.refusal.kind).toBe('not-on-sale');
    const tooMany = pricePublicOrder([{ ticketTypeId: 'couple', quantity: 41 }], types, {
      peopleLeft: PEOPLE_LEFT,
      now: NOW,
    });
    expect(tooMany.ok === false && tooMany.refusal.kind).toBe('sold-out');
  });

  it('leaves out types with none chosen', () => {
    const priced = pricePublicOrder(
      [
        { ticketTypeId: 'male', quantity: 0 },
        { ticketTypeId: 'couple', quantity: 1 },
      ],
      types,
      { peopleLeft: PEOPLE_LEFT, now: NOW },
    );
    expect(priced.ok && priced.order.lines.map((line) => line.ticketTypeId)).toEqual(['couple']);
  });

  it('reads a type without phases at its price, and one on its last open phase at that price', () => {
    expect(ruleOfPublicType(shown(male, taken(0))).pricePaise).toBe(39_900);
    expect(ruleOfPublicType(shown(male, taken(0))).phases).toEqual([]);
    const atGate = shown(female, taken(800, { early: 300, regular: 500 }));
    expect(ruleOfPublicType(atGate).phases.map((phase) => phase.label)).toEqual(['At the gate']);
    expect(ruleOfPublicType(atGate).pricePaise).toBe(44_900);
  });
});

describe("a type's stepper offers no more than", () => {
  const limits = { orderCap: 10, allowanceRemaining: null, peopleLeft: null };
  const none = new Map<string, { quantity: number; admits: number }>();

  it('its tickets left and its per-person limit', () => {
    expect(typeStepperMax({ id: 'a', available: 3, perPersonLimit: null, admits: 1 }, none, limits)).toBe(3);
    expect(typeStepperMax({ id: 'a', available: 30, perPersonLimit: 4, admits: 1 }, none, limits)).toBe(4);
  });

  it("the order's cap and the person's allowance, less the other types' tickets", () => {
    const chosen = new Map([
      ['b', { quantity: 6, admits: 1 }],
      ['a', { quantity: 2, admits: 1 }],
    ]);
    const type = { id: 'a', available: 30, perPersonLimit: null, admits: 1 };
    expect(typeStepperMax(type, chosen, limits)).toBe(4);
    expect(typeStepperMax(type, chosen, { ...limits, allowanceRemaining: 7 })).toBe(1);
  });

  it("the event's people left less the people the other types admit (a couple pass needs two)", () => {
    const chosen = new Map([['female', { quantity: 2, admits: 1 }]]);
    const couplePass = { id: 'couple', available: 30, perPersonLimit: null, admits: 2 };
    expect(typeStepperMax(couplePass, chosen, { ...limits, peopleLeft: 5 })).toBe(1);
    expect(typeStepperMax(couplePass, chosen, { ...limits, peopleLeft: 3 })).toBe(0);
  });
});
