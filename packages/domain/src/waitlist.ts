import { z } from 'zod';
import { quantitySchema } from './purchase-schema';
import { istInstant } from './time';

// The fair waitlist (docs/product.md#waitlist). When the event is sold out a guest joins the line for a number of
// seats; seats that come back (a cancellation, an expired hold, a raised capacity, a refunded late payment) go
// to the line, in order, as timed offers: the offered seats are held for that person exactly like a checkout's
// hold, so the inventory invariant (sold + live holds <= capacity) counts them, and everyone else is told
// SOLD_OUT. An offer not bought in time passes to the next in line. Server and web use these rules.

export const DEFAULT_WAITLIST_OFFER_MINUTES = 30;

/** What GET /waitlist/me answers; 'none' when the person has no place (never joined, or left). */
export const WAITLIST_STATUSES = ['waiting', 'offered', 'expired', 'bought', 'none'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/**
 * A place as stored. 'left' (the guest left the line) and 'closed' (the sale closed while they waited) end a
 * place like 'bought' and 'expired' do; only 'waiting' and 'offered' are live.
 */
export const WAITLIST_ENTRY_STATUSES = ['waiting', 'offered', 'expired', 'bought', 'left', 'closed'] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

export const LIVE_WAITLIST_STATUSES: readonly WaitlistEntryStatus[] = ['waiting', 'offered'];

/**
 * POST /waitlist: the quantity follows the same per-order cap as a checkout; `ticketTypeId` is the type the place
 * waits for (absent: the event's default type).
 */
export function joinWaitlistSchema(cap: number) {
  return z.object({
    quantity: quantitySchema(cap),
    ticketTypeId: z
      .string({ error: 'ticketTypeId is required' })
      .trim()
      .min(1, 'ticketTypeId is required')
      .max(128, 'ticketTypeId is required')
      .optional(),
  });
}

export type JoinWaitlistInput = z.infer<ReturnType<typeof joinWaitlistSchema>>;

/**
 * The sale, and with it the line, closes when the event starts (IST): nobody joins after that, no offer is made,
 * and those still waiting are told once that they did not get a seat.
 */
export function waitlistClosesAt(event: { date: string; startTime: string }): Date {
  return istInstant(event.date, event.startTime);
}

export type JoinRefusal =
  /** The line has closed: the event has started. */
  | 'closed'
  /** Seats are on sale and nobody waits: buy them instead. */
  | 'not-sold-out'
  /** The person already has a live place. */
  | 'already-in-line'
  /** The seats would take the person beyond MAX_TICKETS_PER_PERSON. */
  | 'person-limit';

export interface JoinFacts {
  now: Date;
  closesAt: Date;
  quantity: number;
  /** Tickets of the type the event's people leave for sale now: floor((capacity - sold - live holds) / admits). */
  available: number;
  /** Someone already waits in the event's line: seats that come back are theirs first, so newcomers join behind. */
  anyoneWaiting: boolean;
  /** Tickets of the type its own capacity leaves (sold and live holds taken off); null: it has none of its own. */
  typeLeft: number | null;
  /** Someone already waits in the type's own line: its tickets that come back are theirs first. */
  typeLineWaiting: boolean;
  alreadyInLine: boolean;
  /** How many more seats the per-person cap lets this person hold (see person-limit). */
  allowanceRemaining: number;
}

/** Whether the type has the tickets by its own capacity, nobody waiting for them first. */
function typeHasRoom(facts: JoinFacts): boolean {
  return !facts.typeLineWaiting && (facts.typeLeft === null || facts.typeLeft >= facts.quantity);
}

/** Whether the event's people are there for the tickets, nobody waiting for them first. */
function eventHasRoom(facts: JoinFacts): boolean {
  return !facts.anyoneWaiting && facts.available >= facts.quantity;
}

/** Why a person may not join the line now, or null. Checked in this order, so the first reason is the one told. */
export function joinRefusal(facts: JoinFacts): JoinRefusal | null {
  if (facts.now.getTime() >= facts.closesAt.getTime()) return 'closed';
  if (facts.alreadyInLine) return 'already-in-line';
  if (eventHasRoom(facts) && typeHasRoom(facts)) return 'not-sold-out';
  if (facts.quantity > facts.allowanceRemaining) return 'person-limit';
  return null;
}

/**
 * The line a place joins (docs/decisions/0717). The event's line when the event's people are short (or someone
 * already waits there): while it has anyone, every checkout is sold out. Else the type's own line, joined because
 * the type's capacity is sold out while the event still has people: it holds back that type's checkouts only, so
 * the other types stay on sale.
 */
export function lineJoined(
  facts: Pick<JoinFacts, 'available' | 'anyoneWaiting' | 'quantity'>,
): 'event' | 'type' {
  return eventHasRoom(facts as JoinFacts) ? 'type' : 'event';
}

/**
 * The types a guest may join the waitlist for now (the join form's choice): every type on sale when the event is
 * sold out, else those sold out on their own capacity (docs/decisions/0717). A paused or out-of-window type is not
 * waited for: it is not on sale at all.
 */
export function waitableTypes<T extends { soldOut: boolean; onSale: boolean }>(
  types: readonly T[],
  eventSoldOut: boolean,
): T[] {
  return types.filter((type) => type.onSale && (eventSoldOut || type.soldOut));
}

/** A place in line, in the order the line is served: who joined first, ties broken by id (stable everywhere). */
export interface PlaceInLine {
  id: string;
  quantity: number;
  /** ISO instant. */
  joinedAt: string;
}

export function lineOrder(a: PlaceInLine, b: PlaceInLine): number {
  if (a.joinedAt !== b.joinedAt) return a.joinedAt < b.joinedAt ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** When an offer made at `now` ends: the offer window, but never after the line closes. */
export function offerExpiresAt(now: Date, offerMinutes: number, closesAt: Date): Date {
  return new Date(Math.min(now.getTime() + offerMinutes * 60_000, closesAt.getTime()));
}

/** The order (hold) behind an offer, as far as its outcome goes. */
export interface OfferHold {
  status: 'created' | 'paid' | 'expired' | 'refunded' | 'failed' | 'cancelled';
  /** ISO instant. */
  holdExpiresAt: string;
}

/**
 * What became of an offer: bought once its order is paid; expired once its hold is no longer live (ran out,
 * or ended otherwise); still offered while the hold is live. A payment that arrives after the hold ran out is
 * a late payment like any other (tickets if seats remain, else a full refund) and then reads 'bought' or stays
 * 'expired' accordingly.
 */
export function offerOutcome(hold: OfferHold, now: Date): 'offered' | 'bought' | 'expired' {
  if (hold.status === 'paid') return 'bought';
  if (hold.status === 'created' && hold.holdExpiresAt > now.toISOString()) return 'offered';
  return 'expired';
}

/** The stored status as the API shows it ('left' is no place at all; 'closed' an expired one). */
export function publicStatus(status: WaitlistEntryStatus | null): WaitlistStatus {
  if (status === null || status === 'left') return 'none';
  if (status === 'closed') return 'expired';
  return status;
}

/** Whole minutes and seconds left of an offer, for the countdown ("12:05"); 0:00 once it has run out. */
export function offerCountdown(expiresAt: string, now: Date): string {
  const ms = Math.max(0, Date.parse(expiresAt) - now.getTime());
  const totalSeconds = Math.floor(ms / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** The outbox key of the "the sale has closed" mail: one per person and event, across instances and restarts. */
export function waitlistClosedKey(eventId: string, userId: string): string {
  return `waitlist-closed:${eventId}:${userId}`;
}

/** The outbox key of an offer's mail: one per offer. */
export function waitlistOfferKey(entryId: string, offerOrderId: string): string {
  return `waitlist-offer:${entryId}:${offerOrderId}`;
}
