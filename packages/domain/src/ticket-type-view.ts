import type { PublicTicketType } from './api/ticket-types';
import type { Language } from './languages';
import { phaseStanding } from './price-phases';
import { paiseToRupees } from './pricing';
import {
  saleState,
  type TicketTypeRule,
  type TypeTaken,
  ticketsFittingPeople,
  typeName,
  typeTicketsLeft,
} from './ticket-types';

// What GET /event says of each type a guest may see (and what the purchase dialog shows): the price that applies
// now, the phase and what follows it, and how many tickets of the type can still be bought.

export interface ViewFacts {
  now: Date;
  /** People the event can still admit (the product's availableTickets). */
  peopleLeft: number;
  language: Language;
  /** Someone waits in the type's own waitlist line: its tickets that come back are theirs, so none is for sale. */
  typeLineWaiting?: boolean;
}

/** Listed to everyone: neither hidden (an access code reveals those) nor archived. */
export function isListed(type: Pick<TicketTypeRule, 'hidden' | 'archived'>): boolean {
  return !type.hidden && !type.archived;
}

/** Tickets of the type that can be bought now: its own capacity and the event's people (a couple pass needs 2). */
export function typeAvailable(type: TicketTypeRule, taken: TypeTaken, peopleLeft: number): number {
  return Math.min(typeTicketsLeft(type, taken), ticketsFittingPeople(peopleLeft, type.admits));
}

export function publicTicketType(type: TicketTypeRule, taken: TypeTaken, facts: ViewFacts): PublicTicketType {
  const standing = phaseStanding(type, taken, facts.now);
  const available = facts.typeLineWaiting ? 0 : typeAvailable(type, taken, facts.peopleLeft);
  const current = standing.current;
  return {
    id: type.id,
    name: typeName(type, facts.language),
    description: type.description,
    price: paiseToRupees(standing.pricePaise),
    groupPrice4: type.groupPrice4Paise === null ? null : paiseToRupees(type.groupPrice4Paise),
    admits: type.admits,
    colour: type.colour,
    phase: current
      ? {
          label: current.phase.label,
          price: paiseToRupees(current.phase.pricePaise),
          endsAt: current.phase.endsAt,
          left: current.left,
        }
      : null,
    nextPhase: standing.next
      ? { label: standing.next.label, price: paiseToRupees(standing.next.pricePaise) }
      : null,
    available,
    soldOut: available === 0,
    onSale: saleState(type, facts.now).open,
    perPersonLimit: type.perPersonLimit,
  };
}
