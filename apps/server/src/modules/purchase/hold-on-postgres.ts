import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { EventRow } from '../../platform/db/schema';
import { lockEvent } from '../../stores/events';
import { eventGone } from './checkout-errors';
import { insertHoldsWithAudits } from './hold-batch-insert';
import { findBatchFigures, type HoldFigures, liveHeldOf, liveHeldQuery } from './hold-figures';
import type { Held, HoldDraft, HoldRequest } from './hold-judgement';
import { asked, codesOf, type Exact, judgePricedHold } from './hold-priced-judgement';
import { BatchLedger, figureNeeds, snapshotOf } from './hold-pricing';
import { rememberSales } from './inventory-hint';
import { catalogueFor, loadCodes } from './sales-catalogue';
import { eitherNeeds, NO_NEEDS, readExact, type SalesSnapshot } from './sales-snapshot';

// The hold on PostgreSQL, where the event row's lock is shared by every instance: what bounds holds is how long
// each transaction keeps it, i.e. its round trips while it holds it, each a wait for this busy event loop
// (bench/RESULTS.md). So the holds of one event that arrive while this instance waits for the lock (behind its
// previous batch, below) are placed together: the lock, one statement reading the event's figures and every
// buyer's seats (and the counters of types, phases and codes and each buyer's own when a limit needs them), the
// judgement of each hold in arrival order in JavaScript (each on what the ones before it in the batch took: people,
// tickets of each type and phase, code uses, the person's cap and limits), one statement writing the accepted
// holds, their lines and their audit rows, and the commit. A refusal answers only its buyer. If the writing statement fails (which no judged hold should
// make it do), each hold of the batch is placed again on its own (placeAlone), so one bad hold fails alone.
// The same hold on SQLite: hold-on-sqlite.ts holdOnSqlite (figures: sales-snapshot.ts salesFigureColumns).

interface Waiting {
  request: HoldRequest;
  resolve: (held: Held) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  waiting: Waiting[];
  /**
   * A batch has begun its transaction and asked for the event lock but not yet taken its holds: arrivals join it.
   * At most one; it may wait (in PostgreSQL) while the batch before it writes and commits.
   */
  pending: boolean;
}

type Outcome = { held: Held } | { error: unknown };

const queues = new WeakMap<AppContext, Map<string, Queue>>();

// The batches overlap by one step: while a batch writes and commits under the lock, the next one (if anyone
// waits) has already begun its transaction and asked for the lock, so PostgreSQL grants it the moment the first
// commits. The next batch's `begin` and lock are then no longer two turnarounds of this event loop between two
// batches' work under the lock (bench/history/purchase.md: holds waited in batches of ~30 of the 64 buyers,
// the batches one after the other). The lock still admits one batch at a time, and each takes the holds waiting
// when it gets the lock, so arrival order and the judgement on fresh figures are as before.

export function holdOnPostgres(ctx: AppContext, request: HoldRequest): Promise<Held> {
  let byEvent = queues.get(ctx);
  if (!byEvent) {
    byEvent = new Map();
    queues.set(ctx, byEvent);
  }
  let queue = byEvent.get(request.eventId);
  if (!queue) {
    queue = { waiting: [], pending: false };
    byEvent.set(request.eventId, queue);
  }
  const placed = new Promise<Held>((resolve, reject) => queue.waiting.push({ request, resolve, reject }));
  if (!queue.pending) startBatch(ctx, request.eventId, queue);
  return placed;
}

function startBatch(ctx: AppContext, eventId: string, queue: Queue): void {
  queue.pending = true;
  // After this turn's I/O callbacks: the requests read in this turn join the batch.
  setImmediate(() => {
    runBatch(ctx, eventId, queue).catch((error: unknown) => {
      // Not expected (every step answers its own errors); still, nobody may be left waiting, and the next hold
      // must start a batch again.
      ctx.log.error({ err: error }, 'placing a batch of holds failed');
      const stranded = queue.waiting;
      queue.waiting = [];
      queue.pending = false;
      for (const waiting of stranded) waiting.reject(error);
    });
  });
}

/** One batch: the holds waiting when the event lock is granted. */
async function runBatch(ctx: AppContext, eventId: string, queue: Queue): Promise<void> {
  let batch: Waiting[] = [];
  const take = (): Waiting[] => {
    batch = queue.waiting;
    queue.waiting = [];
    queue.pending = false;
    return batch;
  };
  let outcomes: Outcome[] | undefined;
  try {
    outcomes = await transaction(ctx.db, async (trx) => {
      const event = await lockEvent(trx, eventId);
      // Taken once the lock is ours: those who arrived while we waited for it come along; those who arrive from
      // now on start the next batch, which waits for this one's commit in PostgreSQL.
      take();
      return placeBatch(ctx, trx, batch, event, eventId);
    });
  } catch (error) {
    if (batch.length === 0) {
      // The lock or the transaction could not be had (the database is away): everyone waiting gets the error.
      for (const waiting of take()) waiting.reject(error);
      return;
    }
    // The batch wrote nothing (rolled back): each hold once more on its own, in arrival order, so a bad one fails
    // alone.
    for (const waiting of batch) await placeAlone(ctx, waiting).then(waiting.resolve, waiting.reject);
    return;
  }
  batch.forEach((waiting, index) => {
    const outcome = outcomes[index]!;
    if ('held' in outcome) waiting.resolve(outcome.held);
    else waiting.reject(outcome.error);
  });
}

