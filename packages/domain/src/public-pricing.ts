import type { PublicTicketType } from './api/ticket-types';
import { type OrderItem, type PricingResult, priceOrder } from './order-lines';
import { rupeesToPaise } from './pricing';
import { type PricePhase, type TicketTypeRule, ticketsFittingPeople } from './ticket-types';

// The purchase dialog prices a chosen order before asking the server, with the server's own rules
// (order-lines.ts priceOrder: phases, the group price from 4, the event's people), on what GET /event tells a
// guest of each type: the price selling now, its phase's end and tickets left, and the price that follows. So
// the total shown is the total the checkout asks, except when the order would run past the phase after next
// (the guest is not told of it): the server then answers PRICE_CHANGED with its figures. A code's discount is
// not priced here: the code check (POST /promo-codes/check) prices it, since a guest never sees a code's rules.

/** A listed (or code-revealed) type as the pricing rules read it: the phases it is known to have left. */
export function ruleOfPublicType(type: PublicTicketType): TicketTypeRule {
  const phases: PricePhase[] = [];
  if (type.phase) {
    phases.push({
      id: `${type.id}/now`,
      label: type.phase.label,
      pricePaise: rupeesToPaise(type.phase.price),
      endsAt: type.phase.endsAt,
      quantity: type.phase.left,
    });
    // What follows sells without an end the guest knows of; its label names the lines priced at it.
    if (type.nextPhase) {
      phases.push({
        id: `${type.id}/next`,
        label: type.nextPhase.label,
        pricePaise: rupeesToPaise(type.nextPhase.price),
        endsAt: null,
        quantity: null,
      });
    }
  }
  return {
    id: type.id,
    name: type.name,
    nameHi: null,
    nameGu: null,
    description: type.description,
    pricePaise: rupeesToPaise(type.nextPhase?.price ?? type.price),
    groupPrice4Paise: type.groupPrice4 === null ? null : rupeesToPaise(type.groupPrice4),
    admits: type.admits,
    capacity: type.available,
    perPersonLimit: type.perPersonLimit,
    salesStart: null,
    salesEnd: null,
    colour: type.colour,
    // Revealed types are priced like listed ones: the code that revealed them goes with the order.
    hidden: false,
    paused: !type.onSale,
    archived: false,
    phases,
  };
}

/**
 * `items` priced as the checkout would price them now (no code): lines per type and phase, totals, or the first
 * refusal (a type off sale, sold out, over its per-person limit) naming the type. `peopleLeft` is the event's
 * availableTickets; the person's own earlier tickets of a type are not known here (the server counts them).
 */
export function pricePublicOrder(
  items: readonly OrderItem[],
  types: readonly PublicTicketType[],
  facts: { peopleLeft: number; now: Date },
): PricingResult {
  const rules = new Map(types.map((type) => [type.id, ruleOfPublicType(type)]));
  return priceOrder(
    items.filter((item) => item.quantity > 0),
    {
      now: facts.now,
      peopleLeft: facts.peopleLeft,
      types: rules,
      taken: new Map(),
      personTaken: new Map(),
      code: null,
    },
  );
}

/**
 * The most tickets of `type` the stepper offers, given what else the order holds: the type's tickets and
 * per-person limit, the order's cap and the person's allowance for the event (less the other types' tickets),
 * and the event's people left (less the people the other types admit: a couple pass needs two).
 */
export function typeStepperMax(
  type: Pick<PublicTicketType, 'id' | 'available' | 'perPersonLimit' | 'admits'>,
  chosen: ReadonlyMap<string, { quantity: number; admits: number }>,
  limits: { orderCap: number; allowanceRemaining: number | null; peopleLeft: number | null },
): number {
  let otherTickets = 0;
  let otherPeople = 0;
  for (const [id, line] of chosen) {
    if (id === type.id) continue;
    otherTickets += line.quantity;
    otherPeople += line.quantity * line.admits;
  }
  const bounds = [
    type.available,
    type.perPersonLimit ?? Number.POSITIVE_INFINITY,
    limits.orderCap - otherTickets,
    limits.allowanceRemaining === null ? Number.POSITIVE_INFINITY : limits.allowanceRemaining - otherTickets,
    limits.peopleLeft === null
      ? Number.POSITIVE_INFINITY
      : ticketsFittingPeople(limits.peopleLeft - otherPeople, type.admits),
  ];
  return Math.max(0, Math.min(...bounds));
}
