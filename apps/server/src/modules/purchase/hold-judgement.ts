import type { Language } from '@utsav/domain/languages';
import type { OrderItem, PricedOrder } from '@utsav/domain/order-lines';
import { fitsPersonLimit, personAllowance } from '@utsav/domain/person-limit';
import { type Quote, rupeesToPaise } from '@utsav/domain/pricing';
import type { ClientPrice } from '@utsav/domain/purchase-schema';
import type { AppContext } from '../../platform/context';
import type { AuditLogTable, EventRow, OrderRow, UserRow } from '../../platform/db/schema';
import type { OrderLineRow } from '../../platform/db/schema-sales';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { soldOut } from './checkout-errors';
import type { HoldFigures } from './hold-figures';
import { rememberSeatsLeft } from './inventory-hint';
import { personLimitRefusal } from './person-limit';

// What a hold is judged on, the same for both engines: the price on the locked event row, then stock, the
// waitlist and the person's cap on the figures read under the lock (hold-figures.ts). How the rows are read and
// written differs per engine (checkout-placement.ts for PostgreSQL, hold-on-sqlite.ts for SQLite).

/** What the buyer asked for. */
export interface Checkout {
  /** Tickets in all (the spec's quantity, or the items' sum). */
  quantity: number;
  /** Types and quantities; null: the spec's payload, `quantity` of the default type. */
  items: OrderItem[] | null;
  promoCode: string | null;
  /** The buyer's language (refusals name the type in it). */
  language: Language;
  /**
   * What the order comes to, priced before the hold (service.ts): its amount and the people it admits. Null: not
   * known before the lock; the hold goes first (checkout-placement.ts).
   */
  prePriced: { amountPaise: number; people: number } | null;
  /** The client's price (create-order); null on the booking path, which takes the server's. */
  clientPrice: ClientPrice | null;
  /** Who each ticket is for, or null: the buyer's name on each. */
  ticketNames: string[] | null;
  /** The buyer's answers to the checkout questions as the order keeps them (JSON); null or absent: none. */
  answers?: string | null;
}

export interface HoldPlan {
  orderId: string;
  /** Set when the Razorpay order already exists (room to spare); null on the contested path. */
  razorpayOrderId: string | null;
  /** The amount that Razorpay order asks for; the hold is refused (PRICE_CHANGED) if the price moved since. */
  amountPaise: number | null;
}

/** One hold to place: who, on which event, what, and how (checkout-placement.ts). */
export interface HoldRequest {
  caller: UserRow;
  /** The buyer's language: a refusal names the type in it. */
  language: Language;
  eventId: string;
  checkout: Checkout;
  plan: HoldPlan;
}

export interface Held {
  order: OrderRow;
  serverQuote: Quote;
  /** The lines the hold was priced at (absent on a waitlist offer's hold). */
  lines?: OrderLineRow[];
  priced?: PricedOrder;
  names?: (ticketTypeId: string) => string;
}

export interface HoldDraft extends Held {
  audit: AuditLogTable;
  /** The order's lines as the hold writes them (what each ticket will be issued at). */
  lines: OrderLineRow[];
  priced: PricedOrder;
  /** A type's name in the buyer's language. */
  names: (ticketTypeId: string) => string;
}

/**
 * Seats free by the figures' counter of holds, which never counts fewer than the live ones: a lower bound of
 * the seats free. When it is below the quantity the caller reads the exact live holds and judges on those.
 */
export function seatsLeftAtLeast(event: EventRow, figures: HoldFigures): number {
  return event.total_tickets - figures.sold - figures.heldAtMost;
}

/**
 * Stock, the waitlist and the person's cap; throws the refusal. `left` is the seats free before this hold:
 * seatsLeftAtLeast when that fits the quantity, else counted exactly.
 */
export function judgeHold(
  ctx: AppContext,
  eventId: string,
  quantity: number,
  left: number,
  figures: HoldFigures,
  tickets = quantity,
): void {
  // `quantity` is people (what the event's capacity counts), `tickets` what the person's cap counts.
  if (quantity > left) {
    rememberSeatsLeft(ctx, eventId, left);
    throw soldOut(left);
  }
  // Seats that come back while people wait in the waitlist are theirs, in line order (waitlist/offers.ts):
  // nothing is for sale to others, so the next checkouts go hold-first and cost no provider call.
  if (figures.anyoneWaiting) {
    rememberSeatsLeft(ctx, eventId, 0);
    throw soldOut(0);
  }
  rememberSeatsLeft(ctx, eventId, left - quantity);
  // The per-person cap is enforced here, under the event lock, so two checkouts of the same person cannot both
  // pass it (person-limit.ts says what counts).
  const allowance = personAllowance(ctx.config.maxTicketsPerPerson, figures.person);
  if (!fitsPersonLimit(allowance, tickets)) throw personLimitRefusal(allowance);
}

/**
 * A type someone waits for in the type's own line (its capacity sold out, the event not) is sold out to everyone
 * else: its tickets that come back are theirs, in line order (waitlist/offers.ts). The other types stay on sale.
 */
export function judgeTypeLines(draft: Pick<HoldDraft, 'lines' | 'names'>, figures: HoldFigures): void {
  if (figures.waitingTypes.size === 0) return;
  const waited = draft.lines.find((line) => figures.waitingTypes.has(line.ticket_type_id));
  if (waited) {
    throw new AppError(
      'TICKET_TYPE_SOLD_OUT',
      msg('{{name}} is sold out.', { name: draft.names(waited.ticket_type_id) }),
    );
  }
}

/** A new order as a hold writes it (a checkout, or a waitlist offer): created, unpaid, held until `holdExpiresAt`. */
export function heldOrder(fields: {
  id: string;
  razorpayOrderId: string | null;
  userId: string;
  eventId: string;
  quantity: number;
  quote: Quote;
  holdExpiresAt: string;
  ticketNames: string | null;
  checkoutAnswers?: string | null;
  now: Date;
}): OrderRow {
  const pricePerTicketPaise = rupeesToPaise(fields.quote.pricePerTicket);
  const nowIso = fields.now.toISOString();
  return {
    id: fields.id,
    razorpay_order_id: fields.razorpayOrderId,
    user_id: fields.userId,
    event_id: fields.eventId,
    quantity: fields.quantity,
    price_per_ticket_paise: pricePerTicketPaise,
    amount_paise: pricePerTicketPaise * fields.quantity,
    pricing_tier: fields.quote.pricingTier,
    status: 'created',
    hold_expires_at: fields.holdExpiresAt,
    razorpay_payment_id: null,
    razorpay_refund_id: null,
    created_at: nowIso,
    paid_at: null,
    refunded_at: null,
    refund_settled_at: null,
    ticket_names: fields.ticketNames,
    checkout_answers: fields.checkoutAnswers ?? null,
    updated_at: nowIso,
  };
}
