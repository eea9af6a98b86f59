import { GROUP_MIN_QUANTITY } from './constants';
import { allocateToPhases } from './price-phases';
import { type Quote, roundRupees } from './pricing';
import { applyCode, type CodeOutcome, type GivenCode, revealedTypes } from './promo-application';
import {
  NO_TAKEN,
  type SaleState,
  saleState,
  type TicketTypeRule,
  type TypeTaken,
  ticketsFittingPeople,
  typeTicketsLeft,
} from './ticket-types';

// Pricing an order of one or more ticket types: every line priced by the server on the figures it read under
// the event lock (the web prices the same way to show the total before asking). The lines an order keeps are
// homogeneous: one type, one phase, one unit price, one discount per ticket, so each ticket's price paid (what
// refunds and tax are computed from) is exact in paise, and a line of 3 that straddles the end of an early-bird
// phase becomes two lines (the phase's last tickets at its price, the rest at the next).

export interface OrderItem {
  ticketTypeId: string;
  quantity: number;
}

export interface PricingFacts {
  now: Date;
  /** People the event can still admit before this order: capacity - people sold - people in live holds. */
  peopleLeft: number;
  /** Every type of the event (hidden and archived too). */
  types: ReadonlyMap<string, TicketTypeRule>;
  /** Per type: tickets sold + held, in all and per phase. */
  taken: ReadonlyMap<string, TypeTaken>;
  /** Per type: this person's tickets of it, in live holds and bought (active or used, not hand-issued). */
  personTaken: ReadonlyMap<string, number>;
  /** The code the buyer gave, with its uses read with the other figures; null: none given. */
  code: GivenCode | null;
}

export interface PricedLine {
  ticketTypeId: string;
  /** The phase these tickets are priced at; null: the type's own price. */
  phaseId: string | null;
  phaseLabel: string | null;
  quantity: number;
  admits: number;
  /** Price of one ticket before the code: the phase's (or type's), or the group price from 4. */
  unitPricePaise: number;
  group: boolean;
  /** Paise the code takes off each ticket of this line (0 without). */
  discountPerTicketPaise: number;
  /** Tickets of this line that take a use of the code. */
  codeUses: number;
}

export type TypeRefusal =
  /** No such type, or a hidden one that no given code reveals (said the same way, so hidden types stay hidden). */
  | { kind: 'unknown-type'; index: number; ticketTypeId: string }
  | { kind: 'not-on-sale'; type: TicketTypeRule; state: Extract<SaleState, { open: false }> }
  /** `available`: tickets of the type this order could still have had (0 when none). */
  | { kind: 'sold-out'; type: TicketTypeRule; available: number }
  | { kind: 'type-limit'; type: TicketTypeRule; limit: number; remaining: number };

export interface PricedOrder {
  lines: PricedLine[];
  tickets: number;
  people: number;
  subtotalPaise: number;
  discountPaise: number;
  totalPaise: number;
  /** What became of the code; null when none was given. */
  code: CodeOutcome | null;
}

export type PricingResult = { ok: true; order: PricedOrder } | { ok: false; refusal: TypeRefusal };

/** Tickets paid per line: unit price less the discount; never below ₹0. */
export function linePaidPerTicket(
  line: Pick<PricedLine, 'unitPricePaise' | 'discountPerTicketPaise'>,
): number {
  return Math.max(0, line.unitPricePaise - line.discountPerTicketPaise);
}

/**
 * Prices `items` (each type once; the schema refuses repeats) in the order given. Each item is judged on the
 * figures plus what the items before it took: its type exists (a hidden one only when the code reveals it), is
 * on sale, has the tickets (its capacity, and the event's people: a couple pass needs two), and keeps the
 * person within the type's limit. Then the code is applied (promo-application.ts).
 */
