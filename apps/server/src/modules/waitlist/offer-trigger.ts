import type { AppContext } from '../../platform/context';
import { offerSeats } from './offers';
import { hasLivePlaces, nextHoldEnd } from './repo';

// Seats that come back reach the line at once, not on the next sweep.
//
// - A commit that gives seats back (a cancellation, a deleted ticket, a raised capacity, a person leaving the
//   line) is followed, on the instance that made it and before its answer, by one offer pass (ctx.seatsReturned,
//   composed in app.ts). That instance is the only one that knows seats came back at that moment, and one pass
//   is enough: the pass works from the database, not from anything the instance remembers.
// - Seats also come back with no write at all: a hold or an offer simply runs out. So while anyone has a live
//   place, each instance remembers the end of the next live hold of the event (read after each of its passes) and
//   compares its clock with it every WAITLIST_DUE_CHECK_MS: no statement until that moment, then a pass. Every
//   instance that ran a pass knows the moment, so the one that made an offer always does.
// - The sweep (every HOLD_SWEEP_SECONDS, jobs.ts) stays as the safety net: an instance that stopped between a
//   commit and its pass, or a hold placed by an instance that never ran a pass.
//
// ONCE-ONLY INVARIANT: a seat is offered to one place at most, and a place gets one offer at a time, whichever
// instances run passes at the same moment. Every pass runs under the event lock (offers.ts offerSeats:
// SELECT ... FOR NO KEY UPDATE on PostgreSQL, one writer on SQLite), counts the free seats under it, and moves each
// place with a conditional update (repo.ts moveEntry: `where status = 'waiting'`), its offer hold inserted in the
// same transaction. A second pass, on this instance or another, waits for the lock and then sees the first one's
// holds counted and its places 'offered': it has nothing left to offer. Passes asked for while one runs here are
// coalesced into one more pass after it (a commit's seats may have landed after the running pass counted).

export interface OfferTrigger {
  /** One pass for the event now (or right after the one running here), resolved when it is done. Never throws. */
  seatsReturned(eventId: string): Promise<void>;
  /** Starts the due check; stop() ends it and waits for a pass in progress. */
  start(): void;
  stop(): Promise<void>;
  /** What the sweep calls after its own pass, so the due moment follows what it changed. */
  refresh(eventId: string): Promise<void>;
}

export function createOfferTrigger(ctx: AppContext): OfferTrigger {
  const running = new Map<string, Promise<void>>();
  const queued = new Map<string, Promise<void>>();
  /** Per event: when the next live hold ends (ms on ctx.now()'s scale), while anyone has a live place. */
  const due = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  async function refresh(eventId: string): Promise<void> {
    if (!(await hasLivePlaces(ctx.db, eventId))) {
      due.delete(eventId);
      return;
    }
    const end = await nextHoldEnd(ctx.db, eventId, ctx.now());
    if (end === undefined) due.delete(eventId);
    else due.set(eventId, Date.parse(end));
  }

  async function pass(eventId: string): Promise<void> {
    try {
      // Nobody in line (most of the time): one index probe, no lock, no write.
      if (await hasLivePlaces(ctx.db, eventId)) await offerSeats(ctx, eventId);
      await refresh(eventId);
    } catch (error) {
      ctx.log.error(
        { err: error, eventId },
        'the waitlist pass after seats came back failed; the sweep will retry',
      );
    }
  }

  function begin(eventId: string): Promise<void> {
    const run: Promise<void> = pass(eventId).finally(() => {
      if (running.get(eventId) === run) running.delete(eventId);
    });
    running.set(eventId, run);
    return run;
  }

  function seatsReturned(eventId: string): Promise<void> {
    const waiting = queued.get(eventId);
    if (waiting) return waiting;
    const current = running.get(eventId);
    if (!current) return begin(eventId);
    const next = current.then(() => {
      queued.delete(eventId);
      return begin(eventId);
    });
    queued.set(eventId, next);
    return next;
  }

  function checkDue(): void {
    const now = ctx.now().getTime();
    for (const [eventId, at] of due) {
      if (now < at) continue;
      due.delete(eventId);
      void seatsReturned(eventId);
    }
  }

  return {
    seatsReturned,
    refresh: (eventId) => refresh(eventId).catch(() => undefined),
    start() {
      timer ??= setInterval(checkDue, ctx.config.waitlistDueCheckMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.all([...running.values(), ...queued.values()]);
    },
  };
}
