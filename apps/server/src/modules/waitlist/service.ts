import { randomUUID } from 'node:crypto';
import type { WaitlistPlace } from '@utsav/domain/api/waitlist';
import type { CheckoutAnswer } from '@utsav/domain/checkout-answers';
import { paiseToRupees } from '@utsav/domain/pricing';
import { ticketsFittingPeople, typeTicketsLeft } from '@utsav/domain/ticket-types';
import {
  joinRefusal,
  lineJoined,
  offerOutcome,
  publicStatus,
  waitlistClosesAt,
} from '@utsav/domain/waitlist';
import { recordAudit } from '../../platform/audit/repo';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { EventRow, UserRow, WaitlistEntryRow } from '../../platform/db/schema';
import { AppError, validationError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { countTaken, findCurrentEvent, lockEvent } from '../../stores/events';
import { endHold, findOrderById } from '../../stores/orders';
import { findEventTypes, type StoredType } from '../../stores/ticket-types';
import { anyoneWaiting, typesWithLine } from '../../stores/waitlist-line';
import { judgedAnswers } from '../checkout-questions/service';
import { requirePublished } from '../event/current-event';
import { checkoutOfOfferHold } from '../purchase/offer-sale';
import { allowanceOf, personLimitRefusal } from '../purchase/person-limit';
import type { CheckoutOrder } from '../purchase/service';
import { withdrawnOfferRefusal } from '../resale/offer-withdrawn';
import { typesTaken } from './offer-figures';
import { findLatestEntry, findLiveEntry, insertEntry, leaveAllPlaces, moveEntry, positionOf } from './repo';

// The guest's side of the waitlist: join, see one's place or offer, leave, and pay for an offer. The rules are
// @utsav/domain/waitlist; offers themselves are made in offers.ts.

/**
 * POST /waitlist. Judged under the event lock, like a hold: two tabs joining at once get one place. The place waits
 * for a ticket type (the default type when none is named). It joins the event's line when the event's people are
 * sold out for that many tickets of it (a couple pass needs two people each): checkout is then refused to everyone
 * while anyone waits there (purchase/hold-judgement.ts). It joins the type's own line when only the type's capacity
 * is sold out: that holds back the type's checkouts alone (docs/decisions/0717).
 */
export async function joinWaitlist(
  ctx: AppContext,
  caller: UserRow,
  quantity: number,
  ticketTypeId?: string,
): Promise<{ position: number }> {
  const event = await currentEvent(ctx);
  requirePublished(event);
  const now = ctx.now();
  const entry = await transaction(ctx.db, async (trx) => {
    const locked = (await lockEvent(trx, event.id)) ?? event;
    const type = await typeToWaitFor(trx, locked.id, ticketTypeId);
    const allowance = await allowanceOf(trx, ctx, caller.id, locked.id, now);
    const peopleLeft = locked.total_tickets - (await countTaken(trx, locked.id, now));
    // The type's own tickets counted exactly (sold + live holds), as the offer pass counts them.
    const taken = (await typesTaken(trx, locked.id, [type], now)).get(type.id);
    const typeLeft = typeTicketsLeft(type, taken ?? { tickets: 0, phases: new Map() });
    const facts = {
      now,
      closesAt: closesAt(locked),
      quantity,
      available: ticketsFittingPeople(peopleLeft, type.admits),
      anyoneWaiting: await anyoneWaiting(trx, locked.id),
      typeLeft: Number.isFinite(typeLeft) ? typeLeft : null,
      typeLineWaiting: (await typesWithLine(trx, locked.id)).has(type.id),
      alreadyInLine: (await findLiveEntry(trx, locked.id, caller.id)) !== undefined,
      allowanceRemaining: allowance.remaining,
    };
    const refusal = joinRefusal(facts);
    if (refusal === 'closed') {
      throw new AppError('WAITLIST_CLOSED', msg('The waitlist has closed: the event has started.'));
    }
    if (refusal === 'already-in-line') {
      throw new AppError('ALREADY_ON_WAITLIST', msg('You are already on the waitlist.'));
    }
    if (refusal === 'not-sold-out') {
      throw new AppError(
        'NOT_SOLD_OUT',
        msg('Tickets are still on sale: you can buy them now instead of joining the waitlist.'),
      );
    }
    if (refusal === 'person-limit') throw personLimitRefusal(allowance);
    const stamp = now.toISOString();
    const row: WaitlistEntryRow = {
      id: randomUUID(),
      event_id: locked.id,
      ticket_type_id: type.id,
      type_line: lineJoined(facts) === 'type' ? 1 : 0,
      user_id: caller.id,
      quantity,
      status: 'waiting',
      joined_at: stamp,
      offer_order_id: null,
      offered_at: null,
      ended_at: null,
      updated_at: stamp,
    };
    await insertEntry(trx, row);
    await recordAudit(
      trx,
      {
        actorUserId: caller.id,
        action: 'waitlist.joined',
        entity: 'waitlist',
        entityId: row.id,
        data: { quantity, ticketTypeId: type.id, typeLine: row.type_line === 1 },
      },
      now,
    );
    return row;
  });
  // Seats may be free already (someone ahead could not use them): offer them now rather than on the next pass.
  await ctx.seatsReturned(event.id);
  return { position: await positionOf(ctx.db, entry) };
}

/** GET /waitlist/me: the person's latest place, read live (an offer past its end reads expired at once). */
export async function myWaitlist(ctx: AppContext, caller: UserRow): Promise<WaitlistPlace> {
  const none: WaitlistPlace = {
    status: 'none',
    position: null,
    quantity: 0,
    offerExpiresAt: null,
    closed: false,
    amount: null,
    offerTicketTypeId: null,
  };
  const event = await findCurrentEvent(ctx.db);
  if (!event) return none;
  const entry = await findLatestEntry(ctx.db, event.id, caller.id);
  if (!entry) return none;
  let status = publicStatus(entry.status);
  if (status === 'none') return none;
  const order = entry.offer_order_id ? await findOrderById(ctx.db, entry.offer_order_id) : undefined;
  // The job settles offers every pass; between passes the hold itself says what became of one.
  if (order && (status === 'offered' || status === 'expired')) {
    status = offerOutcome({ status: order.status, holdExpiresAt: order.hold_expires_at }, ctx.now());
  }
  return {
    status,
    position: status === 'waiting' ? await positionOf(ctx.db, entry) : null,
    quantity: entry.quantity,
    offerExpiresAt: status === 'offered' && order ? order.hold_expires_at : null,
    closed: entry.status === 'closed',
    amount: status === 'offered' && order ? paiseToRupees(order.amount_paise) : null,
    // The line's type; the event's main line is its default type's.
    offerTicketTypeId:
      status === 'offered'
        ? (entry.ticket_type_id ??
          (await findEventTypes(ctx.db, event.id)).find((type) => type.isDefault)?.id ??
          null)
        : null,
  };
}

/** DELETE /waitlist/me: leaves the line; an offer's seats go back at once, to the next person in line. */
export async function leaveWaitlist(ctx: AppContext, caller: UserRow): Promise<void> {
  const event = await currentEvent(ctx);
  const now = ctx.now();
  await transaction(ctx.db, async (trx) => {
    await lockEvent(trx, event.id);
    const entry = await findLiveEntry(trx, event.id, caller.id);
    if (!entry) throw notInLine();
    if (!(await moveEntry(trx, entry.id, entry.status, 'left', now))) throw notInLine();
    if (entry.offer_order_id) await endHold(trx, entry.offer_order_id, now);
    await recordAudit(
      trx,
      { actorUserId: caller.id, action: 'waitlist.left', entity: 'waitlist', entityId: entry.id },
      now,
    );
  });
  await ctx.seatsReturned(event.id);
}

/**
 * POST /waitlist/me/checkout: the Razorpay order for an offer's hold, in the same shape as create-order, so
 * the guest pays through the usual checkout and /tickets/verify-payment (or the webhook) issues the tickets.
 * No waiting-room pass is asked for: the offer is the admission. Opening it twice gives the same order.
 */
export async function checkoutOffer(
  ctx: AppContext,
  caller: UserRow,
  input: { answers?: CheckoutAnswer[] | undefined } = {},
): Promise<CheckoutOrder> {
  const event = await currentEvent(ctx);
  requirePublished(event);
  const entry = await findLiveEntry(ctx.db, event.id, caller.id);
  const order = entry?.offer_order_id ? await findOrderById(ctx.db, entry.offer_order_id) : undefined;
  if (
    !entry ||
    !order ||
    offerOutcome({ status: order.status, holdExpiresAt: order.hold_expires_at }, ctx.now()) !== 'offered'
  ) {
    // Not the hot path: asked only of someone whose offer is gone, to say why when a seller withdrew its listing.
    const withdrawn =
      entry?.status === 'waiting' ? await withdrawnOfferRefusal(ctx.db, event.id, caller.id) : null;
    if (withdrawn) throw withdrawn;
    throw new AppError(
      'NO_WAITLIST_OFFER',
      msg('You have no waitlist offer to buy right now. If you had one, it may have run out.'),
    );
  }
  // Judged against the offer's own tickets (its type, or the default type), as create-order judges an order's,
  // before the Razorpay order is opened: a refusal names each question and leaves the hold as it was.
  const asked = {
    quantity: order.quantity,
    items: entry.ticket_type_id ? [{ ticketTypeId: entry.ticket_type_id, quantity: order.quantity }] : null,
  };
  const answers = await judgedAnswers(ctx.db, event.id, asked, input.answers);
  return checkoutOfOfferHold(ctx, caller, order, answers);
}

async function currentEvent(ctx: AppContext): Promise<EventRow> {
  const event = await findCurrentEvent(ctx.db);
  if (!event) throw new AppError('EVENT_NOT_FOUND', 'This event is not on sale. Please reload the page.');
  return event;
}

function closesAt(event: EventRow): Date {
  return waitlistClosesAt({ date: event.date, startTime: event.start_time });
}

/** The type a place waits for: one the public can buy (not hidden, not archived), or the default type. */
async function typeToWaitFor(
  trx: Db,
  eventId: string,
  ticketTypeId: string | undefined,
): Promise<StoredType> {
  const types = await findEventTypes(trx, eventId);
  const type = types.find((candidate) =>
    ticketTypeId === undefined ? candidate.isDefault : candidate.id === ticketTypeId,
  );
  if (!type || type.hidden || type.archived) {
    throw validationError([{ field: 'ticketTypeId', message: 'This ticket type is not on sale.' }]);
  }
  return type;
}

function notInLine(): AppError {
  return new AppError('NOT_ON_WAITLIST', msg('You are not on the waitlist.'));
}

/**
 * A person whose account is being deleted leaves every line they are in, in the caller's transaction
 * (modules/admin/users-service.ts deleteUser, which releases an offer's hold with the person's other holds).
 */
export function leaveEveryLine(trx: Db, userId: string, now: Date): Promise<void> {
  return leaveAllPlaces(trx, userId, now);
}
