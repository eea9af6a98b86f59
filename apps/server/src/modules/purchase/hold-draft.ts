import { chargedPaise, feeOfLines, ruleToText } from '@utsav/domain/convenience-fee';
import type { Language } from '@utsav/domain/languages';
import { orderQuote, type PricedOrder } from '@utsav/domain/order-lines';
import { orderLinesView } from '@utsav/domain/order-lines-view';
import { paiseToRupees, type Quote, rupeesToPaise } from '@utsav/domain/pricing';
import { matchesQuote } from '@utsav/domain/purchase-schema';
import { typeName } from '@utsav/domain/ticket-types';
import { auditRow } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import type { EventRow, OrderRow } from '../../platform/db/schema';
import type { OrderLineRow } from '../../platform/db/schema-sales';
import type { AppError } from '../../platform/errors';
import { codeRefusalError, typeRefusalError } from '../ticket-types/refusals';
import { eventGone, priceChanged, soldOut } from './checkout-errors';
import { type HoldDraft, type HoldRequest, heldOrder } from './hold-judgement';
import type { PricedHold } from './hold-pricing';

// The rows a priced hold writes (its order, its lines, its audit row), or the refusal the buyer gets: the type's
// own (named, in their language), the code's, or PRICE_CHANGED when what the client showed is not what the server
// priced. The spec's payload (no items, no code) keeps the spec's refusals: SOLD_OUT with the seats left, and
// PRICE_CHANGED with the spec's figures.

export function draftPricedHold(
  ctx: AppContext,
  request: HoldRequest,
  event: EventRow | undefined,
  now: Date,
  priced: PricedHold,
  language: Language,
): HoldDraft {
  if (!event) throw eventGone();
  const { checkout, plan, caller } = request;
  const spec = checkout.items === null && checkout.promoCode === null;
  if (!priced.result.ok) {
    const { refusal } = priced.result;
    if (spec && refusal.kind === 'sold-out') throw soldOut(refusal.available);
    throw typeRefusalError(refusal, language);
  }
  const order = priced.result.order;
  if (order.code?.refusal) throw codeRefusalError(order.code.refusal, order.code.minQuantity);
  const listPrice = (id: string) => priced.types.get(id)?.pricePaise ?? 0;
  const serverQuote = orderQuote(order, listPrice);
  const nameOf = (id: string) => typeName(priced.types.get(id)!, language);
  const moved = () => (spec ? priceChanged(serverQuote) : linesChanged(order, serverQuote, nameOf));
  // The fee (nothing when the organiser charges none or absorbs it) is charged on top of the tickets.
  const fee = feeOfLines(order.lines, priced.fee);
  const chargedTotal = chargedPaise(order.totalPaise, fee);
  if (checkout.clientPrice) {
    const matches = spec
      ? matchesQuote(checkout.clientPrice, serverQuote)
      : rupeesToPaise(checkout.clientPrice.amount) === order.totalPaise;
    const shownFee = checkout.clientPrice.convenienceFee;
    if (!matches || (shownFee !== undefined && rupeesToPaise(shownFee) !== fee.onTopPaise)) throw moved();
  }
  // The Razorpay order made before the hold asks for another amount. A client's price was checked just above, so
  // this is the booking path, which showed none: the hold is written without that order (abandoned unpaid, its id
  // given to nobody) and gets one for its own amount after the commit (checkout-placement.ts).
  const razorpayOrderId =
    plan.amountPaise !== null && plan.amountPaise !== chargedTotal ? null : plan.razorpayOrderId;
  const codeId = priced.code && order.code?.refusal === null && order.code.uses > 0 ? priced.code.id : null;
  const base = heldOrder({
    id: plan.orderId,
    razorpayOrderId,
    userId: caller.id,
    eventId: event.id,
    quantity: order.tickets,
    quote: serverQuote,
    holdExpiresAt: new Date(now.getTime() + ctx.config.holdMinutes * 60_000).toISOString(),
    ticketNames: checkout.ticketNames ? JSON.stringify(checkout.ticketNames) : null,
    checkoutAnswers: checkout.answers ?? null,
    now,
  });
  const row: OrderRow = {
    ...base,
    amount_paise: chargedTotal,
    convenience_fee_paise: fee.onTopPaise > 0 ? fee.onTopPaise : null,
    convenience_fee_rule: fee.onTopPaise > 0 && priced.fee ? ruleToText(priced.fee) : null,
    price_per_ticket_paise: Math.round(order.totalPaise / Math.max(1, order.tickets)),
    people: order.people,
    promo_code_id: codeId,
    discount_paise: order.discountPaise,
  };
  const lines: OrderLineRow[] = order.lines.map((line, index) => ({
    order_id: row.id,
    line_no: index + 1,
    event_id: event.id,
    ticket_type_id: line.ticketTypeId,
    phase_id: line.phaseId,
    promo_code_id: line.codeUses > 0 ? codeId : null,
    quantity: line.quantity,
    admits: line.admits,
    unit_price_paise: line.unitPricePaise,
    discount_per_ticket_paise: line.discountPerTicketPaise,
    code_uses: line.codeUses,
    group_price: line.group ? 1 : 0,
  }));
  const audit = auditRow(
    {
      actorUserId: caller.id,
      action: 'order.created',
      entity: 'order',
      entityId: row.id,
      data: {
        quantity: order.tickets,
        amountPaise: chargedTotal,
        ...(fee.onTopPaise > 0 ? { convenienceFeePaise: fee.onTopPaise } : {}),
        ...(checkout.ticketNames ? { ticketNames: checkout.ticketNames } : {}),
        ...(codeId ? { promoCodeId: codeId, discountPaise: order.discountPaise } : {}),
      },
    },
    now,
  );
  return { order: row, lines, audit, serverQuote, priced: order, names: nameOf };
}

/** PRICE_CHANGED for an order of items: the server's lines, discount and total travel with the refusal. */
function linesChanged(order: PricedOrder, serverQuote: Quote, nameOf: (id: string) => string): AppError {
  const error = priceChanged(serverQuote);
  error.figures = {
    lines: orderLinesView(order, nameOf),
    discount: paiseToRupees(order.discountPaise),
    total: paiseToRupees(order.totalPaise),
  };
  return error;
}
