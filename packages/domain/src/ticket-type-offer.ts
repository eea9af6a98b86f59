import type { PublicTicketType } from './api/ticket-types';

// What a guest is offered, read from GET /event's `ticketTypes` (ticket-type-view.ts writes them): the landing
// hero's "from ₹249 · Early bird" and the purchase dialog's "₹349 after 5 Oct or after the next 42". Type-only
// imports: the landing page's first chunk reads these and carries no zod.

/** A type a guest can add to an order now: on sale by its own settings and not sold out. */
export function isBuyable(type: Pick<PublicTicketType, 'onSale' | 'soldOut'>): boolean {
  return type.onSale && !type.soldOut;
}

export interface CheapestOffer {
  /** Rupees: the lowest price that applies now among the types that can be bought. */
  price: number;
  /** That type's phase selling now ("Early bird"); null without phases. */
  phaseLabel: string | null;
  /** More than one price is on offer (several types, or a phase that will step up): said "from ₹249". */
  from: boolean;
}

/**
 * The price the landing page leads with: the cheapest type that can be bought now, at its current phase's
 * price. Null when nothing can be bought (no types sent, all sold out or off sale): the page then shows the
 * event's own price as before.
 */
export function cheapestOffer(types: readonly PublicTicketType[] | undefined): CheapestOffer | null {
  const buyable = (types ?? []).filter(isBuyable);
  let best: PublicTicketType | undefined;
  for (const type of buyable) if (!best || type.price < best.price) best = type;
  if (!best) return null;
  const prices = new Set(buyable.map((type) => type.price));
  return {
    price: best.price,
    phaseLabel: best.phase?.label ?? null,
    from: prices.size > 1 || buyable.some((type) => type.nextPhase !== null),
  };
}

export interface NextPrice {
  /** Rupees once the current phase is over. */
  price: number;
  /** The next phase's label (or the type's name when its own price follows the last phase). */
  label: string;
  /** The current phase ends at this instant; null: it has no date. */
  endsAt: string | null;
  /** …or once this many more tickets are sold; null: it has no quantity. */
  left: number | null;
}

/** What follows the price selling now ("₹349 after 5 Oct / after the next 42"); null when nothing changes. */
export function nextPrice(type: Pick<PublicTicketType, 'phase' | 'nextPhase'>): NextPrice | null {
  if (!type.phase || !type.nextPhase) return null;
  return {
    price: type.nextPhase.price,
    label: type.nextPhase.label,
    endsAt: type.phase.endsAt,
    left: type.phase.left,
  };
}
