import type { PromoCheckAnswer } from '@utsav/domain/api/promo-codes';
import type { Language } from '@utsav/domain/languages';
import type { OrderItem } from '@utsav/domain/order-lines';
import { priceOrder } from '@utsav/domain/order-lines';
import { orderLinesView } from '@utsav/domain/order-lines-view';
import { paiseToRupees } from '@utsav/domain/pricing';
import { isWellFormedCode, normaliseCode, PROMO_MESSAGES } from '@utsav/domain/promo-codes';
import { publicTicketType } from '@utsav/domain/ticket-type-view';
import { typeName } from '@utsav/domain/ticket-types';
import type { AppContext } from '../../platform/context';
import type { UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg, renderMessage } from '../../platform/i18n/messages';
import { countInventory, findCurrentEvent } from '../../stores/events';
import { codeRuleOf, findCodeByText, personCodeUses, personTypeTickets } from '../../stores/promo-codes';
import { findEventTypes, findSalesCounters, takenOf } from '../../stores/ticket-types';
import { codeRefusalText, typeRefusalError } from '../ticket-types/refusals';

// POST /promo-codes/check: the purchase dialog's answer as the guest types a code. The chosen tickets are priced
// with the code exactly as the checkout would price them now (the same rules, on the same figures), but nothing
// is reserved: the checkout judges again under the event lock. Rate-limited per person (routes.ts), and a wrong
// code reads like an inactive or another event's one, so codes cannot be found by trying.

export async function checkPromoCode(
  ctx: AppContext,
  caller: UserRow,
  input: { code: string; items: OrderItem[] },
  language: Language,
): Promise<Omit<PromoCheckAnswer, 'success'>> {
  const event = await findCurrentEvent(ctx.db);
  if (!event) throw new AppError('EVENT_NOT_FOUND', 'This event is not on sale. Please reload the page.');
  const now = ctx.now();
  const text = normaliseCode(input.code);
  const [types, counters, inventory, personTaken, row] = await Promise.all([
    findEventTypes(ctx.db, event.id),
    findSalesCounters(ctx.db, event.id),
    countInventory(ctx.db, event.id, now),
    personTypeTickets(ctx.db, event.id, caller.id, now),
    isWellFormedCode(text) ? findCodeByText(ctx.db, event.id, text) : Promise.resolve(undefined),
  ]);
  const rule = row ? codeRuleOf(row) : undefined;
  const codeCount = rule ? counters.code.get(rule.id) : undefined;
  const uses = {
    total: (codeCount?.sold ?? 0) + (codeCount?.heldAtMost ?? 0),
    person: rule ? await personCodeUses(ctx.db, rule.id, caller.id, now) : 0,
  };
  const byId = new Map(types.map((type) => [type.id, type]));
  const taken = new Map(types.map((type) => [type.id, takenOf(counters, type)]));
  const peopleLeft = Math.max(0, event.total_tickets - inventory.sold - inventory.held);
  const result = priceOrder(input.items, {
    now,
    peopleLeft,
    types: byId,
    taken,
    personTaken,
    code: { rule, uses },
  });
  if (!result.ok) throw typeRefusalError(result.refusal, language);
  const { order } = result;
  const outcome = order.code!;
  const message =
    outcome.refusal !== null
      ? codeRefusalText(outcome.refusal, outcome.minQuantity)
      : outcome.partial
        ? msg(PROMO_MESSAGES.partly, { count: outcome.uses })
        : rule?.kind === 'unlock'
          ? PROMO_MESSAGES.unlocked
          : PROMO_MESSAGES.applied;
  return {
    valid: outcome.refusal === null,
    message: renderMessage(message, language),
    lines: orderLinesView(order, (id) => typeName(byId.get(id)!, language)),
    discount: paiseToRupees(order.discountPaise),
    total: paiseToRupees(order.totalPaise),
    unlockedTypes: outcome.revealed
      .map((id) => byId.get(id)!)
      .filter((type) => !type.archived)
      .map((type) => publicTicketType(type, taken.get(type.id)!, { now, peopleLeft, language })),
  };
}
