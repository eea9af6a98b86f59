import type { BoundedFigure } from './hold-bounds';
import { exactHoldsMatter } from './hold-bounds';
import { type OrderItem, type PricedOrder, priceOrder } from './order-lines';
import type { TicketTypeRule, TypeTaken } from './ticket-types';

// An order of ticket types priced before the event lock, on an instance's price list and the counters its last
// hold read a moment ago, so that the payment provider can be asked first and the hold written once with the
// provider's order (as the spec's single price always was). It only decides the order of work: the hold is
// priced and judged again under the lock, and a different price there refuses the client's (PRICE_CHANGED).
// So it answers only when that price cannot have moved since: every limit the order touches (a type's capacity,
// a phase's quantity) is either filled by sales alone or leaves `spare` tickets beyond the order (what other
// checkouts may have taken since those counters were read), and no phase, sales window or type's start or end
// falls within `settleMs` of now. The person's own limits and the event's people are judged under the lock
// (like the event's per-person cap on the single price); a promo code is not priced here.

export interface PrePricingFacts {
  now: Date;
  /** Every type of the event (hidden and archived too). */
  types: ReadonlyMap<string, TicketTypeRule>;
  /** A type's or phase's counter as last read (sold, held at most); undefined: not known. */
  counted: (scope: 'type' | 'phase', id: string) => Omit<BoundedFigure, 'limit'> | undefined;
  /** Tickets other checkouts may have taken of any one figure since it was read. */
  spare: number;
  /** How far ahead a date that changes the price (a phase's end, a sales window) must be. */
  settleMs: number;
}

/** The order as the lock will price it, or null when that could still change (or the lock should refuse it). */
export function prePriceOrder(items: readonly OrderItem[], facts: PrePricingFacts): PricedOrder | null {
  const taken = new Map<string, TypeTaken>();
  for (const item of items) {
    const type = facts.types.get(item.ticketTypeId);
    if (!type || !settled(type, item.quantity, facts)) return null;
    const ofType = facts.counted('type', type.id);
    const phases = new Map<string, number>();
    for (const phase of type.phases) {
      const counted = facts.counted('phase', phase.id);
      if (counted) phases.set(phase.id, counted.sold + counted.heldAtMost);
    }
    taken.set(type.id, { tickets: ofType ? ofType.sold + ofType.heldAtMost : 0, phases });
  }
  const priced = priceOrder(items, {
    now: facts.now,
    // The event's people are judged by the caller (its own figure of seats left) and again under the lock.
    peopleLeft: Number.POSITIVE_INFINITY,
    types: facts.types,
    taken,
    personTaken: new Map(),
    code: null,
  });
  return priced.ok ? priced.order : null;
}

function settled(type: TicketTypeRule, asked: number, facts: PrePricingFacts): boolean {
  const far = (limit: number | null, scope: 'type' | 'phase', id: string) => {
    if (limit === null) return true;
    const counted = facts.counted(scope, id);
    if (!counted) return false;
    return !exactHoldsMatter({ limit, ...counted, heldAtMost: counted.heldAtMost + facts.spare }, asked);
  };
  const now = facts.now.getTime();
  const soon = (at: string | null) => {
    if (at === null) return false;
    const when = Date.parse(at);
    return when > now && when <= now + facts.settleMs;
  };
  return (
    far(type.capacity, 'type', type.id) &&
    type.phases.every((phase) => far(phase.quantity, 'phase', phase.id) && !soon(phase.endsAt)) &&
    !soon(type.salesStart) &&
    !soon(type.salesEnd)
  );
}
