import { randomUUID } from 'node:crypto';
import type { AuditAction } from '@utsav/domain/audit-actions';
import { type ConvenienceFeeRule, chargedPaise, feeOfLines, ruleToText } from '@utsav/domain/convenience-fee';
import { orderQuote, type PricedOrder } from '@utsav/domain/order-lines';
import {
  offerExpiresAt,
  offerOutcome,
  waitlistClosedKey,
  waitlistClosesAt,
  waitlistOfferKey,
} from '@utsav/domain/waitlist';
import { planTypedOffers } from '@utsav/domain/waitlist-offers';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { OrderRow } from '../../platform/db/schema';
import type { OrderLineRow } from '../../platform/db/schema-sales';
import { enqueueOutboxOnce } from '../../platform/outbox/repo';
import { countTaken, findCurrentEvent, lockEvent } from '../../stores/events';
import { insertOrder } from '../../stores/orders';
import { feeRuleOfRow, findTaxSettingsRow } from '../../stores/tax-settings';
import { findEventTypes } from '../../stores/ticket-types';
import { heldOrder } from '../purchase/hold-judgement';
import { typesTaken } from './offer-figures';
import { findOffers, findWaiting, hasLivePlaces, insertOfferLines, moveEntry } from './repo';
import { offerListings } from './resale-offers';

// Seats back to the line. One pass, under the event lock (the same lock every hold takes, see
// purchase/service.ts for the inventory invariant):
//   1. offers whose hold was paid become 'bought'; those whose hold ended pass on ('expired');
//   2. free people = capacity - sold - live holds (other offers included), and what each ticket type and phase
//      has taken (offer-figures.ts), counted under the lock;
//   3. resold tickets go first, each place offered its quantity of its type's listings (resale-offers.ts);
//   4. each place waits for a type (the default type when it named none): it is offered its quantity of that
//      type when the type has the tickets and the event the people they admit, in line order, first fit
//      (@utsav/domain/waitlist-offers planTypedOffers), priced as a checkout of that type now. Each offer is an
//      ordinary hold inserted here with its lines: an orders row 'created' with no Razorpay id yet, ending when
//      the offer does. Its seats are counted by countTaken (and the type's counters) from this commit on, so no
//      checkout, no other offer and no other instance's pass can take them; 3 writes only what 2 counted free.
// Run at once after a commit that gave seats back, when a hold ends (offer-trigger.ts), and by the sweep on every
// instance; overlapping passes serialise on the lock (the once-only invariant: offer-trigger.ts).

/** Places looked at per pass: enough for every seat a cancellation wave returns. */
const LINE_BATCH = 500;

export interface OfferPassReport {
  offered: number;
  expired: number;
  bought: number;
}

export async function offerSeats(ctx: AppContext, eventId: string): Promise<OfferPassReport> {
  const report: OfferPassReport = { offered: 0, expired: 0, bought: 0 };
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, eventId);
    if (!event) return;
    for (const offer of await findOffers(trx, event.id)) {
      const outcome = offerOutcome({ status: offer.order_status, holdExpiresAt: offer.hold_expires_at }, now);
      if (outcome === 'offered') continue;
      if (await moveEntry(trx, offer.id, 'offered', outcome, now)) {
        report[outcome]++;
        await audit(trx, `waitlist.${outcome}`, offer.id, { orderId: offer.offer_order_id }, now);
      }
    }
    const closesAt = waitlistClosesAt({ date: event.date, startTime: event.start_time });
    if (now >= closesAt) return;
    const line = await findWaiting(trx, event.id, LINE_BATCH);
    const types = await findEventTypes(trx, event.id);
    const defaultType = types.find((type) => type.isDefault);
    if (!defaultType) throw new Error(`event ${event.id} has no default ticket type`);
    const expiresAt = offerExpiresAt(now, ctx.config.waitlistOfferMinutes, closesAt).toISOString();
    // Resold tickets first: their seats are the sellers' tickets, so they need no free capacity (resale-offers.ts).
    const resold = await offerListings(trx, event, line, defaultType.id, expiresAt, now);
    report.offered += resold.size;
    const available = event.total_tickets - (await countTaken(trx, event.id, now));
    if (available <= 0) return;
    const waiting = line.filter((entry) => !resold.has(entry.id));
    const planned = planTypedOffers(
      waiting.map((entry) => ({
        id: entry.id,
        quantity: entry.quantity,
        joinedAt: entry.joined_at,
        ticketTypeId: entry.ticket_type_id ?? defaultType.id,
      })),
      {
        now,
        peopleLeft: available,
        types: new Map(types.map((type) => [type.id, type])),
        taken: await typesTaken(trx, event.id, types, now),
      },
    );
    const byId = new Map(waiting.map((entry) => [entry.id, entry]));
    const listPrice = (typeId: string) => types.find((type) => type.id === typeId)?.pricePaise ?? 0;
    // An offer is a sale of the price list like a checkout: it carries the convenience fee a checkout would.
    const feeRule = feeRuleOfRow(await findTaxSettingsRow(trx));
    for (const offer of planned) {
      const entry = byId.get(offer.id)!;
      const { order, lines } = offerHold(
        event.id,
        entry.user_id,
        offer.order,
        listPrice,
        expiresAt,
        now,
        feeRule,
      );
      await insertOrder(trx, order);
      await insertOfferLines(trx, lines);
      if (!(await moveEntry(trx, entry.id, 'waiting', 'offered', now, { orderId: order.id }))) {
        throw new Error(`waitlist entry ${entry.id} changed under the event lock`);
      }
      await audit(trx, 'waitlist.offered', entry.id, { orderId: order.id, quantity: entry.quantity }, now);
      await enqueueOutboxOnce(
        trx,
        waitlistOfferKey(entry.id, order.id),
        'waitlist-offer',
        { entryId: entry.id },
        now,
      );
      report.offered++;
    }
  });
  return report;
}

