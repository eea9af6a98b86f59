import { EVENT_CHANGE_MESSAGES } from '@utsav/domain/event-change';
import type { AppContext } from '../../platform/context';
import type { EventRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { findCurrentEvent } from '../../stores/events';

// The current event as of at most a second ago, per instance, for the hot paths that only need to know which
// event is on sale and its settled facts: checkout's admission (is this the event, are sales open, is the
// waiting room on) and the gate's QR check (the event's id and public key). Reading it from the database was
// a statement on every create-order and scan (bench/RESULTS.md).
//
// What may be stale, and why that is safe (docs/decisions.md "Current event cached for a second"):
// - This instance's own edits (create, edit, QR keys set) forget the copy at once.
// - Another instance's edit is seen within CURRENT_EVENT_TTL_MS. Nothing that guards stock or money is judged on
//   this copy: the hold transaction re-reads the event row under its lock and judges price and stock there.
// - The QR keys never change once set, and the event's id never changes: the gate can trust them for longer.
// Paths that act on dates or totals the organiser edits (refunds, reminders, the sync of offline scans, the
// admin panels) keep reading the row.

export const CURRENT_EVENT_TTL_MS = 1000;

interface Cached {
  event: EventRow | undefined;
  /** performance.now() when read: a monotonic clock, so tests that freeze ctx.now() still see it expire. */
  readAt: number;
  /** Bumped by forgetCurrentEvent: a read that started before it must not be stored after it. */
  generation: number;
}

interface EventCache {
  current?: Cached;
  pending?: Promise<EventRow | undefined>;
  generation: number;
}

const caches = new WeakMap<AppContext, EventCache>();

function cacheOf(ctx: AppContext): EventCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = { generation: 0 };
    caches.set(ctx, cache);
  }
  return cache;
}

/** The event on sale (undefined when there is none), at most CURRENT_EVENT_TTL_MS old; concurrent callers share one read. */
export function currentEvent(ctx: AppContext): Promise<EventRow | undefined> {
  const cache = cacheOf(ctx);
  const current = cache.current;
  if (current && current.generation === cache.generation) {
    const age = performance.now() - current.readAt;
    if (age >= 0 && age < CURRENT_EVENT_TTL_MS) return Promise.resolve(current.event);
  }
  if (!cache.pending) {
    const generation = cache.generation;
    const readAt = performance.now();
    const pending = findCurrentEvent(ctx.db).finally(() => {
      if (cache.pending === pending) cache.pending = undefined;
    });
    cache.pending = pending;
    void pending.then(
      (event) => {
        if (generation === cache.generation) cache.current = { event, readAt, generation };
      },
      () => {},
    );
  }
  return cache.pending;
}

/** After this instance changed the event (created, edited, keys set): its next read must see the change. */
export function forgetCurrentEvent(ctx: AppContext): void {
  const cache = cacheOf(ctx);
  cache.generation += 1;
  cache.current = undefined;
  // A read in flight began before the change; later callers must not share it.
  cache.pending = undefined;
}

/**
 * Checkout, the waitlist and the waiting room refuse a draft (nobody buys before the organiser publishes) and a
 * night called off (sales stop at once; the call-off refunds what was sold).
 */
export function requirePublished(event: Pick<EventRow, 'published_at' | 'status'>): void {
  if (!event.published_at)
    throw new AppError('EVENT_NOT_PUBLISHED', 'Tickets for this event are not on sale yet.');
  requireNotCalledOff(event);
}

/** 409 EVENT_CALLED_OFF: nothing is sold, moved or transferred for a night that will not happen. */
export function requireNotCalledOff(event: Pick<EventRow, 'status'>): void {
  if (event.status === 'called-off') {
    throw new AppError('EVENT_CALLED_OFF', EVENT_CHANGE_MESSAGES.calledOffSales);
  }
}
