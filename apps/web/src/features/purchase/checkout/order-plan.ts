import type { PromoCheckAnswer } from '@utsav/domain/api/promo-codes';
import type { OrderLine, PriceChangedFigures, PublicTicketType } from '@utsav/domain/api/ticket-types';
import type { OrderItem, TypeRefusal } from '@utsav/domain/order-lines';
import { orderLinesView } from '@utsav/domain/order-lines-view';
import type { Quote } from '@utsav/domain/pricing';
import { pricePublicOrder } from '@utsav/domain/public-pricing';

// What the purchase dialog is about to buy, whichever way it was chosen: the product's single price (a quantity,
// priced by @utsav/domain/pricing quote) or ticket types (a quantity per type, priced by the checkout's own rules
// in @utsav/domain/public-pricing, or by the code check when a code is applied). The payment hook sends it.

/** Tickets chosen per type id (0 or absent: none of that type). */
export type Chosen = Readonly<Record<string, number>>;

export interface PlannedOrder {
  /** Tickets in the order. */
  quantity: number;
  /** Rupees to pay. */
  total: number;
  /** The product's single-price quote: the order goes as the product's payload (quantity, pricePerTicket). */
  quote: Quote | null;
  /** Lines of types (empty for the product's payload); the discount in rupees. */
  lines: OrderLine[];
  discount: number;
  /** The types and quantities sent as `items`; null: the product's payload. */
  items: OrderItem[] | null;
  /** The code sent with the order (a valid one only). */
  promoCode: string | null;
  /** Resold tickets, not new ones (sent as `resale: true`): hooks/use-resale-choice.ts. */
  resale?: boolean;
}

/** The order's identity for "is this still the order the guest chose": its types, quantities and code. */
export function orderKey(items: readonly OrderItem[] | null, promoCode: string | null): string {
  const parts = (items ?? []).map((item) => `${item.ticketTypeId}=${item.quantity}`);
  return `${parts.join('&')}|${promoCode ?? ''}`;
}

/** The chosen quantities as `items`, in the order the types are listed; types not listed are left out. */
export function itemsOf(chosen: Chosen, types: readonly PublicTicketType[]): OrderItem[] {
  return types
    .filter((type) => (chosen[type.id] ?? 0) > 0)
    .map((type) => ({ ticketTypeId: type.id, quantity: chosen[type.id] as number }));
}

/**
 * The types a guest chooses from: those GET /event lists, then those an access code revealed (each once). The
 * dialog shows them one by one when there is more than one, or any has phases; otherwise the product's single
 * stepper stays.
 */
export function shownTypes(
  listed: readonly PublicTicketType[] | undefined,
  unlocked: readonly PublicTicketType[],
): PublicTicketType[] {
  const seen = new Set<string>();
  const all: PublicTicketType[] = [];
  for (const type of [...(listed ?? []), ...unlocked]) {
    if (seen.has(type.id)) continue;
    seen.add(type.id);
    all.push(type);
  }
  return all;
}

export function choosesTypes(types: readonly PublicTicketType[]): boolean {
  return types.length > 1 || types.some((type) => type.phase !== null);
}

export type Figures =
  | { ok: true; lines: OrderLine[]; discount: number; total: number; tickets: number }
  | { ok: false; refusal: TypeRefusal };

/** The chosen items priced in the browser, without a code (the code check prices those). */
export function localFigures(
  items: readonly OrderItem[],
  types: readonly PublicTicketType[],
  facts: { peopleLeft: number; now: Date },
): Figures {
  const priced = pricePublicOrder(items, types, facts);
  if (!priced.ok) return priced;
  const names = new Map(types.map((type) => [type.id, type.name]));
  return {
    ok: true,
    lines: orderLinesView(priced.order, (id) => names.get(id) ?? id),
    discount: priced.order.discountPaise / 100,
    total: priced.order.totalPaise / 100,
    tickets: priced.order.tickets,
  };
}

/** The code check's answer as figures (its lines already carry the discount). */
export function checkedFigures(answer: Pick<PromoCheckAnswer, 'lines' | 'discount' | 'total'>): Figures {
  return {
    ok: true,
    lines: answer.lines,
    discount: answer.discount,
    total: answer.total,
    tickets: answer.lines.reduce((sum, line) => sum + line.quantity, 0),
  };
}

/** The server's figures sent with PRICE_CHANGED, for the order they were computed for. */
export interface ServerFigures {
  key: string;
  figures: PriceChangedFigures;
}
