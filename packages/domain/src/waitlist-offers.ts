import { type PricedOrder, priceOrder } from './order-lines';
import { NO_TAKEN, type TicketTypeRule, type TypeTaken } from './ticket-types';
import { lineOrder, type PlaceInLine } from './waitlist';

// Which places of the waitlist are offered seats now, when each waits for a ticket type. A place is offered its
// quantity of its type when the type has those tickets (its own capacity, its phases) and the event has the people
// they admit (a couple pass needs two), priced now as a checkout of that type would be (the current phase, the
// group price from 4). Served in line order, first fit: a place that does not fit keeps its place (it stays first)
// while later places that fit are offered, so seats never sit idle while someone waiting could take them.

export interface TypedPlace extends PlaceInLine {
  /** The type this place waits for. */
  ticketTypeId: string;
}

export interface OfferFacts {
  now: Date;
  /** People the event can still admit: capacity - people sold - people in live holds (offers included). */
  peopleLeft: number;
  types: ReadonlyMap<string, TicketTypeRule>;
  /** Per type: tickets sold + held (live), in all and per phase. */
  taken: ReadonlyMap<string, TypeTaken>;
}

export interface PlannedOffer {
  id: string;
  /** The offer's hold, priced line by line (what its tickets will be issued at). */
  order: PricedOrder;
}

export function planTypedOffers(waiting: readonly TypedPlace[], facts: OfferFacts): PlannedOffer[] {
  const offers: PlannedOffer[] = [];
  let peopleLeft = Math.max(0, Math.floor(facts.peopleLeft));
  const taken = new Map(facts.taken);
  for (const place of [...waiting].sort(lineOrder)) {
    if (peopleLeft === 0) break;
    const result = priceOrder([{ ticketTypeId: place.ticketTypeId, quantity: place.quantity }], {
      now: facts.now,
      peopleLeft,
      types: facts.types,
      taken,
      personTaken: new Map(),
      code: null,
    });
    // Sold out for this place (or its type is paused, out of its window, hidden or gone): it keeps waiting.
    if (!result.ok) continue;
    offers.push({ id: place.id, order: result.order });
    peopleLeft -= result.order.people;
    for (const line of result.order.lines) taken.set(line.ticketTypeId, tookFrom(taken, line));
  }
  return offers;
}

function tookFrom(
  taken: ReadonlyMap<string, TypeTaken>,
  line: { ticketTypeId: string; phaseId: string | null; quantity: number },
): TypeTaken {
  const before = taken.get(line.ticketTypeId) ?? NO_TAKEN;
  const phases = new Map(before.phases);
  if (line.phaseId) phases.set(line.phaseId, (phases.get(line.phaseId) ?? 0) + line.quantity);
  return { tickets: before.tickets + line.quantity, phases };
}
