import { CURRENCY } from '@utsav/domain/constants';
import type { Language } from '@utsav/domain/languages';
import type { OrderItem } from '@utsav/domain/order-lines';
import { paiseToRupees, type Quote, rupeesToPaise } from '@utsav/domain/pricing';
import type { ClientPrice } from '@utsav/domain/purchase-schema';
import { typeName } from '@utsav/domain/ticket-types';
import type { AppContext } from '../../platform/context';
import type { OrderRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { findOrderById, setRazorpayOrderId } from '../../stores/orders';
import { findEventTypes } from '../../stores/ticket-types';
import { findLiveOffer, type LiveOffer } from '../../stores/waitlist-line';
import { recordOfferAnswers } from '../checkout-questions/service';
import { currentEvent } from '../event/current-event';
import { withdrawnOfferRefusal } from '../resale/offer-withdrawn';
import { priceChanged } from './checkout-errors';
import type { CheckoutOrder } from './service';

// A waitlist offer is an ordinary hold made for one person (waitlist/offers.ts). Whichever checkout that person
// opens (the spec's create-order or POST /tickets, the waitlist's own checkout), they are sold that hold: the same
// order, seats, price and expiry. Asking for no more than the offer, of its type, is answered with the offer
// (its quantity and amount: the offer is sold whole, as it was held); asking for more, or for another type, is
// refused with a message that names the offer, since nothing else is on sale to anyone while people wait.

/** What the buyer asked for at checkout, as service.ts reads it. */
export interface AskedOfOffer {
  quantity: number;
  items: OrderItem[] | null;
}

/**
 * The checkout of the caller's live offer, when they hold one and asked for what it covers; undefined when they
 * hold none. Throws WAITLIST_OFFER_LIMIT when they asked for more than the offer, PRICE_CHANGED when the client's
 * price for exactly the offer is not the offer's.
 */
export async function checkoutThroughOffer(
  ctx: AppContext,
  caller: UserRow,
  eventId: string,
  asked: AskedOfOffer,
  clientPrice: ClientPrice | null,
  language: Language,
  answers: string | null = null,
): Promise<CheckoutOrder | undefined> {
  const offer = await findLiveOffer(ctx.db, eventId, caller.id, ctx.now());
  if (!offer) return undefined;
  const types = await findEventTypes(ctx.db, eventId);
  const offeredType = types.find((type) =>
    offer.ticketTypeId === null ? type.isDefault : type.id === offer.ticketTypeId,
  );
  const otherType = (asked.items ?? []).some((item) => item.ticketTypeId !== offeredType?.id);
  if (asked.quantity > offer.quantity || otherType) {
    throw offerLimit(offer, offeredType ? typeName(offeredType, language) : '');
  }
  if (clientPrice && asked.quantity === offer.quantity) {
    // The client's amount is the tickets; the offer's hold charges its convenience fee on top (waitlist/offers.ts).
    const feePaise = offer.order.convenience_fee_paise ?? 0;
    const shownFee = clientPrice.convenienceFee;
    if (
      rupeesToPaise(clientPrice.amount) !== offer.order.amount_paise - feePaise ||
      (shownFee !== undefined && rupeesToPaise(shownFee) !== feePaise)
    ) {
      throw priceChanged({
        quantity: offer.quantity,
        pricePerTicket: paiseToRupees(offer.order.price_per_ticket_paise),
        total: paiseToRupees(offer.order.amount_paise - feePaise),
        pricingTier: offer.order.pricing_tier as Quote['pricingTier'],
        saving: 0,
      });
    }
  }
  return checkoutOfOfferHold(ctx, caller, offer.order, answers);
}

/**
 * The checkout of an offer's hold with the buyer's judged answers (JSON, or null when asked nothing): the hold was
 * made before its buyer was asked anything, so the answers are written on it now, as every checkout of an offer does.
 */
export async function checkoutOfOfferHold(
  ctx: AppContext,
  caller: UserRow,
  order: OrderRow,
  answers: string | null,
): Promise<CheckoutOrder> {
  if (answers !== null) await recordOfferAnswers(ctx.db, order.id, answers);
  return checkoutOfHeldOrder(ctx, caller, order);
}

function offerLimit(offer: LiveOffer, type: string): AppError {
  return new AppError(
    'WAITLIST_OFFER_LIMIT',
    msg(
      'Your waitlist offer holds {{count}} tickets ({{type}}) for you until {{until, istDateTime}}. You can buy up to {{count}} through it; no more are on sale while people wait.',
      { count: offer.quantity, type, until: new Date(offer.order.hold_expires_at) },
    ),
  );
}

/**
 * The Razorpay order for a hold made before the person asked to pay (a waitlist offer), in create-order's shape,
 * so they pay through the usual checkout and verify-payment (or the webhook) issues the tickets. Opening it twice
 * gives the same order: the Razorpay id is stored by a conditional update, a second tab's is abandoned unpaid.
 */
export async function checkoutOfHeldOrder(
  ctx: AppContext,
  caller: UserRow,
  held: OrderRow,
): Promise<CheckoutOrder> {
  let order = held;
  if (!order.razorpay_order_id) {
    // Outside any transaction, like every provider call.
    const razorpayOrder = await ctx
      .razorpay()
      .createOrder({
        amount: order.amount_paise,
        currency: CURRENCY,
        receipt: order.id,
        notes: { orderId: order.id, eventId: order.event_id, userId: caller.id, quantity: order.quantity },
        payment_capture: true,
      })
      .catch((error: unknown) => {
        ctx.log.error({ err: error, orderId: held.id }, 'creating the Razorpay order of a held order failed');
        throw new AppError(
          'PAYMENT_PROVIDER_ERROR',
          'We could not start the payment right now. You have not been charged. Please try again in a moment.',
        );
      });
    await setRazorpayOrderId(ctx.db, order.id, razorpayOrder.id, ctx.now());
    order = (await findOrderById(ctx.db, order.id))!;
  }
  return {
    orderId: order.razorpay_order_id!,
    amount: paiseToRupees(order.amount_paise),
    amountPaise: order.amount_paise,
    currency: CURRENCY,
    key: ctx.config.razorpay.keyId,
    quantity: order.quantity,
    pricePerTicket: paiseToRupees(order.price_per_ticket_paise),
    pricingTier: order.pricing_tier,
    total: paiseToRupees(order.amount_paise),
    convenienceFee: paiseToRupees(order.convenience_fee_paise ?? 0),
    lines: [],
    discount: paiseToRupees(order.discount_paise ?? 0),
    promoCode: null,
    free: false,
    holdExpiresAt: order.hold_expires_at,
  };
}

/**
 * A checkout refused as sold out, asked by someone whose waitlist offer ended because its seller withdrew the
 * resold ticket, says that (RESALE_OFFER_WITHDRAWN), as the waitlist's own checkout does.
 */
export async function withOfferEnding(
  ctx: AppContext,
  caller: UserRow,
  checkout: () => Promise<CheckoutOrder>,
): Promise<CheckoutOrder> {
  try {
    return await checkout();
  } catch (error) {
    const soldOut =
      error instanceof AppError && (error.code === 'SOLD_OUT' || error.code === 'TICKET_TYPE_SOLD_OUT');
    if (!soldOut) throw error;
    const event = await currentEvent(ctx);
    throw (event && (await withdrawnOfferRefusal(ctx.db, event.id, caller.id))) || error;
  }
}
