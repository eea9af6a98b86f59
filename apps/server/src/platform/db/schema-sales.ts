// Tables of ticket types, price phases, promo codes, order lines and their counters (migration 0024); see
// docs/decisions/0326-ticket-types.md. Money in paise, instants as ISO text, flags as 0/1.

export interface TicketTypesTable {
  id: string;
  event_id: string;
  name: string;
  name_hi: string | null;
  name_gu: string | null;
  description: string;
  price_paise: number;
  group_price4_paise: number | null;
  /** People one ticket admits. */
  admits: number;
  /** Tickets, sold + held, at most; null: none of its own. */
  capacity: number | null;
  per_person_limit: number | null;
  sales_start: string | null;
  sales_end: string | null;
  colour: string;
  hidden: number;
  paused: number;
  archived_at: string | null;
  position: number;
  /** 1 for the event's "Entry" type, priced by the event's own ticket price and group price. */
  is_default: number;
  created_at: string;
  updated_at: string;
}

export interface PricePhasesTable {
  id: string;
  ticket_type_id: string;
  position: number;
  label: string;
  price_paise: number;
  ends_at: string | null;
  quantity: number | null;
}

export interface PromoCodesTable {
  id: string;
  event_id: string;
  /** Upper case. */
  code: string;
  kind: 'percent' | 'amount' | 'unlock';
  /** percent: whole percent; amount: paise off each ticket; unlock: 0. */
  value: number;
  /** JSON array of ticket type ids; empty: every visible type. */
  ticket_type_ids: string;
  valid_from: string | null;
  valid_until: string | null;
  max_uses: number | null;
  max_uses_per_person: number | null;
  min_quantity: number | null;
  active: number;
  created_at: string;
  updated_at: string;
}

/** What a hold was quoted, one homogeneous line at a time (packages/domain order-lines.ts PricedLine). */
export interface OrderLinesTable {
  order_id: string;
  line_no: number;
  event_id: string;
  ticket_type_id: string;
  phase_id: string | null;
  /** The code this line's code_uses count against. */
  promo_code_id: string | null;
  quantity: number;
  admits: number;
  unit_price_paise: number;
  discount_per_ticket_paise: number;
  code_uses: number;
  group_price: number;
}

/** Tickets per type, phase and code, sold and held, kept by triggers (migration 0024). */
export interface SalesCountersTable {
  event_id: string;
  scope: 'type' | 'phase' | 'code';
  ref_id: string;
  sold: number;
  /** Every order still `created`: at least the live holds. */
  held: number;
}

export type TicketTypeRow = TicketTypesTable;
export type PricePhaseRow = PricePhasesTable;
export type PromoCodeRow = PromoCodesTable;
export type OrderLineRow = OrderLinesTable;
