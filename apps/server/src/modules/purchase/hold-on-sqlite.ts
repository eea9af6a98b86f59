import type { AppContext } from '../../platform/context';
import { compiledQueryOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import type { EventRow } from '../../platform/db/schema';
import { groupCommitted, type SqliteNow } from '../../platform/db/sqlite-now';
import { eventGone } from './checkout-errors';
import {
  auditInsert,
  figuresOf,
  holdFiguresQuery,
  lineInsert,
  liveHeldOf,
  liveHeldQuery,
  orderInsert,
} from './hold-figures';
import type { Held, HoldRequest } from './hold-judgement';
import { asked, codesOf, type Exact, judgePricedHold } from './hold-priced-judgement';
import { BatchLedger, figureNeeds, snapshotOf } from './hold-pricing';
import { rememberSales } from './inventory-hint';
import { catalogueSync, codesSync } from './sales-catalogue';
import { readExactSync } from './sales-snapshot';

// The hold on the embedded SQLite file: statements run synchronously, and holds that arrive together share one
// transaction (sqlite-now.ts groupCommitted). Through Kysely a hold was seven statements, each awaited on
// the one connection, and a commit of its own: the transaction's promise turns and the commit cost more than
// SQLite's reads and writes (bench/RESULTS.md). Now the holds queued during one turn of the event loop are
// placed one after the other, in arrival order, in one `begin immediate ... commit`: each is judged on the rows
// as the holds before it in the batch left them (so the batch can never sell a seat twice), each inside a
// savepoint, so a refusal or a failure undoes only that hold's rows and answers only that buyer. Nobody gets an
// answer before the commit. SQLite allows one writer, and the whole batch runs in one synchronous stretch on
// the connection, so no other transaction can come between a judgement and its write (the event lock of
// PostgreSQL is not needed). Each hold reads its figures (the event's, and the counters of types, phases and codes
// and the buyer's own when a limit needs them: sales-snapshot.ts) in one statement after the holds before it wrote
// theirs, so nothing needs carrying from one hold to the next. The price list is the instance's copy, checked
// against the event row's sales_version read once per batch (sales-catalogue.ts).
// The same hold on PostgreSQL: hold-on-postgres.ts holdOnPostgres (figures: hold-figures.ts findBatchFigures).

/** Holds of one batch, placed in arrival order; the event rows are read once per batch. */
const placeGrouped = groupCommitted(
  (
    sqlite,
    { ctx, request }: { ctx: AppContext; request: HoldRequest },
    events: Map<string, EventRow | undefined>,
  ) => placeOne(ctx, sqlite, request, events),
  () => new Map<string, EventRow | undefined>(),
);

export function holdOnSqlite(ctx: AppContext, request: HoldRequest): Promise<Held> {
  return placeGrouped(ctx.db, { ctx, request });
}

function placeOne(
  ctx: AppContext,
  sqlite: SqliteNow,
  request: HoldRequest,
  events: Map<string, EventRow | undefined>,
): Held {
  const { db } = ctx;
  const now = ctx.now();
  const nowIso = now.toISOString();
  // Read once per batch: nothing but holds is written inside it, and holds do not change the event row.
  if (!events.has(request.eventId))
    events.set(request.eventId, sqlite.all(eventById(db, request.eventId))[0]);
  const event = events.get(request.eventId);
  if (!event) throw eventGone();
  const catalogue = catalogueSync(ctx, sqlite, event);
  codesSync(ctx, sqlite, catalogue, codesOf([request]));
  const needs = figureNeeds(catalogue, asked(request));
  const figures = figuresOf({
    rows: sqlite.all(holdFiguresQuery(db, needs, event.id, request.caller.id, nowIso)),
  });
  const snapshot = snapshotOf(catalogue, new Map([[request.caller.id, figures]]));
  const ledger = new BatchLedger();
  let step = judgePricedHold(ctx, request, event, now, snapshot, figures, ledger, undefined);
  if ('exactNeeded' in step) {
    const live = liveHeldOf({ rows: sqlite.all(liveHeldQuery(db, event.id, nowIso)) });
    const counters =
      step.exactNeeded === 'sales' ? readExactSync(sqlite, db, event.id, nowIso) : snapshot.counters;
    const exact: Exact = { counters, ...live };
    step = judgePricedHold(ctx, request, event, now, snapshot, figures, ledger, exact);
  }
  if ('exactNeeded' in step) throw new Error('a hold judged on exact figures asked for them again');
  if (needs.counters) rememberSales(ctx, event.id, { counters: snapshot.counters, took: ledger });
  const { draft } = step;
  sqlite.run(orderInsert(db, draft.order));
  for (const line of draft.lines) sqlite.run(lineInsert(db, line));
  sqlite.run(auditInsert(db, draft.audit));
  return {
    order: draft.order,
    serverQuote: draft.serverQuote,
    lines: draft.lines,
    priced: draft.priced,
    names: draft.names,
  };
}

const eventById = compiledQueryOnce((db: Db, eventId: string) =>
  db.selectFrom('events').selectAll().where('id', '=', eventId),
);