/** One hold in a transaction of its own: a batch of one (after a batch that failed). */
async function placeAlone(ctx: AppContext, waiting: Waiting): Promise<Held> {
  const [outcome] = await transaction(ctx.db, async (trx) => {
    const event = await lockEvent(trx, waiting.request.eventId);
    return placeBatch(ctx, trx, [waiting], event, waiting.request.eventId);
  });
  if (!outcome || !('held' in outcome)) throw outcome?.error;
  return outcome.held;
}

/** Under the lock: the figures, each hold judged in arrival order, the accepted ones written in one statement. */
async function placeBatch(
  ctx: AppContext,
  trx: Db,
  batch: Waiting[],
  event: EventRow | undefined,
  eventId: string,
): Promise<Outcome[]> {
  const now = ctx.now();
  if (!event) return batch.map(() => ({ error: eventGone() }));
  const requests = batch.map(({ request }) => request);
  const buyers = [...new Set(requests.map((request) => request.caller.id))];
  // The price list: this instance's copy when it is of the locked row's version (sales-catalogue.ts), so a batch
  // normally reads nothing for it; then one statement for every buyer's figures, with the optional ones any hold
  // of the batch needs.
  const catalogue = await catalogueFor(ctx, trx, event, true);
  await loadCodes(trx, catalogue, codesOf(requests));
  const needs = requests.reduce(
    (all, request) => eitherNeeds(all, figureNeeds(catalogue, asked(request))),
    NO_NEEDS,
  );
  const figures = await findBatchFigures(trx, eventId, buyers, now, needs);
  const snapshot = snapshotOf(catalogue, figures);
  const ledger = new BatchLedger();
  const judged = await judgeInOrder(ctx, trx, requests, event, figures, snapshot, now, ledger);
  // What the next checkouts of this instance may be priced on before the lock (pre-priced.ts).
  if (needs.counters) rememberSales(ctx, eventId, { counters: snapshot.counters, took: ledger });
  const accepted = judged.filter((outcome): outcome is { draft: HoldDraft } => 'draft' in outcome);
  if (accepted.length > 0) {
    await insertHoldsWithAudits(
      trx,
      accepted.map((one) => one.draft.order),
      accepted.map((one) => one.draft.audit),
      accepted.flatMap((one) => one.draft.lines),
    );
  }
  return judged.map((outcome) => ('draft' in outcome ? { held: heldOf(outcome.draft) } : outcome));
}

function heldOf(draft: HoldDraft): Held {
  const { order, serverQuote, lines, priced, names } = draft;
  return { order, serverQuote, lines, priced, names };
}

/**
 * Each hold judged on the batch's figures plus what the holds before it in the batch took (the ledger: people,
 * tickets of each type and phase, uses of each code, each person's tickets), and the person's cap on their seats
 * plus what they took earlier in the batch.
 */
async function judgeInOrder(
  ctx: AppContext,
  trx: Db,
  requests: HoldRequest[],
  event: EventRow,
  figures: Map<string, HoldFigures>,
  snapshot: SalesSnapshot,
  now: Date,
  ledger: BatchLedger,
): Promise<({ draft: HoldDraft } | { error: unknown })[]> {
  // The exact live holds with the tickets sold, read in one snapshot only if a limit is within reach
  // (hold-bounds.ts), then kept for the rest of the batch: a live hold is paid without the event lock
  // (tickets/fulfilment.ts), moving tickets from held to sold, so the two are read together.
  let exact: Exact | undefined;
  const outcomes: ({ draft: HoldDraft } | { error: unknown })[] = [];
  for (const request of requests) {
    const base = figures.get(request.caller.id);
    if (!base) throw new Error(`no figures for buyer ${request.caller.id}`);
    const took = ledger.personType.get(request.caller.id);
    const own = took ? [...took.values()].reduce((sum, n) => sum + n, 0) : 0;
    const mine = { ...base, person: { ...base.person, held: base.person.held + own } };
    try {
      let step = judgePricedHold(ctx, request, event, now, snapshot, mine, ledger, exact);
      if ('exactNeeded' in step) {
        const nowIso = now.toISOString();
        const [live, counters] = await Promise.all([
          trx.executeQuery(liveHeldQuery(trx, event.id, nowIso)),
          // Kept for the rest of the batch: exact for the types, phases and codes too whenever any has a limit.
          step.exactNeeded === 'sales' || anyLimit(snapshot)
            ? readExact(trx, event.id, nowIso)
            : snapshot.counters,
        ]);
        exact = { counters, ...liveHeldOf(live) };
        step = judgePricedHold(ctx, request, event, now, snapshot, mine, ledger, exact);
      }
      if ('exactNeeded' in step) throw new Error('a hold judged on exact figures asked for them again');
      outcomes.push({ draft: step.draft });
    } catch (error) {
      outcomes.push({ error });
    }
  }
  return outcomes;
}

/** True when any type, phase or code of the batch has a limit of its own (not only the event's capacity). */
function anyLimit(snapshot: SalesSnapshot): boolean {
  return (
    snapshot.types.some(
      (type) => type.capacity !== null || type.phases.some((phase) => phase.quantity !== null),
    ) || [...snapshot.codes.values()].some((code) => code !== undefined && code.maxUses !== null)
  );
}
