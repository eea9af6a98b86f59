import type { AppContext } from '../../platform/context';

// Which way round checkout-placement.ts places a checkout. Asking Razorpay first saves a write per hold, but a
// buyer then refused for stock has cost a provider call; when a crowd races for the last seats, that would be a
// provider call each (and, with the provider in this process, a pile-up of them). So each instance remembers
// how many seats its last hold transaction left, for a few seconds, and how many seats its checkouts now on
// their way to Razorpay will take. Razorpay goes first only while that leaves room to spare; near the end, or
// with no recent figure, the hold goes first and a refusal costs nothing. This decides an order of work only:
// stock is always judged under the event lock, whichever way round.

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
