import { describe, expect, it } from 'vitest';
import type { TicketTypeRule, TypeTaken } from '../src/ticket-types';
import { type OfferFacts, planTypedOffers, type TypedPlace } from '../src/waitlist-offers';
import { EARLY_BIRD_ENDS, garbaPhases, typeRule } from './support/ticket-types';

const NOW = new Date(Date.parse(EARLY_BIRD_ENDS) - 3_600_000);

const entry = typeRule({ id: 'entry', name: 'Entry', pricePaise: 29_900 });
const couple = typeRule({ id: 'couple', name: 'Couple pass', pricePaise: 59_900, admits: 2, capacity: 10 });
const female = typeRule({ id: 'female', name: 'Female pass', pricePaise: 44_900, phases: garbaPhases() });
const paused = typeRule({ id: 'paused', name: 'Paused pass', pricePaise: 19_900, paused: true });

function facts(fields: Partial<Omit<OfferFacts, 'types'>> & { types?: TicketTypeRule[] } = {}): OfferFacts {
  const types = fields.types ?? [entry, couple, female, paused];
  return {
    now: NOW,
    peopleLeft: 10,
    taken: new Map<string, TypeTaken>(),
    ...fields,
    types: new Map(types.map((type) => [type.id, type])),
  };
}

let joined = 0;
function place(id: string, ticketTypeId: string, quantity = 1): TypedPlace {
  joined++;
  return { id, ticketTypeId, quantity, joinedAt: new Date(Date.UTC(2026, 8, 1, 0, 0, joined)).toISOString() };
}

describe('offers to places that wait for a type', () => {
  it('offers each place its type, in line order, priced as a checkout of that type now', () => {
    const line = [place('a', 'female', 2), place('b', 'entry')];
    const offers = planTypedOffers(line, facts());
    expect(offers.map((offer) => offer.id)).toEqual(['a', 'b']);
    const [first] = offers;
    expect(first?.order.lines.map((l) => [l.ticketTypeId, l.phaseId, l.unitPricePaise])).toEqual([
      ['female', 'early', 24_900],
    ]);
  });

  it('a couple pass needs two of the event’s people: with one left, a later single place is offered instead', () => {
    const line = [place('couple-1', 'couple'), place('single', 'entry')];
    const offers = planTypedOffers(line, facts({ peopleLeft: 1 }));
    expect(offers.map((offer) => offer.id)).toEqual(['single']);
  });

  it('a type whose own capacity is taken is not offered, even with people left', () => {
    const full = new Map<string, TypeTaken>([['couple', { tickets: 10, phases: new Map() }]]);
    const offers = planTypedOffers([place('c', 'couple'), place('e', 'entry')], facts({ taken: full }));
    expect(offers.map((offer) => offer.id)).toEqual(['e']);
  });

  it('offers made in one pass count against each other: the type’s capacity and the people', () => {
    const nine = new Map<string, TypeTaken>([['couple', { tickets: 9, phases: new Map() }]]);
    const line = [place('c1', 'couple'), place('c2', 'couple'), place('e1', 'entry', 3)];
    const offers = planTypedOffers(line, facts({ taken: nine, peopleLeft: 4 }));
    // c1 takes the couple pass's last ticket and two people; c2 has no ticket; e1 needs three of the two left.
    expect(offers.map((offer) => offer.id)).toEqual(['c1']);
  });

  it('a paused type keeps its places waiting; nothing is offered with no people left', () => {
    expect(planTypedOffers([place('p', 'paused')], facts())).toEqual([]);
    expect(planTypedOffers([place('x', 'entry')], facts({ peopleLeft: 0 }))).toEqual([]);
  });
});
