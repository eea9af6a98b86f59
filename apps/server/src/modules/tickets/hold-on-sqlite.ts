import type { AppContext } from '../../platform/context';
import { compiledQueryOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import type { EventRow } from '../../platform/db/schema';
import { type SqliteNow, withSqliteFile } from '../../platform/db/sqlite-now';
import {
  auditInsert,
  figuresOf,
  holdFiguresQuery,
  liveHeldOf,
  liveHeldQuery,
  orderInsert,
} from './hold-figures';
import { draftHold, type Held, type HoldRequest, judgeHold, seatsLeftAtLeast } from './hold-judgement';

// The hold on the embedded SQLite file: statements run synchronously (sqlite-now.ts), and holds that arrive
// together share one transaction (group commit). Through Kysely a hold was seven statements, each awaited on
// the one connection, and a commit of its own: the transaction's promise turns and the commit cost more than
// SQLite's reads and writes (bench/RESULTS.md). Now the holds queued during one turn of the event loop are
// placed one after the other, in arrival order, in one `begin immediate ... commit`: each is judged on the rows
// as the holds before it in the batch left them (so the batch can never sell a seat twice), each inside a
// savepoint, so a refusal or a failure undoes only that hold's rows and answers only that buyer. Nobody gets an
// answer before the commit. SQLite allows one writer, and the whole batch runs in one synchronous stretch on
// the connection, so no other transaction can come between a judgement and its write (the event lock of
// PostgreSQL is not needed).

interface Waiting {
  request: HoldRequest;
  resolve: (held: Held) => void;
  reject: (error: unknown) => void;
}

interface Queue {
  waiting: Waiting[];
  /** True from the moment a batch is scheduled until it takes the queue. */
  scheduled: boolean;
}

const queues = new WeakMap<AppContext, Queue>();

export function holdOnSqlite(ctx: AppContext, request: HoldRequest): Promise<Held> {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = { waiting: [], scheduled: false };
    queues.set(ctx, queue);
  }
  const { promise, resolve, reject } = withResolvers<Held>();
  queue.waiting.push({ request, resolve, reject });
  if (!queue.scheduled) {
    queue.scheduled = true;
    // After this turn's other arrivals (setImmediate runs once the sockets' events of this turn are handled).
    setImmediate(() => placeBatch(ctx, queue));
  }
  return promise;
}

async function placeBatch(ctx: AppContext, queue: Queue): Promise<void> {
  let batch: Waiting[] = [];
  let outcomes: ({ held: Held } | { error: unknown })[];
  try {
    outcomes = await withSqliteFile(ctx.db, (sqlite) => {
      // Taken only now that the connection is ours: holds that arrived while it was busy join this batch.
      batch = queue.waiting;
      queue.waiting = [];
      queue.scheduled = false;
      return placeAll(ctx, sqlite, batch);
    });
  } catch (error) {
    // Begin or commit failed: nothing of the batch was written. Or the connection could not be had (the
    // database is closed): then the batch was never taken, and everyone waiting gets the error.
    if (batch.length === 0) {
      batch = queue.waiting;
      queue.waiting = [];
      queue.scheduled = false;
    }
    for (const waiting of batch) waiting.reject(error);
    return;
  }
  batch.forEach((waiting, index) => {
    const outcome = outcomes[index]!;
    if ('held' in outcome) waiting.resolve(outcome.held);
    else waiting.reject(outcome.error);
  });
}

function placeAll(
  ctx: AppContext,
  sqlite: SqliteNow,
  batch: Waiting[],
): ({ held: Held } | { error: unknown })[] {
  sqlite.exec('begin immediate');
  const events = new Map<string, EventRow | undefined>();
  try {
    const outcomes = batch.map(({ request }) => {
      sqlite.exec('savepoint hold');
      try {
        const held = placeOne(ctx, sqlite, request, events);
        sqlite.exec('release hold');
        return { held };
      } catch (error) {
        sqlite.exec('rollback to hold');
        sqlite.exec('release hold');
        return { error };
      }
    });
    sqlite.exec('commit');
    return outcomes;
  } catch (error) {
    // SQLite may have rolled back already (a failed commit can); nothing must stay open on the connection.
    try {
      sqlite.exec('rollback');
    } catch {}
    throw error;
  }
}

function placeOne(
  ctx: AppContext,
  sqlite: SqliteNow,
  request: HoldRequest,
  events: Map<string, EventRow | undefined>,
): Held {
  const { db } = ctx;
  const { quantity } = request.checkout;
  const now = ctx.now();
  const nowIso = now.toISOString();
  // Read once per batch: nothing but holds is written inside it, and holds do not change the event row.
  if (!events.has(request.eventId))
    events.set(request.eventId, sqlite.all(eventById(db, request.eventId))[0]);
  const event = events.get(request.eventId);
  const draft = draftHold(ctx, request, event, now);
  const eventId = draft.order.event_id;
  const figures = figuresOf({ rows: sqlite.all(holdFiguresQuery(db, eventId, request.caller.id, nowIso)) });
  let left = seatsLeftAtLeast(event!, figures);
  if (quantity > left) {
    const exact = liveHeldOf({ rows: sqlite.all(liveHeldQuery(db, eventId, nowIso, draft.order.id)) });
    left = event!.total_tickets - exact.sold - exact.held;
  }
  judgeHold(ctx, eventId, quantity, left, figures);
  sqlite.run(orderInsert(db, draft.order));
  sqlite.run(auditInsert(db, draft.audit));
  return { order: draft.order, serverQuote: draft.serverQuote };
}

const eventById = compiledQueryOnce((db: Db, eventId: string) =>
  db.selectFrom('events').selectAll().where('id', '=', eventId),
);

function withResolvers<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
