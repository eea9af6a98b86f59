import { randomUUID } from 'node:crypto';
import {
  offerExpiresAt,
  offerOutcome,
  planOffers,
  waitlistClosedKey,
  waitlistClosesAt,
  waitlistOfferKey,
} from '@utsav/domain/waitlist';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { EventRow, OrderRow } from '../../platform/db/schema';
import { enqueueOutboxOnce } from '../../platform/outbox/repo';
import { countTaken, findCurrentEvent, lockEvent } from '../../stores/events';
import { insertOrder } from '../../stores/orders';
import { quoteFor } from '../purchase/checkout-errors';
import { heldOrder } from '../purchase/hold-judgement';
import { findOffers, findWaiting, hasLivePlaces, moveEntry } from './repo';

// Seats back to the line. One pass, under the event lock (the same lock every hold takes, see
// purchase/service.ts for the inventory invariant):
//   1. offers whose hold was paid become 'bought'; those whose hold ended pass on ('expired');
//   2. free seats = capacity - sold - live holds (other offers included), counted under the lock;
//   3. those seats go to the people waiting, in line order (@utsav/domain/waitlist planOffers), each offer
//      being an ordinary hold inserted here: an orders row 'created' with no Razorpay id yet, ending when
//      the offer does. Its seats are counted by countTaken from this commit on, so no checkout, no other
//      offer and no other instance's pass can take them; 3 writes only what step 2 counted as free.
// Run by the job on every instance and right after someone joins; overlapping passes serialise on the lock.

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
    const available = event.total_tickets - (await countTaken(trx, event.id, now));
    if (available <= 0) return;
    const waiting = await findWaiting(trx, event.id, LINE_BATCH);
    const chosen = new Set(
      planOffers(
        available,
        waiting.map((entry) => ({ id: entry.id, quantity: entry.quantity, joinedAt: entry.joined_at })),
      ),
    );
    const expiresAt = offerExpiresAt(now, ctx.config.waitlistOfferMinutes, closesAt).toISOString();
    for (const entry of waiting.filter((candidate) => chosen.has(candidate.id))) {
      const order = offerHold(event, entry.user_id, entry.quantity, expiresAt, now);
      await insertOrder(trx, order);
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

/** The hold behind an offer, priced now like a checkout of that many seats (no client price to compare). */
function offerHold(
  event: EventRow,
  userId: string,
  quantity: number,
  holdExpiresAt: string,
  now: Date,
): OrderRow {
  return heldOrder({
    id: randomUUID(),
    razorpayOrderId: null,
    userId,
    eventId: event.id,
    quantity,
    quote: quoteFor(event, quantity),
    holdExpiresAt,
    ticketNames: null,
    now,
  });
}

async function audit(
  db: Db,
  action: string,
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
