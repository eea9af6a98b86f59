import type { Language } from './languages';

// Ticket types: an event's price list (Female / Male / Couple pass, family passes, VIP pods). Money is integer
// paise here, rupees only at the API's edge (ticket-types-schema.ts, api/ticket-types.ts). The server judges
// holds with these rules under the event lock and the web shows the same answers, so one copy of each rule.
//
// Capacity counts people: a ticket admits `admits` people, the event's capacity is people, while a type's own
// capacity, a phase's quantity and every per-person limit count tickets (what an organiser prints and sells).

/** One step of a type's price list: "Early bird ₹249 until 5 Oct or the first 300". */
export interface PricePhase {
  id: string;
  label: string;
  pricePaise: number;
  /** ISO instant the phase ends (exclusive: at exactly this instant the next price applies); null: no date. */
  endsAt: string | null;
  /** Tickets this phase sells at most (sold + held); null: no limit of its own. */
  quantity: number | null;
}

export interface TicketTypeRule {
  id: string;
  name: string;
  nameHi: string | null;
  nameGu: string | null;
  description: string;
  /**
   * The type's price: without phases, the price; with phases, the price once every phase has ended or sold out
   * (an organiser's list usually ends with an open phase, and then it is never reached).
   */
  pricePaise: number;
  /** Price per ticket when 4 or more of this type are in one order; null: none. */
  groupPrice4Paise: number | null;
  /** People one ticket admits: 1, 2 for a couple pass, 4 for a family pass. */
  admits: number;
  /** Tickets of this type, sold + held, at most; null: only the event's capacity bounds it. */
  capacity: number | null;
  /** Tickets of this type one person may hold or have bought; null: only the event's cap. */
  perPersonLimit: number | null;
  /** ISO instants of the type's own sales window (IST in the forms); null: open on that side. */
  salesStart: string | null;
  salesEnd: string | null;
  /** #RRGGBB, shown large at the gate. */
  colour: string;
  /** Sold only with an access code that names it (promo-codes.ts), and not listed otherwise. */
  hidden: boolean;
  /** Sales of this type stopped for now by the organiser. */
  paused: boolean;
  /** Archived: kept for the tickets it sold, never sold again (a type with sales is archived, not deleted). */
  archived: boolean;
  phases: readonly PricePhase[];
}

/** Tickets of one type (or phase) counted against its limits: sold (active + used) plus live holds. */
export interface TypeTaken {
  tickets: number;
  /** Per phase id, tickets sold at that phase plus tickets held at it. */
  phases: ReadonlyMap<string, number>;
}

export const NO_TAKEN: TypeTaken = { tickets: 0, phases: new Map() };

export const DEFAULT_TYPE_NAME = 'Entry';
export const DEFAULT_TYPE_COLOUR = '#C2410C';

/** Colours offered to a new type in turn; any #RRGGBB is accepted. */
export const TYPE_COLOURS = ['#C2410C', '#BE185D', '#1D4ED8', '#047857', '#7C3AED', '#B45309'] as const;

/** The type's name for a reader of `language`: their own name when the organiser gave one, else English. */
export function typeName(
  type: Pick<TicketTypeRule, 'name' | 'nameHi' | 'nameGu'>,
  language: Language,
): string {
  if (language === 'hi' && type.nameHi) return type.nameHi;
  if (language === 'gu' && type.nameGu) return type.nameGu;
  return type.name;
}

/** "Couple pass · admits 2"; a type admitting one person is just its name. */
export function typeLabel(name: string, admits: number): string {
  return admits > 1 ? `${name} · admits ${admits}` : name;
}

export type SaleState =
  | { open: true }
  | { open: false; reason: 'archived' | 'paused' | 'not-started' | 'ended'; at?: string };

/**
 * Is the type on sale at `now` by its own settings (hidden types are judged by the code that reveals them, and
 * stock by availability). The window is [salesStart, salesEnd): at salesEnd exactly, sales have ended.
 */
export function saleState(
  type: Pick<TicketTypeRule, 'archived' | 'paused' | 'salesStart' | 'salesEnd'>,
  now: Date,
): SaleState {
  if (type.archived) return { open: false, reason: 'archived' };
  if (type.paused) return { open: false, reason: 'paused' };
  const at = now.getTime();
  if (type.salesStart && at < Date.parse(type.salesStart))
    return { open: false, reason: 'not-started', at: type.salesStart };
  if (type.salesEnd && at >= Date.parse(type.salesEnd))
    return { open: false, reason: 'ended', at: type.salesEnd };
  return { open: true };
}

/** Tickets of the type still free by its own capacity (Infinity without one); never negative. */
export function typeTicketsLeft(type: Pick<TicketTypeRule, 'capacity'>, taken: TypeTaken): number {
  return type.capacity === null ? Number.POSITIVE_INFINITY : Math.max(0, type.capacity - taken.tickets);
}

/** Whole tickets of a type that fit in the event's people left: a couple pass needs two. */
export function ticketsFittingPeople(peopleLeft: number, admits: number): number {
  return Math.max(0, Math.floor(peopleLeft / Math.max(1, admits)));
}
