import { signQueuePass, verifyQueuePass } from '@utsav/domain/queue-pass';
import {
  lineIsOpen,
  lineOpensAt,
  placeInLine,
  pollAfterSeconds,
  salesAreOpen,
} from '@utsav/domain/waiting-room';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { EventRow, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { msg } from '../../platform/i18n/messages';
import { requirePublished } from '../event/current-event';
import { cachedEntry, rememberEntry } from './entry-cache';
import {
  findEntry,
  lockQueueState,
  markAdmitted,
  type QueueEntryRow,
  updateQueueState,
  upsertEntry,
} from './repo';
import {
  drawUnderLock,
  ensureQueueState,
  eventSalesOpenAt,
  forgetSnapshot,
  type RoomSnapshot,
  roomSnapshot,
  settleAdmission,
} from './room';

// POST /queue/join, GET /queue/me and the pass check on checkout. Rules: @utsav/domain/waiting-room.

export type QueueStatus =
  | {
      status: 'waiting';
      /** Null before the draw at the opening: places are not known until then. */
      position: number | null;
      ahead: number | null;
      etaSeconds: number;
      retryAfterSeconds: number;
      ticketsLeft: number;
      salesOpenAt: string | null;
    }
  | { status: 'admitted'; pass: string; passExpiresAt: string; ticketsLeft: number }
  | { status: 'sold-out'; ticketsLeft: 0 };

export async function joinQueue(ctx: AppContext, caller: UserRow): Promise<QueueStatus> {
  const now = ctx.now();
  const room = await requireRoom(ctx);
  if (room.ticketsLeft === 0) return soldOut();
  const { mode } = ctx.config.waitingRoom;
  if (mode !== 'off' && !lineIsOpen(mode, room.salesOpenAt, now)) throw lineNotOpen(room.salesOpenAt!);
  // With the room off (or `auto` with a quiet sale) there is no line: the pass is a formality checkout ignores.
  if (!room.active) {
    if (!salesAreOpen(room.salesOpenAt, now)) throw salesNotOpen(room.salesOpenAt!);
    return admitted(room, caller, new Date(now.getTime() + passMs(ctx)).toISOString());
  }
  // Joining always reads the database: it is how a stale copy of this place (see entry-cache.ts) heals.
  const entry = await findEntry(ctx.db, room.event.id, caller.id);
  if (entry) rememberEntry(ctx, entry);
  if (entry && !passRanOut(entry, now)) return statusOf(ctx, room, caller, entry);
  const joined = await takePlace(ctx, room.event, caller, now);
  rememberEntry(ctx, joined);
  forgetSnapshot(ctx);
  return statusOf(ctx, (await roomSnapshot(ctx)) ?? room, caller, joined);
}

export async function myQueueStatus(ctx: AppContext, caller: UserRow): Promise<QueueStatus> {
  const room = await requireRoom(ctx);
  if (room.ticketsLeft === 0) return soldOut();
  const entry = await cachedEntry(ctx, room.event.id, caller.id);
  if (!entry || passRanOut(entry, ctx.now())) {
    throw new AppError('NOT_IN_QUEUE', 'You are not in the line. Join it to buy tickets.');
  }
  return statusOf(ctx, room, caller, entry);
}

/**
 * Checkout's gate, on every create-order: free when the room is off; otherwise the cached snapshot and one
 * HMAC, no database round trip. The pass must be this caller's, for this event, and unexpired.
 */
export async function requireQueuePass(
  ctx: AppContext,
  caller: UserRow,
  event: EventRow,
  pass: string | undefined,
): Promise<void> {
  if (ctx.config.waitingRoom.mode === 'off') return;
  const room = await roomSnapshot(ctx);
  if (!room?.active || room.event.id !== event.id) return;
  if (!pass) {
    throw new AppError(
      'QUEUE_REQUIRED',
      'Many people are buying right now, so checkout goes through a waiting line. Please join the line; your place is kept and your turn will come.',
    );
  }
  const verdict = verifyQueuePass(room.passKey, pass, {
    eventId: event.id,
    userId: caller.id,
    nowMs: ctx.now().getTime(),
  });
  if (verdict.ok) return;
  const messages = {
    expired: msg('Your turn to buy has ended (it lasts {{count}} minutes). Please join the line again.', {
      count: ctx.config.waitingRoom.passMinutes,
    }),
    'wrong-person': 'This place in line belongs to another account. Please join the line yourself.',
  } as const;
  throw new AppError(
    'QUEUE_REQUIRED',
    verdict.reason === 'expired' || verdict.reason === 'wrong-person'
      ? messages[verdict.reason]
      : 'This pass from the waiting line is not valid. Please join the line again.',
  );
}

export function salesNotOpen(salesOpenAt: Date): AppError {
  return new AppError(
    'SALES_NOT_OPEN',
    msg('Ticket sales open on {{when, istDateTime}}.', { when: salesOpenAt }),
  );
}

/** The refusal of checkout before the event's opening time (create-order and POST /tickets). */
export function requireSalesOpen(event: EventRow, now: Date): void {
  const salesOpenAt = eventSalesOpenAt(event);
  if (!salesAreOpen(salesOpenAt, now)) throw salesNotOpen(salesOpenAt!);
}

/**
 * A new place (or a fresh one at the back after a pass ran out), under the line's row lock: ranks are dense
 * and unique across instances. Before the opening the place waits for the draw; after it, the next rank.
 */
async function takePlace(
  ctx: AppContext,
  event: EventRow,
  caller: UserRow,
  now: Date,
): Promise<QueueEntryRow> {
  const salesOpenAt = eventSalesOpenAt(event);
  const drawn = salesAreOpen(salesOpenAt, now);
  await ensureQueueState(ctx, event.id, now);
  return transaction(ctx.db, async (trx) => {
    let locked = (await lockQueueState(trx, event.id))!;
    // Two tabs joining at once: the second finds the first one's place and keeps it.
    const existing = await findEntry(trx, event.id, caller.id);
    if (existing && !passRanOut(existing, now)) return existing;
    if (drawn && locked.pending_draw > 0) locked = await drawUnderLock(ctx, trx, locked, salesOpenAt, now);
    // The time up to now is settled with the line as it was, so the newcomer is not let in on tokens that
    // accrued while nobody waited (beyond the burst an idle line banks).
    locked = { ...locked, ...settleAdmission(ctx, locked, salesOpenAt, now) };
    const entry: QueueEntryRow = {
      event_id: event.id,
      user_id: caller.id,
      rank: drawn ? locked.last_rank + 1 : null,
      joined_at: now.toISOString(),
      admitted_at: null,
      pass_expires_at: null,
    };
    await upsertEntry(trx, entry);
    const withNewcomer = { ...locked, last_rank: locked.last_rank + (drawn ? 1 : 0) };
    await updateQueueState(trx, event.id, locked.version, {
      ...settleAdmission(ctx, withNewcomer, salesOpenAt, now),
      last_rank: withNewcomer.last_rank,
      pending_draw: locked.pending_draw + (drawn ? 0 : 1),
      last_join_at: now.toISOString(),
    });
    return entry;
  });
}

async function statusOf(
  ctx: AppContext,
  room: RoomSnapshot,
  caller: UserRow,
  entry: QueueEntryRow,
): Promise<QueueStatus> {
  const now = ctx.now();
  const { admitPerMinute } = ctx.config.waitingRoom;
  if (entry.rank === null) {
    // Before the draw: the estimate is the wait for the opening; ask again about when it happens.
    const untilOpening = Math.max(0, Math.ceil(((room.salesOpenAt?.getTime() ?? 0) - now.getTime()) / 1000));
    return waiting(null, null, untilOpening, Math.max(1, Math.min(30, untilOpening)), room);
  }
  const place = placeInLine(entry.rank, room.admission, admitPerMinute);
  if (place)
    return waiting(place.position, place.ahead, place.etaSeconds, pollAfterSeconds(place.etaSeconds), room);
  let expiresAt = entry.pass_expires_at;
  if (!expiresAt) {
    expiresAt = new Date(now.getTime() + passMs(ctx)).toISOString();
    await markAdmitted(ctx.db, room.event.id, caller.id, now.toISOString(), expiresAt);
    // Two tabs admitted at once: both answer with the first expiry written.
    const stored = await findEntry(ctx.db, room.event.id, caller.id);
    if (stored) rememberEntry(ctx, stored);
    expiresAt = stored?.pass_expires_at ?? expiresAt;
  }
  return admitted(room, caller, expiresAt);
}

function waiting(
  position: number | null,
  ahead: number | null,
  etaSeconds: number,
  retryAfterSeconds: number,
  room: RoomSnapshot,
): QueueStatus {
  return {
    status: 'waiting',
    position,
    ahead,
    etaSeconds,
    retryAfterSeconds,
    ticketsLeft: room.ticketsLeft,
    salesOpenAt: room.event.sales_open_at,
  };
}

function admitted(room: RoomSnapshot, caller: UserRow, passExpiresAt: string): QueueStatus {
  const pass = signQueuePass(room.passKey, {
    eventId: room.event.id,
    userId: caller.id,
    expiresAtMs: Date.parse(passExpiresAt),
  });
  return { status: 'admitted', pass, passExpiresAt, ticketsLeft: room.ticketsLeft };
}

function soldOut(): QueueStatus {
  return { status: 'sold-out', ticketsLeft: 0 };
}

/** An admitted person whose pass expired unused has left the line; joining again puts them at the back. */
function passRanOut(entry: QueueEntryRow, now: Date): boolean {
  return entry.pass_expires_at !== null && Date.parse(entry.pass_expires_at) <= now.getTime();
}

function passMs(ctx: AppContext): number {
  return ctx.config.waitingRoom.passMinutes * 60_000;
}

async function requireRoom(ctx: AppContext): Promise<RoomSnapshot> {
  const room = await roomSnapshot(ctx);
  if (!room) throw new AppError('EVENT_NOT_FOUND', 'This event is not on sale. Please reload the page.');
  requirePublished(room.event);
  return room;
}

function lineNotOpen(salesOpenAt: Date): AppError {
  return new AppError(
    'SALES_NOT_OPEN',
    msg(
      'Ticket sales open on {{when, istDateTime}}. The line opens at {{line, istDateTime}}; come back then to take your place.',
      { when: salesOpenAt, line: lineOpensAt(salesOpenAt) },
    ),
  );
}