export function priceOrder(items: readonly OrderItem[], facts: PricingFacts): PricingResult {
  const revealed = revealedTypes(facts.code, facts.types, facts.now);
  let peopleLeft = facts.peopleLeft;
  const lines: PricedLine[] = [];
  for (const [index, item] of items.entries()) {
    const type = facts.types.get(item.ticketTypeId);
    if (!type || (type.hidden && !revealed.has(type.id)))
      return { ok: false, refusal: { kind: 'unknown-type', index, ticketTypeId: item.ticketTypeId } };
    const state = saleState(type, facts.now);
    if (!state.open) return { ok: false, refusal: { kind: 'not-on-sale', type, state } };
    const taken = facts.taken.get(type.id) ?? NO_TAKEN;
    const available = Math.min(typeTicketsLeft(type, taken), ticketsFittingPeople(peopleLeft, type.admits));
    if (item.quantity > available) return { ok: false, refusal: { kind: 'sold-out', type, available } };
    if (type.perPersonLimit !== null) {
      const remaining = Math.max(0, type.perPersonLimit - (facts.personTaken.get(type.id) ?? 0));
      if (item.quantity > remaining)
        return { ok: false, refusal: { kind: 'type-limit', type, limit: type.perPersonLimit, remaining } };
    }
    peopleLeft -= item.quantity * type.admits;
    lines.push(...typeLines(type, taken, item.quantity, facts.now));
  }
  const coded = applyCode(lines, facts.types, facts.code, facts.now);
  return { ok: true, order: totals(coded.lines, coded.outcome) };
}

/** One type's tickets priced phase by phase, at the group price from 4 of the type in the order. */
function typeLines(type: TicketTypeRule, taken: TypeTaken, quantity: number, now: Date): PricedLine[] {
  const group = quantity >= GROUP_MIN_QUANTITY && type.groupPrice4Paise !== null && type.groupPrice4Paise > 0;
  return allocateToPhases(type, taken, quantity, now).map((slice) => {
    // Without phases the group price replaces the price, as the event's single price always did; with phases it
    // is a ceiling, so an early-bird price below it still applies to a group.
    const unit = !group
      ? slice.unitPricePaise
      : type.phases.length === 0
        ? type.groupPrice4Paise!
        : Math.min(slice.unitPricePaise, type.groupPrice4Paise!);
    return {
      ticketTypeId: type.id,
      phaseId: slice.phase?.id ?? null,
      phaseLabel: slice.phase?.label ?? null,
      quantity: slice.quantity,
      admits: type.admits,
      unitPricePaise: unit,
      group,
      discountPerTicketPaise: 0,
      codeUses: 0,
    };
  });
}

function totals(lines: PricedLine[], code: CodeOutcome | null): PricedOrder {
  let tickets = 0;
  let people = 0;
  let subtotalPaise = 0;
  let discountPaise = 0;
  for (const line of lines) {
    tickets += line.quantity;
    people += line.quantity * line.admits;
    subtotalPaise += line.unitPricePaise * line.quantity;
    discountPaise += (line.unitPricePaise - linePaidPerTicket(line)) * line.quantity;
  }
  return {
    lines,
    tickets,
    people,
    subtotalPaise,
    discountPaise,
    totalPaise: subtotalPaise - discountPaise,
    code,
  };
}

/** One ticket as issued from a priced line: its type, phase, price paid and discount (paise). */
export interface TicketPrice {
  ticketTypeId: string;
  phaseId: string | null;
  admits: number;
  pricePaise: number;
  discountPaise: number;
  usesCode: boolean;
}

/** The order's tickets in line order (seq 1..n): what the hold quoted is what each ticket records. */
export function ticketsOfLines(lines: readonly PricedLine[]): TicketPrice[] {
  const tickets: TicketPrice[] = [];
  for (const line of lines) {
    const pricePaise = linePaidPerTicket(line);
    for (let i = 0; i < line.quantity; i++) {
      tickets.push({
        ticketTypeId: line.ticketTypeId,
        phaseId: line.phaseId,
        admits: line.admits,
        pricePaise,
        discountPaise: line.unitPricePaise - pricePaise,
        usesCode: i < line.codeUses,
      });
    }
  }
  return tickets;
}

/**
 * The product's figures of an order (pricePerTicket, pricingTier, total, saving), in rupees. For an order of the
 * default type alone without a code this is exactly pricing.ts quote(); for a mixed order pricePerTicket is the
 * average paid, the tier Group when any line has the group price.
 */
export function orderQuote(order: PricedOrder, listPricePaise: (typeId: string) => number): Quote {
  const paid = new Set(order.lines.map(linePaidPerTicket));
  const pricePerTicket =
    paid.size === 1 ? [...paid][0]! / 100 : roundRupees(order.totalPaise / 100 / Math.max(1, order.tickets));
  const groupSaving = order.lines
    .filter((line) => line.group)
    .reduce(
      (sum, line) => sum + (listPricePaise(line.ticketTypeId) - line.unitPricePaise) * line.quantity,
      0,
    );
  return {
    quantity: order.tickets,
    pricingTier: order.lines.some((line) => line.group) ? 'Group' : 'Individual',
    pricePerTicket,
    total: order.totalPaise / 100,
    saving: groupSaving / 100,
  };
}
