import type { OrderLine } from '@utsav/domain/api/ticket-types';
import type { CheckoutAnswer } from '@utsav/domain/checkout-answers';
import { CURRENCY } from '@utsav/domain/constants';
import { chargedPaise, convenienceFee } from '@utsav/domain/convenience-fee';
import type { Language } from '@utsav/domain/languages';
import { ticketsIn } from '@utsav/domain/order-items-schema';
import type { OrderItem } from '@utsav/domain/order-lines';
import { orderLinesView } from '@utsav/domain/order-lines-view';
import { paiseToRupees, rupeesToPaise } from '@utsav/domain/pricing';
import { normaliseCode } from '@utsav/domain/promo-codes';
import {
  type ClientPrice,
  matchesQuote,
  orderTicketNames,
  type VerifyPaymentInput,
} from '@utsav/domain/purchase-schema';
import type { AppContext } from '../../platform/context';
import type { EventRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { verifyCheckoutSignature } from '../../platform/payments/signatures';
import { findCurrentEvent } from '../../stores/events';
import { findOrderByRazorpayId } from '../../stores/orders';
import { findTicketsOfOrder, type TicketView } from '../../stores/tickets';
import { judgedAnswers } from '../checkout-questions/service';
import { currentEvent, requirePublished } from '../event/current-event';
import { capturedPaymentFor } from '../payments/captured-payment';
import { refundLatePayment } from '../payments/payment-refunds';
import { requireQueuePass, requireSalesOpen } from '../waiting-room/service';
import { eventGone, priceChanged, quoteFor } from './checkout-errors';
import { type Checkout, placeCheckout } from './checkout-placement';
import { fulfilOrder } from './fulfilment';
import { roomToSpare } from './inventory-hint';
import { lateRefusal } from './late-refusal';
import { checkoutThroughOffer, withOfferEnding } from './offer-sale';
import { prePricedItems } from './pre-priced';
import { type BuyerTax, recordBuyerTax } from './repo';
import { checkoutOfResale } from './resale-checkout';
import { catalogueFor } from './sales-catalogue';

// Checkout: a hold on seats, a Razorpay order to pay it, and verification of the payment.
//
// PER-PERSON INVARIANT, per event and person: seats in the person's live holds + tickets they bought (active or
// used, not hand-issued) <= MAX_TICKETS_PER_PERSON when each hold is placed. Checked under the same event lock,
// so it holds against that person's concurrent checkouts too. A payment arriving after its hold ran out still
// gets its tickets if stock remains (the money was taken), which may leave a person above the cap.
//
// INVENTORY INVARIANT, at every instant and under any concurrency, per event:
//     active + used tickets + live holds  <=  total_tickets
// where a live hold is an order with status 'created' and hold_expires_at > now. Every transaction that
// can raise the left side (placing a hold here; issuing tickets for a late payment in fulfilment.ts) or
// lower the right side (editing the event) first locks the event row (lockEvent: SELECT ... FOR NO KEY UPDATE
// on PostgreSQL, shared by all server processes; SQLite runs one transaction at a time), then counts with one
// statement and commits a write only if the result still fits (a hold on PostgreSQL is written by that very
// statement, blind to its own rows, and rolled back if it does not: checkout-placement.ts). Turning a live
// hold into tickets moves seats from one term to the other inside one transaction (on PostgreSQL one statement,
// without the event lock while the hold has a minute left: fulfilment.ts); expiry only lowers the left side.
//
// How the hold and the Razorpay order are placed, and in which order: checkout-placement.ts.

export interface CheckoutOrder {
  /** Razorpay's order id: what checkout.js opens and what verify-payment sends back. */
  orderId: string;
  /** Rupees (the original contract: the client multiplies by 100 for the provider). */
  amount: number;
  /** The same amount in paise, exactly as Razorpay's order carries it (what our web client hands checkout.js). */
  amountPaise: number;
  currency: string;
  key: string;
  quantity: number;
  pricePerTicket: number;
  pricingTier: string;
  total: number;
  holdExpiresAt: string;
  /** Rupees: the convenience fee on top of the tickets, part of `amount`. */
  convenienceFee?: number;
  /** The order's lines (one type at one price each), its discount and code, and whether it was free. */
  lines: OrderLine[];
  discount: number;
  promoCode: string | null;
  /** A ₹0 order: issued at once, nothing to pay (orderId is then ours, not Razorpay's). */
  free: boolean;
}

export interface ClientOrder {
  /** The spec's quantity of the default type; with items, their tickets (optional). */
  quantity?: number | undefined;
  amount: number;
  pricePerTicket?: number | undefined;
  /** The convenience fee the client showed on top of `amount`. */
  convenienceFee?: number | undefined;
  eventId: string;
  /** Who each ticket is for; blank or missing entries carry the buyer's name. */
  ticketNames?: string[] | undefined;
  items?: OrderItem[] | undefined;
  promoCode?: string | undefined;
  /** Resold tickets, not new ones (resale-checkout.ts). */
  resale?: boolean | undefined;
  buyerGstin?: string | null | undefined;
  buyerLegalName?: string | null | undefined;
  buyerAddress?: string | null | undefined;
  /** Answers to the checkout questions (modules/checkout-questions). */
  answers?: CheckoutAnswer[] | undefined;
}

/** What the buyer asked for, as a checkout: the spec's payload is `quantity` of the default type. */
interface Asked {
  quantity: number;
  items: OrderItem[] | null;
  promoCode: string | null;
}

function askedOf(input: {
  quantity?: number | undefined;
  items?: OrderItem[] | undefined;
  promoCode?: string | undefined;
}): Asked {
  const items = input.items ?? null;
  return { quantity: items ? ticketsIn(items) : input.quantity!, items, promoCode: input.promoCode ?? null };
}

/** POST /tickets/create-order: the client's price must be the server's, else nothing is held or charged. */
export async function createOrder(
  ctx: AppContext,
  caller: UserRow,
  input: ClientOrder,
  queuePass?: string,
  language: Language = 'en',
): Promise<CheckoutOrder> {
  const asked = askedOf(input);
  const answers = await answersOf(ctx, input.eventId, asked, input.answers);
  const clientPrice: ClientPrice = {
    amount: input.amount,
    pricePerTicket: input.pricePerTicket ?? 0,
    convenienceFee: input.convenienceFee,
  };
  const offered = await offerOfCaller(ctx, caller, input.eventId, asked, clientPrice, language, answers);
  if (offered) return offered;
  return withOfferEnding(ctx, caller, async () => {
    if (input.resale) return checkoutOfResale(ctx, caller, input.eventId, asked, clientPrice, answers);
    const { event, prePriced } = await admittedEvent(
      ctx,
      caller,
      { eventId: input.eventId, asked, clientPrice },
      queuePass,
    );
    const names = orderTicketNames(input.ticketNames);
    return placeOrder(
      ctx,
      caller,
      event,
      { ...asked, clientPrice, ticketNames: names, language, prePriced, answers },
      buyerTaxOf(input),
    );
  });
}

/** POST /tickets: the booking path prices the order itself and starts the same checkout. */
export async function startBooking(
  ctx: AppContext,
  caller: UserRow,
  input: Omit<ClientOrder, 'amount' | 'eventId' | 'ticketNames' | 'pricePerTicket'>,
  queuePass?: string,
  language: Language = 'en',
): Promise<CheckoutOrder> {
  const asked = askedOf(input);
  const answers = await answersOf(ctx, undefined, asked, input.answers);
  const offered = await offerOfCaller(ctx, caller, undefined, asked, null, language, answers);
  if (offered) return offered;
  return withOfferEnding(ctx, caller, async () => {
    const { event, prePriced } = await admittedEvent(ctx, caller, { asked, clientPrice: null }, queuePass);
    return placeOrder(
      ctx,
      caller,
      event,
      { ...asked, clientPrice: null, ticketNames: null, language, prePriced, answers },
      buyerTaxOf(input),
    );
  });
}

/**
 * The buyer's answers, judged before anything is held or charged (refused per question), as the JSON the hold
 * writes on its order; null when the order is asked nothing. Judged on the event this instance knows; an order
 * for another event is refused as ever by the admission below.
 */
async function answersOf(
  ctx: AppContext,
  eventId: string | undefined,
  asked: Asked,
  answers: CheckoutAnswer[] | undefined,
): Promise<string | null> {
  const event = await currentEvent(ctx);
  if (!event || (eventId !== undefined && event.id !== eventId)) return null;
  // A draft or a night called off is refused for itself below, whatever was answered.
  if (!event.published_at || event.status === 'called-off') return null;
  return judgedAnswers(ctx.db, event.id, asked, answers);
}

/** The buyer's GST details (validated by the route's schema), or null when none were given. */
function buyerTaxOf(
  input: Pick<ClientOrder, 'buyerGstin' | 'buyerLegalName' | 'buyerAddress'>,
): BuyerTax | null {
  const buyer = {
    gstin: input.buyerGstin ?? null,
    legalName: input.buyerLegalName ?? null,
    address: input.buyerAddress ?? null,
  };
  return buyer.gstin || buyer.legalName || buyer.address ? buyer : null;
}

/**
 * A person holding a waitlist offer is sold it through either checkout path (offer-sale.ts); no waiting-room pass
 * is asked for, the offer is the admission. Looked for only when this instance's figure does not show seats to
 * spare (inventory-hint.ts): offers are made only when seats are short, so the usual checkout pays no statement
 * for it. A person whose offer stands while seats are on open sale again may buy those as anyone may.
 */
async function offerOfCaller(
  ctx: AppContext,
  caller: UserRow,
  eventId: string | undefined,
  asked: Asked,
  clientPrice: ClientPrice | null,
  language: Language,
  answers: string | null,
): Promise<CheckoutOrder | undefined> {
  const event = await currentEvent(ctx);
  if (!event || (eventId !== undefined && event.id !== eventId)) return undefined;
  if (roomToSpare(ctx, event.id, asked.quantity)) return undefined;
  return checkoutThroughOffer(ctx, caller, event.id, asked, clientPrice, language, answers);
}

interface Wanted {
  /** Absent on the booking path, which buys from whatever event is on sale. */
  eventId?: string;
  asked: Asked;
  /** The client's price (create-order); null on the booking path. */
  clientPrice: ClientPrice | null;
}

interface Admitted {
  event: EventRow;
  prePriced: Checkout['prePriced'];
}

// Refusals judged on the instance's copy of the event that an edit on another instance could have made wrong.
const CONFIRMED_ON_THE_ROW = new Set([
  'EVENT_NOT_FOUND',
  'EVENT_NOT_PUBLISHED',
  'SALES_NOT_OPEN',
  'PRICE_CHANGED',
]);

/**
 * The event this checkout may go ahead on, judged on this instance's copy (modules/event/current-event.ts).
 * The copy may predate an edit made on another instance within the last second, so a refusal is confirmed on
 * the row itself before it is answered; an acceptance needs no confirmation, because price and stock are
 * judged again under the event lock before anything is held.
 */
async function admittedEvent(
  ctx: AppContext,
  caller: UserRow,
  wanted: Wanted,
  queuePass: string | undefined,
): Promise<Admitted> {
  try {
    return await admitToCheckout(ctx, caller, await currentEvent(ctx), wanted, queuePass);
  } catch (error) {
    if (!(error instanceof AppError) || !CONFIRMED_ON_THE_ROW.has(error.code)) throw error;
    return admitToCheckout(ctx, caller, await findCurrentEvent(ctx.db), wanted, queuePass);
  }
}

/**
 * The event exists, is the one asked for and is published, sales are open, the caller holds their own pass while the waiting
 * room is on; the spec's payload on a plain default type (no phases, capacity, limit, window or pause of its own)
 * is priced here by the event row, as before types, and the client's price checked against it: that amount lets
 * the Razorpay order go before the hold (checkout-placement.ts). An order of types without a code is priced here
 * too when its price cannot move before the lock (pre-priced.ts). Whether the default type is plain comes from the
 * instance's copy of the price list (sales-catalogue.ts), so it costs no statement; everything is judged again under
 * the event lock.
 */
async function admitToCheckout(
  ctx: AppContext,
  caller: UserRow,
  event: EventRow | undefined,
  wanted: Wanted,
  queuePass: string | undefined,
): Promise<Admitted> {
  if (!event || (wanted.eventId !== undefined && event.id !== wanted.eventId)) throw eventGone();
  requirePublished(event);
  requireSalesOpen(event, ctx.now());
  await requireQueuePass(ctx, caller, event, queuePass);
  const { asked, clientPrice } = wanted;
  if (asked.promoCode !== null) return { event, prePriced: null };
  if (asked.items !== null)
    return { event, prePriced: await prePricedItems(ctx, event, asked.items, clientPrice) };
  const catalogue = await catalogueFor(ctx, ctx.db, event, false);
  if (!catalogue.plainDefault) return { event, prePriced: null };
  const offered = quoteFor(event, asked.quantity);
  if (clientPrice && !matchesQuote(clientPrice, offered)) throw priceChanged(offered);
  const pricePaise = rupeesToPaise(offered.pricePerTicket);
  const fee = convenienceFee([{ pricePaise, quantity: asked.quantity }], catalogue.fee);
  const amountPaise = chargedPaise(pricePaise * asked.quantity, fee);
  return { event, prePriced: { amountPaise, people: asked.quantity } };
}

async function placeOrder(
  ctx: AppContext,
  caller: UserRow,
  event: EventRow,
  checkout: Checkout,
  buyerTax: BuyerTax | null,
): Promise<CheckoutOrder> {
  const placed = await placeCheckout(ctx, caller, event, checkout);
  const { order, razorpayOrderId, serverQuote } = placed;
  // Read only by the order's tax document, made after payment: written after the hold (the checkout's statements
  // stay as they are for the many buyers who give none) and before the buyer has the id to pay with.
  if (buyerTax && !placed.free) await recordBuyerTax(ctx.db, order.id, buyerTax);
  return {
    orderId: razorpayOrderId,
    amount: paiseToRupees(order.amount_paise),
    amountPaise: order.amount_paise,
    currency: CURRENCY,
    key: ctx.config.razorpay.keyId,
    quantity: order.quantity,
    pricePerTicket: serverQuote.pricePerTicket,
    pricingTier: serverQuote.pricingTier,
    total: paiseToRupees(order.amount_paise),
    holdExpiresAt: order.hold_expires_at,
    convenienceFee: paiseToRupees(order.convenience_fee_paise ?? 0),
    lines: placed.priced && placed.names ? orderLinesView(placed.priced, placed.names) : [],
    discount: paiseToRupees(order.discount_paise ?? 0),
    promoCode: checkout.promoCode && order.promo_code_id ? normaliseCode(checkout.promoCode) : null,
    free: placed.free,
  };
}

export interface VerifiedPurchase {
  orderId: string;
  tickets: TicketView[];
}

/**
 * POST /tickets/verify-payment. Replays and races with the webhook return the same tickets. The quantity
 * always comes from our order: a request naming another quantity is refused and issues nothing (the
 * payment, if real, is still honoured by the webhook or the reconciliation job).
 */
export async function verifyPayment(
  ctx: AppContext,
  caller: UserRow,
  input: VerifyPaymentInput,
): Promise<VerifiedPurchase> {
  const order = await findOrderByRazorpayId(ctx.db, input.razorpay_order_id);
  // Someone else's order looks exactly like a missing one.
  if (!order || order.user_id !== caller.id || !order.razorpay_order_id) {
    throw new AppError('ORDER_NOT_FOUND', 'Order not found');
  }
  // Signed over OUR stored order id: proves Razorpay's checkout saw this payment for this order.
  if (
    !verifyCheckoutSignature(
      order.razorpay_order_id,
      input.razorpay_payment_id,
      input.razorpay_signature,
      ctx.config.razorpay.keySecret,
    )
  ) {
    throw new AppError(
      'PAYMENT_NOT_VERIFIED',
      'Payment verification failed: the payment signature is not valid. No tickets were issued.',
    );
  }
  if (input.quantity !== undefined && input.quantity !== order.quantity) {
    throw new AppError(
      'BAD_REQUEST',
      `This order is for ${order.quantity} ticket${order.quantity === 1 ? '' : 's'}, not ${input.quantity}. No tickets were issued.`,
    );
  }
  // Replays of a settled payment answer from our rows, without asking Razorpay again.
  if (order.razorpay_payment_id === input.razorpay_payment_id) {
    if (order.status === 'paid') {
      return { orderId: order.razorpay_order_id, tickets: await findTicketsOfOrder(ctx.db, order.id) };
    }
    if (order.status === 'refunded') {
      throw await lateRefusal(
        ctx.db,
        order,
        order.razorpay_refund_id !== null || (await refundLatePayment(ctx, order)),
      );
    }
  }

  const payment = await capturedPaymentFor(ctx, order, input.razorpay_payment_id);
  // The row read above, not read again: fulfilment judges the order again in the database (on PostgreSQL a
  // webhook that settled it while Razorpay was asked makes its write match nothing; elsewhere under the locks).
  const result = await fulfilOrder(ctx, order, payment, 'verify');
  if (result.outcome === 'refunded') throw await lateRefusal(ctx.db, order, result.refundSent);
  const tickets =
    (result.outcome === 'issued' && result.tickets) || (await findTicketsOfOrder(ctx.db, order.id));
  return { orderId: order.razorpay_order_id, tickets };
}
