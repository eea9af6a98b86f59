import type { PricePhase, TicketTypeRule, TypeTaken } from './ticket-types';

// Price phases: "Early bird ₹249 until 5 Oct or the first 300", then "Regular ₹349", then "At the gate ₹449".
// The price that applies is the first phase that has neither ended (its endsAt reached: at endsAt exactly the
// next price applies) nor sold out (its tickets sold + held reached its quantity); the next takes over by
// itself. After the last phase the type's own price applies. A hold keeps the prices it was quoted (the server
// writes them with the hold), so a phase that ends while a guest pays does not change what they pay, and since a
// hold counts against its phase's quantity, a phase never sells more than its quantity.

/** True when the phase no longer sells at `now`: its date is reached or its tickets are all taken. */
export function phaseIsOver(phase: PricePhase, taken: number, now: Date): boolean {
  if (phase.endsAt !== null && now.getTime() >= Date.parse(phase.endsAt)) return true;
  return phase.quantity !== null && taken >= phase.quantity;
}

function takenAt(taken: TypeTaken, phase: PricePhase): number {
  return taken.phases.get(phase.id) ?? 0;
}

/** Tickets the phase may still sell (Infinity without a quantity); never negative. */
export function phaseLeft(phase: PricePhase, taken: number): number {
  return phase.quantity === null ? Number.POSITIVE_INFINITY : Math.max(0, phase.quantity - taken);
}

export interface PhaseStanding {
  /** The phase selling now and its tickets left (null: no quantity); null when no phase applies. */
  current: { phase: PricePhase; left: number | null } | null;
  /** The price that applies now: the current phase's, else the type's. */
  pricePaise: number;
  /**
   * What comes once the current phase ends or sells out: the next phase still open, else the type's own price
   * (labelled with the type's name) when it differs; null when nothing changes (no phases, or an open-ended one).
   */
  next: { label: string; pricePaise: number } | null;
}

/** Which phase sells now, and what follows it. */
export function phaseStanding(
  type: Pick<TicketTypeRule, 'name' | 'pricePaise' | 'phases'>,
  taken: TypeTaken,
  now: Date,
): PhaseStanding {
  const open = type.phases.filter((phase) => !phaseIsOver(phase, takenAt(taken, phase), now));
  const [current, following] = open;
  if (!current) return { current: null, pricePaise: type.pricePaise, next: null };
  const left = phaseLeft(current, takenAt(taken, current));
  const bounded = current.endsAt !== null || current.quantity !== null;
  let next: PhaseStanding['next'] = null;
  if (following) next = { label: following.label, pricePaise: following.pricePaise };
  else if (bounded && type.pricePaise !== current.pricePaise)
    next = { label: type.name, pricePaise: type.pricePaise };
  return {
    current: { phase: current, left: Number.isFinite(left) ? left : null },
    pricePaise: current.pricePaise,
    next,
  };
}

/** Tickets of one order line priced at one phase (null: the type's own price, after its phases). */
export interface PhaseSlice {
  phase: PricePhase | null;
  unitPricePaise: number;
  quantity: number;
}

/**
 * `quantity` tickets of the type, priced phase by phase: the current phase takes what it has left, the rest go
 * to the next open phase, and past the last phase to the type's price. Always accounts for every ticket; the
 * type's capacity and the event's people are judged by the caller (order-lines.ts).
 */
export function allocateToPhases(
  type: Pick<TicketTypeRule, 'pricePaise' | 'phases'>,
  taken: TypeTaken,
  quantity: number,
  now: Date,
): PhaseSlice[] {
  const slices: PhaseSlice[] = [];
  let remaining = quantity;
  for (const phase of type.phases) {
    if (remaining === 0) break;
    const already = takenAt(taken, phase);
    if (phaseIsOver(phase, already, now)) continue;
    const here = Math.min(remaining, phaseLeft(phase, already));
    slices.push({ phase, unitPricePaise: phase.pricePaise, quantity: here });
    remaining -= here;
  }
  if (remaining > 0) slices.push({ phase: null, unitPricePaise: type.pricePaise, quantity: remaining });
  return slices;
}

/** The lowest price a type sells at now or later ("from ₹249" on the landing page). */
export function lowestPricePaise(
  type: Pick<TicketTypeRule, 'pricePaise' | 'phases'>,
  taken: TypeTaken,
  now: Date,
): number {
  const open = type.phases.filter((phase) => !phaseIsOver(phase, takenAt(taken, phase), now));
  // The type's own price is reached only when every open phase can end; an open-ended phase sells for ever.
  const reachesTypePrice = open.every((phase) => phase.endsAt !== null || phase.quantity !== null);
  const prices = open.map((phase) => phase.pricePaise);
  return Math.min(...(reachesTypePrice ? [...prices, type.pricePaise] : prices));
}
