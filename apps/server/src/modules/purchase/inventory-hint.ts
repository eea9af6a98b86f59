import type { AppContext } from '../../platform/context';
import type { SalesCounters } from '../../stores/ticket-types';

// Which way round checkout-placement.ts places a checkout. Asking Razorpay first saves a write per hold, but a
// buyer then refused for stock has cost a provider call; when a crowd races for the last seats, that would be a
// provider call each (and, with the provider in this process, a pile-up of them). So each instance remembers
// how many seats its last hold transaction left, for a few seconds, and how many seats its checkouts now on
// their way to Razorpay will take. Razorpay goes first only while that leaves room to spare; near the end, or
// with no recent figure, the hold goes first and a refusal costs nothing. This decides an order of work only:
// stock is always judged under the event lock, whichever goes first. Likewise the counters of types and phases its
// last hold read (with what that batch took), so that an order of types far from every limit it touches can be
// priced before the lock (@utsav/domain/pre-pricing) and go to Razorpay first too.

const HINT_TTL_MS = 5000;
/** Seats to spare, beyond this instance's own checkouts in flight: other instances' checkouts, mostly. */
const TO_SPARE = 50;

interface EventHint {
  /** Seats free after the last hold transaction of this instance; undefined before the first. */
  left?: number;
  /** performance.now() of that figure: monotonic, unaffected by tests that freeze ctx.now(). */
  at: number;
  /** Seats of this instance's checkouts between the decision and their hold. */
  onTheirWay: number;
  /** The counters of types and phases the last hold that read them saw, what its batch took, and when. */
  sales?: SalesSeen & { at: number };
}

/** Counters as a hold transaction read them (upper bounds of the held), and the tickets its holds took since. */
export interface SalesSeen {
  counters: SalesCounters;
  took: { type: ReadonlyMap<string, number>; phase: ReadonlyMap<string, number> };
}

const hints = new WeakMap<AppContext, Map<string, EventHint>>();

function hintOf(ctx: AppContext, eventId: string): EventHint {
  let map = hints.get(ctx);
  if (!map) {
    map = new Map();
    hints.set(ctx, map);
  }
  let hint = map.get(eventId);
  if (!hint) {
    hint = { at: 0, onTheirWay: 0 };
    map.set(eventId, hint);
  }
  return hint;
}

/** What a hold transaction saw: seats still free after it (or before it, when it refused). */
export function rememberSeatsLeft(ctx: AppContext, eventId: string, left: number): void {
  const hint = hintOf(ctx, eventId);
  hint.left = left;
  hint.at = performance.now();
}

/** What a hold transaction that read the counters saw and took (kept by reference: neither changes after it). */
export function rememberSales(ctx: AppContext, eventId: string, seen: SalesSeen): void {
  hintOf(ctx, eventId).sales = { ...seen, at: performance.now() };
}

/** A type's or phase's counter as last seen plus what that transaction took; undefined: none recent. */
export function recentlyCounted(
  ctx: AppContext,
  eventId: string,
): ((scope: 'type' | 'phase', id: string) => { sold: number; heldAtMost: number } | undefined) | undefined {
  const { sales } = hintOf(ctx, eventId);
  if (!sales) return undefined;
  const age = performance.now() - sales.at;
  if (age < 0 || age >= HINT_TTL_MS) return undefined;
  return (scope, id) => {
    const counted = sales.counters[scope].get(id);
    if (!counted) return undefined;
    return { sold: counted.sold, heldAtMost: counted.heldAtMost + (sales.took[scope].get(id) ?? 0) };
  };
}

/**
 * Tickets of any one type or phase that may have gone since its counter was read: this instance's checkouts on
 * their way (their people, at least their tickets), and the same spare as for seats (other instances').
 */
export function ticketsToSpare(ctx: AppContext, eventId: string): number {
  return hintOf(ctx, eventId).onTheirWay + TO_SPARE;
}

/** How recent a figure must be for a checkout to go to Razorpay first (also: how far a price-changing date must be). */
export const HINT_LIFETIME_MS = HINT_TTL_MS;

/** True when a recent figure leaves room to spare for this checkout after those already on their way. */
export function roomToSpare(ctx: AppContext, eventId: string, quantity: number): boolean {
  const hint = hintOf(ctx, eventId);
  const age = performance.now() - hint.at;
  if (hint.left === undefined || age < 0 || age >= HINT_TTL_MS) return false;
  return hint.left - hint.onTheirWay >= quantity + TO_SPARE;
}

/** Counts this checkout's seats as on their way until the returned function is called (after its hold). */
export function providerCallOnItsWay(ctx: AppContext, eventId: string, quantity: number): () => void {
  const hint = hintOf(ctx, eventId);
  hint.onTheirWay += quantity;
  let done = false;
  return () => {
    if (done) return;
    done = true;
    hint.onTheirWay -= quantity;
  };
}
