import type { OrderItem } from '@utsav/domain/order-lines';
import { fitsPersonLimit } from '@utsav/domain/person-limit';
import { paiseToRupees, rupeesToPaise } from '@utsav/domain/pricing';
import type { ClientPrice } from '@utsav/domain/purchase-schema';
import { RESALE_MESSAGES, resaleClosesAt, resaleOpen } from '@utsav/domain/resale';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { OrderRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { lockEvent } from '../../stores/events';
import { insertOrder } from '../../stores/orders';
import {
  claimListing,
  findAvailableListings,
  lastListingChangeWasWithdrawal,
  readResaleSettings,
} from '../../stores/resale';
import { findEventTypes } from '../../stores/ticket-types';
import { anyoneWaiting } from '../../stores/waitlist-line';
import { resaleHold } from '../resale/hold';
import { priceChanged } from './checkout-errors';
import { checkoutOfHeldOrder } from './offer-sale';
import { allowanceOf, personLimitRefusal } from './person-limit';
import type { CheckoutOrder } from './service';

// Resold tickets in the normal purchase dialog, marked "Resale": only while nobody waits in the waitlist (the line
// gets them first: waitlist/resale-offers.ts), of one type, at the listings' face value. Under the event lock, like
// the pass, the oldest available listings are claimed for a hold counting no people (resale/hold.ts), so capacity
// never moves; then the buyer pays that hold through the usual checkout and verify-payment (resale-sale.ts).
// A resold ticket counts against the buyer's per-person cap like any ticket they buy: judged here under the same
// event lock as a normal checkout's (hold-judgement.ts), on the same seats (their bought tickets and live holds,
// a resale hold counted by its quantity), so two checkouts of one person cannot both pass it.

export async function checkoutOfResale(
  ctx: AppContext,
  caller: UserRow,
  eventId: string,
  asked: { quantity: number; items: OrderItem[] | null },
  clientPrice: ClientPrice,
  answers: string | null = null,
): Promise<CheckoutOrder> {
  const now = ctx.now();
  const held = await transaction(ctx.db, async (trx): Promise<OrderRow> => {
    const event = await lockEvent(trx, eventId);
    if (!event) throw new AppError('EVENT_NOT_FOUND', msg('Event not found'));
    const settings = await readResaleSettings(trx);
    if (!settings.enabled) throw new AppError('RESALE_CLOSED', msg(RESALE_MESSAGES.off));
    const when = { date: event.date, startTime: event.start_time };
    if (!resaleOpen(when, settings, now)) {
      // Past the cut-off: say which rule and when it closed, not that resale is off.
      const hours = settings.closeHoursBefore;
      throw new AppError(
        'RESALE_CLOSED',
        msg(RESALE_MESSAGES.soldUntil, { when: resaleClosesAt(when, hours), hours }),
      );
    }
    const types = await findEventTypes(trx, event.id);
    const typeIds = new Set((asked.items ?? []).map((item) => item.ticketTypeId));
    const typeId = asked.items ? [...typeIds][0] : types.find((type) => type.isDefault)?.id;
    if (!typeId || typeIds.size > 1) throw noResale();
    if (await anyoneWaiting(trx, event.id)) throw noResale();
    const listings = (await findAvailableListings(trx, event.id, now, typeId)).slice(0, asked.quantity);
    if (listings.length < asked.quantity) {
      // The dialog offered a resold ticket and none is left: when the last thing to happen to the type's listings was
      // a seller taking one back, say so; otherwise (held by another checkout, sold) none is free right now.
      if (await lastListingChangeWasWithdrawal(trx, event.id, typeId)) {
        throw new AppError('RESALE_OFFER_WITHDRAWN', msg(RESALE_MESSAGES.withdrawnBeforeSale));
      }
      throw noResale();
    }
    const allowance = await allowanceOf(trx, ctx, caller.id, event.id, now);
    if (!fitsPersonLimit(allowance, listings.length)) throw personLimitRefusal(allowance);
    const order = resaleHold({
      userId: caller.id,
      eventId: event.id,
      listings,
      holdExpiresAt: new Date(now.getTime() + ctx.config.holdMinutes * 60_000).toISOString(),
      now,
    });
    if (rupeesToPaise(clientPrice.amount) !== order.amount_paise) {
      throw priceChanged({
        quantity: order.quantity,
        pricePerTicket: paiseToRupees(order.price_per_ticket_paise),
        total: paiseToRupees(order.amount_paise),
        pricingTier: 'Individual',
        saving: 0,
      });
    }
    await insertOrder(trx, { ...order, checkout_answers: answers });
    for (const listing of listings) {
      if (!(await claimListing(trx, listing, order.id, now))) {
        throw new Error(`resale listing ${listing.id} changed under the event lock`);
      }
    }
    return order;
  });
  return checkoutOfHeldOrder(ctx, caller, held);
}

function noResale(): AppError {
  return new AppError('SOLD_OUT', msg(RESALE_MESSAGES.noneAvailable));
}