/**
 * The hold behind an offer: an order of the place's type priced now as a checkout of it would be (its phase, the
 * group price from 4), with its lines, so its tickets are issued at that type and price (fulfilment.ts) and the
 * type's and phase's counters count it from this commit on.
 */
function offerHold(
  eventId: string,
  userId: string,
  priced: PricedOrder,
  listPrice: (typeId: string) => number,
  holdExpiresAt: string,
  now: Date,
  feeRule: ConvenienceFeeRule | null,
): { order: OrderRow; lines: OrderLineRow[] } {
  const fee = feeOfLines(priced.lines, feeRule);
  const base = heldOrder({
    id: randomUUID(),
    razorpayOrderId: null,
    userId,
    eventId,
    quantity: priced.tickets,
    quote: orderQuote(priced, listPrice),
    holdExpiresAt,
    ticketNames: null,
    now,
  });
  const order: OrderRow = {
    ...base,
    amount_paise: chargedPaise(priced.totalPaise, fee),
    convenience_fee_paise: fee.onTopPaise > 0 ? fee.onTopPaise : null,
    convenience_fee_rule: fee.onTopPaise > 0 && feeRule ? ruleToText(feeRule) : null,
    price_per_ticket_paise: Math.round(priced.totalPaise / Math.max(1, priced.tickets)),
    people: priced.people,
    promo_code_id: null,
    discount_paise: priced.discountPaise,
  };
  const lines = priced.lines.map(
    (line, index): OrderLineRow => ({
      order_id: order.id,
      line_no: index + 1,
      event_id: eventId,
      ticket_type_id: line.ticketTypeId,
      phase_id: line.phaseId,
      promo_code_id: null,
      quantity: line.quantity,
      admits: line.admits,
      unit_price_paise: line.unitPricePaise,
      discount_per_ticket_paise: line.discountPerTicketPaise,
      code_uses: 0,
      group_price: line.group ? 1 : 0,
    }),
  );
  return { order, lines };
}

async function audit(
  db: Db,
  action: AuditAction,
  entryId: string,
  data: Record<string, unknown>,
  now: Date,
): Promise<void> {
  await recordAudit(db, { actorUserId: null, action, entity: 'waitlist', entityId: entryId, data }, now);
}

/**
 * Once the line has closed (the event started), each person still waiting is told once that no seat came
 * back for them, and their place ends. The outbox key makes the mail once per person across instances.
 */
export async function closeLine(ctx: AppContext, eventId: string): Promise<number> {
  const now = ctx.now();
  return transaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, eventId);
    if (!event || now < waitlistClosesAt({ date: event.date, startTime: event.start_time })) return 0;
    let closed = 0;
    for (const entry of await findWaiting(trx, event.id, LINE_BATCH)) {
      if (!(await moveEntry(trx, entry.id, 'waiting', 'closed', now))) continue;
      await enqueueOutboxOnce(
        trx,
        waitlistClosedKey(event.id, entry.user_id),
        'waitlist-closed',
        { entryId: entry.id },
        now,
      );
      closed++;
    }
    return closed;
  });
}

export interface WaitlistSweepReport extends OfferPassReport {
  closed: number;
  /** The event swept, when it has a live place. */
  eventId?: string;
}

/** The job's pass over the current event: offers first (settling the old ones), then the closing mails. */
export async function sweepWaitlist(ctx: AppContext): Promise<WaitlistSweepReport> {
  const event = await findCurrentEvent(ctx.db);
  // Most of the time nobody is in line: no lock, no write transaction.
  if (!event || !(await hasLivePlaces(ctx.db, event.id)))
    return { offered: 0, expired: 0, bought: 0, closed: 0 };
  const offers = await offerSeats(ctx, event.id);
  return { ...offers, closed: await closeLine(ctx, event.id), eventId: event.id };
}
