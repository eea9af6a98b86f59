import { normaliseCode } from '@utsav/domain/promo-codes';
import type { AppContext } from '../../platform/context';
import type { EventRow } from '../../platform/db/schema';
import type { SalesCounters } from '../../stores/ticket-types';
import { draftPricedHold } from './hold-draft';
import type { HoldFigures } from './hold-figures';
import { type HoldDraft, type HoldRequest, judgeHold, judgeTypeLines } from './hold-judgement';
import { type BatchLedger, type PricedHold, priceHold } from './hold-pricing';
import type { SalesSnapshot } from './sales-snapshot';

// One hold judged, the same for both engines and every path (a SQLite group commit, a PostgreSQL batch, a hold
// placed alone): priced on the upper bounds; if a limit it touches is within reach, priced again on the exact
// live holds (which the caller reads, synchronously or not, once per batch); then its rows drafted and the event's
// rules judged (the waitlist, the person's cap). Throws the buyer's refusal.

export interface Exact {
  /** The exact per type, phase and code when they were read ('sales'), else the snapshot's bounds. */
  counters: SalesCounters;
  /** People sold and in live holds, from one snapshot. */
  sold: number;
  held: number;
}

export type HoldStep = { exactNeeded: 'event' | 'sales' } | { draft: HoldDraft; left: number };

export function asked(request: HoldRequest) {
  return {
    userId: request.caller.id,
    quantity: request.checkout.quantity,
    items: request.checkout.items,
    promoCode: request.checkout.promoCode,
  };
}

/** The codes a batch names, normalised, each once. */
export function codesOf(requests: readonly HoldRequest[]): string[] {
  return [
    ...new Set(
      requests.flatMap((request) =>
        request.checkout.promoCode ? [normaliseCode(request.checkout.promoCode)] : [],
      ),
    ),
  ];
}

/**
 * `figures` as read for this buyer (people sold and held by the counters: upper bound); `ledger` what earlier
 * holds of the batch took; `exact` once read. Answers { exactNeeded } when the exact figures must be read first.
 */
export function judgePricedHold(
  ctx: AppContext,
  request: HoldRequest,
  event: EventRow | undefined,
  now: Date,
  snapshot: SalesSnapshot,
  figures: HoldFigures,
  ledger: BatchLedger,
  exact: Exact | undefined,
): HoldStep {
  const total = event?.total_tickets ?? 0;
  let priced: PricedHold;
  let left: number;
  if (exact) {
    priced = priceHold(asked(request), snapshot, exact.counters, { total, ...exact }, ledger, now, true);
    left = total - exact.sold - exact.held - ledger.people;
  } else {
    const bound = { total, sold: figures.sold, held: figures.heldAtMost };
    priced = priceHold(asked(request), snapshot, snapshot.counters, bound, ledger, now, false);
    if (priced.needsExact !== 'none') return { exactNeeded: priced.needsExact };
    left = total - figures.sold - figures.heldAtMost - ledger.people;
  }
  const draft = draftPricedHold(ctx, request, event, now, priced, request.language);
  judgeTypeLines(draft, figures);
  judgeHold(ctx, draft.order.event_id, draft.priced.people, left, figures, draft.priced.tickets);
  ledger.add(request.caller.id, draft.priced, draft.order.promo_code_id ?? null);
  return { draft, left };
}
