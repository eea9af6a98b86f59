import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { AuditLogTable, EventRow, OrderRow } from '../../platform/db/schema';
import { lockEvent } from '../../stores/events';
import { insertHoldsWithAudits } from './hold-batch-insert';
import { findBatchFigures, type HoldFigures, liveHeldOf, liveHeldQuery } from './hold-figures';
import { draftHold, type Held, type HoldDraft, type HoldRequest, judgeHold } from './hold-judgement';

// The hold on PostgreSQL, where the event row's lock is shared by every instance: what bounds holds is how long
// each transaction keeps it, i.e. its round trips while it holds it, each a wait for this busy event loop
// (bench/RESULTS.md). So the holds of one event that arrive while this instance waits for the lock (behind its
// previous batch, below) are placed together: the lock, one statement reading the event's figures and every
// buyer's seats, the judgement of each hold in arrival order in JavaScript (each on what the ones before it in
// the batch took: stock, the person's cap), one statement writing the accepted holds and their audit rows, and
// the commit. A refusal answers only its buyer. If the writing statement fails (which no judged hold should
// make it do), each hold of the batch is placed again on its own (placeAlone), so one bad hold fails alone.

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

export function holdOnPostgres(
  ctx: AppContext,
  request: HoldRequest,
  placeAlone: (request: HoldRequest) => Promise<Held>,
): Promise<Held> {
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
  if (!queue.pending) startBatch(ctx, request.eventId, queue, placeAlone);
  return placed;
}

function startBatch(
  ctx: AppContext,
  eventId: string,
  queue: Queue,
  placeAlone: (request: HoldRequest) => Promise<Held>,
): void {
  queue.pending = true;
  // After this turn's I/O callbacks: the requests read in this turn join the batch.
  setImmediate(() => {
    runBatch(ctx, eventId, queue, placeAlone).catch((error: unknown) => {
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
async function runBatch(
  ctx: AppContext,
  eventId: string,
  queue: Queue,
  placeAlone: (request: HoldRequest) => Promise<Held>,
): Promise<void> {
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
    for (const waiting of batch) await placeAlone(waiting.request).then(waiting.resolve, waiting.reject);
    return;
  }
  batch.forEach((waiting, index) => {
    const outcome = outcomes[index]!;
    if ('held' in outcome) waiting.resolve(outcome.held);
    else waiting.reject(outcome.error);
  });
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
  const drafted = batch.map(({ request }): HoldDraft | { error: unknown } => {
    try {
      return draftHold(ctx, request, event, now);
    } catch (error) {
      return { error };
    }
  });
  // Nothing to judge (the event is gone, or every price moved): no figures to read.
  if (drafted.every((draft) => 'error' in draft)) return drafted as Outcome[];
  const buyers = [...new Set(batch.map(({ request }) => request.caller.id))];
  const figures = await findBatchFigures(trx, eventId, buyers, now);
  const judged = await judgeInOrder(ctx, trx, batch, drafted, figures, now, event?.total_tickets ?? 0);
  const accepted = judged.filter(
    (outcome): outcome is { held: Held; audit: AuditLogTable } => 'held' in outcome,
  );
  if (accepted.length > 0) {
    await insertHoldsWithAudits(
      trx,
      accepted.map((one) => one.held.order),
      accepted.map((one) => one.audit),
    );
  }
  return judged.map((outcome) => ('held' in outcome ? { held: outcome.held } : outcome));
}

/** Each drafted hold judged on the batch's figures plus the seats the holds before it in the batch took. */
async function judgeInOrder(
  ctx: AppContext,
  trx: Parameters<typeof liveHeldQuery>[0],
  batch: Waiting[],
  drafted: (HoldDraft | { error: unknown })[],
  figures: Map<string, HoldFigures>,
  now: Date,
  total: number,
): Promise<({ held: Held; audit: AuditLogTable } | { error: unknown })[]> {
  let taken = 0;
  // The exact sum of live holds with the tickets sold, read in one snapshot only if the counter refuses a hold
  // (hold-figures.ts), then kept for the rest of the batch: a live hold is paid without the event lock
  // (fulfilment.ts), moving seats from held to sold, so the two are read together, never mixed with
  // the batch's earlier figures.
  let exact: { sold: number; held: number } | undefined;
  const personTook = new Map<string, number>();
  const outcomes: ({ held: Held; audit: AuditLogTable } | { error: unknown })[] = [];
  for (const [index, draft] of drafted.entries()) {
    if ('error' in draft) {
      outcomes.push(draft);
      continue;
    }
    const { quantity } = batch[index]!.request.checkout;
    const order: OrderRow = draft.order;
    const base = figures.get(order.user_id);
    if (!base) throw new Error(`no figures for buyer ${order.user_id}`);
    const own = personTook.get(order.user_id) ?? 0;
    const mine = { ...base, person: { ...base.person, held: base.person.held + own } };
    let left = total - base.sold - base.heldAtMost - taken;
    if (quantity > left) {
      exact ??= liveHeldOf(await trx.executeQuery(liveHeldQuery(trx, order.event_id, now.toISOString(), '')));
      left = total - exact.sold - exact.held - taken;
    }
    try {
      judgeHold(ctx, order.event_id, quantity, left, mine);
    } catch (error) {
      outcomes.push({ error });
      continue;
    }
    taken += quantity;
    personTook.set(order.user_id, own + quantity);
    outcomes.push({ held: { order, serverQuote: draft.serverQuote }, audit: draft.audit });
  }
  return outcomes;
}
