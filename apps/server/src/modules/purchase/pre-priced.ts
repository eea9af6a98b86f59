import { chargedPaise, feeOfLines } from '@utsav/domain/convenience-fee';
import type { OrderItem } from '@utsav/domain/order-lines';
import { prePriceOrder } from '@utsav/domain/pre-pricing';
import { rupeesToPaise } from '@utsav/domain/pricing';
import type { ClientPrice } from '@utsav/domain/purchase-schema';
import type { AppContext } from '../../platform/context';
import type { EventRow } from '../../platform/db/schema';
import type { Checkout } from './hold-judgement';
import { HINT_LIFETIME_MS, recentlyCounted, ticketsToSpare } from './inventory-hint';
import { catalogueFor } from './sales-catalogue';

// An order of ticket types (without a code) priced before the lock, so that it too can go to Razorpay first and
// be held in one write (checkout-placement.ts). Before this, every such order went hold first: a second write per
// hold to store its Razorpay id, most of what a typed hold cost beyond a single-price one (bench/RESULTS.md).
// Priced on this instance's copy of the price list and the counters its last hold read (inventory-hint.ts); only
// when nothing those counters could have missed since would change the price (@utsav/domain/pre-pricing). No
// statement is read for it; the hold is priced and judged again under the event lock either way.

/** The amount and people of an order of types, or null: the hold goes first and the lock prices it. */
export async function prePricedItems(
  ctx: AppContext,
  event: EventRow,
  items: readonly OrderItem[],
  clientPrice: ClientPrice | null,
): Promise<Checkout['prePriced']> {
  const counted = recentlyCounted(ctx, event.id);
  const catalogue = await catalogueFor(ctx, ctx.db, event, false);
  const order = prePriceOrder(items, {
    now: ctx.now(),
    types: catalogue.byId,
    counted: (scope, id) => counted?.(scope, id),
    spare: ticketsToSpare(ctx, event.id),
    settleMs: HINT_LIFETIME_MS,
  });
  if (!order) return null;
  // A client showing another price is answered by the lock (PRICE_CHANGED with the lines), never by this copy.
  if (clientPrice && rupeesToPaise(clientPrice.amount) !== order.totalPaise) return null;
  // Razorpay is asked for what the hold will charge: the tickets and the fee on top (hold-draft.ts).
  return {
    amountPaise: chargedPaise(order.totalPaise, feeOfLines(order.lines, catalogue.fee)),
    people: order.people,
  };
}
