import { randomInt } from 'node:crypto';
import { queuePassKey } from '@utsav/domain/queue-pass';
import {
  type AdmissionState,
  advanceAdmission,
  BUSY_ROOM_MS,
  burstSize,
  demandOutrunsAdmission,
  salesAreOpen,
  shuffle,
  waitingRoomActive,
} from '@utsav/domain/waiting-room';
import type { AppContext } from '../../platform/context';
import { type Db, transaction } from '../../platform/db/database';
import type { EventRow } from '../../platform/db/schema';
import { countInventory, findCurrentEvent, findEventById, setQrKeysIfMissing } from '../../stores/events';
import { forgetCurrentEvent } from '../event/current-event';
import { newQrKeyColumns } from '../event/keys';
import {
  assignRanks,
  countHoldsSince,
  findQueueState,
  insertQueueStateIfAbsent,
  lockQueueState,
  type QueueStateRow,
  undrawnUserIds,
  updateQueueState,
} from './repo';

// What every waiting-room decision reads: the event, the line's counters brought up to now, whether the room
// is on, and how many tickets are left. Each instance rebuilds it at most once a second, and concurrent
// callers share one rebuild, so a line of 50,000 polling clients and every create-order cost the database a
// few statements a second per instance, not per request. Positions may lag by up to a second; admissions
// never run ahead, because advancing the counter is a compare-and-set on the shared row.

export interface RoomSnapshot {
  event: EventRow;
  salesOpenAt: Date | null;
  state: QueueStateRow;
  admission: AdmissionState;
  active: boolean;
  ticketsLeft: number;
  passKey: Uint8Array;
  takenAt: number;
}

const SNAPSHOT_TTL_MS = 1000;
const CAS_ATTEMPTS = 5;

interface RoomCache {
  current?: RoomSnapshot;
  pending?: Promise<RoomSnapshot | null>;
  key?: { secret: string; key: Uint8Array };
}

const caches = new WeakMap<AppContext, RoomCache>();

function cacheOf(ctx: AppContext): RoomCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = {};
    caches.set(ctx, cache);
  }
  return cache;
}

/** The room as of at most a second ago; null when there is no event. */
export function roomSnapshot(ctx: AppContext): Promise<RoomSnapshot | null> {
  const cache = cacheOf(ctx);
  const now = ctx.now().getTime();
  if (cache.current && now - cache.current.takenAt < SNAPSHOT_TTL_MS && now >= cache.current.takenAt) {
    return Promise.resolve(cache.current);
  }
  if (!cache.pending) {
    cache.pending = loadSnapshot(ctx, cache).finally(() => {
      cache.pending = undefined;
    });
  }
  return cache.pending;
}

/** After this instance changed the line (a join, a draw), its next read must see it. */
export function forgetSnapshot(ctx: AppContext): void {
  cacheOf(ctx).current = undefined;
}

export function toAdmission(state: QueueStateRow): AdmissionState {
  return {
    admittedThrough: state.admitted_through,
    lastRank: state.last_rank,
    tokens: state.tokens,
    refilledAt: Date.parse(state.refilled_at),
  };
}

export function eventSalesOpenAt(event: EventRow): Date | null {
  return event.sales_open_at ? new Date(event.sales_open_at) : null;
}

async function loadSnapshot(ctx: AppContext, cache: RoomCache): Promise<RoomSnapshot | null> {
  const now = ctx.now();
  let event = await findCurrentEvent(ctx.db);
  if (!event) return null;
  if (!event.qr_private_key) {
    await setQrKeysIfMissing(ctx.db, event.id, newQrKeyColumns());
    forgetCurrentEvent(ctx);
    event = (await findEventById(ctx.db, event.id))!;
  }
  const salesOpenAt = eventSalesOpenAt(event);
  // Reading never writes: until someone takes a place, the line is the empty one it would start as.
  let state = (await findQueueState(ctx.db, event.id)) ?? emptyLine(ctx, event.id, now);
  if (state.pending_draw > 0 && salesAreOpen(salesOpenAt, now))
    state = await drawAtOpening(ctx, event.id, salesOpenAt, now);
  state = await advance(ctx, event.id, state, now, salesOpenAt);
  let active = isActive(ctx, state, salesOpenAt, now);
  if (!active && (await demandIsHigh(ctx, event.id, salesOpenAt, now))) {
    state = await markBusy(ctx, event.id, state, now);
    active = isActive(ctx, state, salesOpenAt, now);
  }
  const inventory = await countInventory(ctx.db, event.id, now);
  const secret = event.qr_private_key!;
  if (cache.key?.secret !== secret) cache.key = { secret, key: queuePassKey(secret) };
  const snapshot: RoomSnapshot = {
    event,
    salesOpenAt,
    state,
    admission: toAdmission(state),
    active,
    ticketsLeft: Math.max(0, event.total_tickets - inventory.sold - inventory.held),
    passKey: cache.key.key,
    takenAt: now.getTime(),
  };
  cache.current = snapshot;
  return snapshot;
}

function emptyLine(ctx: AppContext, eventId: string, now: Date): QueueStateRow {
  return {
    event_id: eventId,
    version: 0,
    last_rank: 0,
    admitted_through: 0,
    pending_draw: 0,
    tokens: burstSize(ctx.config.waitingRoom.admitPerMinute),
    refilled_at: now.toISOString(),
    last_join_at: null,
    busy_until: null,
  };
}

export async function ensureQueueState(ctx: AppContext, eventId: string, now: Date): Promise<QueueStateRow> {
  const existing = await findQueueState(ctx.db, eventId);
  if (existing) return existing;
  await insertQueueStateIfAbsent(ctx.db, eventId, now, burstSize(ctx.config.waitingRoom.admitPerMinute));
  return (await findQueueState(ctx.db, eventId))!;
}

function isActive(ctx: AppContext, state: QueueStateRow, salesOpenAt: Date | null, now: Date): boolean {
  return waitingRoomActive({
    mode: ctx.config.waitingRoom.mode,
    salesOpenAt,
    now,
    waiting: state.last_rank - state.admitted_through + state.pending_draw,
    lastJoinAt: state.last_join_at ? new Date(state.last_join_at) : null,
    busyUntil: state.busy_until ? new Date(state.busy_until) : null,
  });
}

/** Lets in whoever the rate allows by now. Any instance may do it; the version check makes it count once. */
async function advance(
  ctx: AppContext,
  eventId: string,
  initial: QueueStateRow,
  now: Date,
  salesOpenAt: Date | null,
): Promise<QueueStateRow> {
  let state = initial;
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
    const next = advanceAdmission(
      toAdmission(state),
      now.getTime(),
      ctx.config.waitingRoom.admitPerMinute,
      salesOpenAt?.getTime() ?? null,
    );
    // Tokens accrue exactly as well from an old refilled_at: write only when someone is let in.
    if (next.admittedThrough === state.admitted_through) return state;
    const patch = {
      admitted_through: next.admittedThrough,
      tokens: next.tokens,
      refilled_at: new Date(next.refilledAt).toISOString(),
    };
    if (await updateQueueState(ctx.db, eventId, state.version, patch)) {
      return { ...state, ...patch, version: state.version + 1 };
    }
    state = (await findQueueState(ctx.db, eventId))!;
  }
  return state;
}

/**
 * Everyone who joined before the opening gets a place in one random order (crypto-random Fisher-Yates), behind
 * anyone already ranked. Under the state row's lock, so exactly one instance draws, once.
 */
export async function drawAtOpening(
  ctx: AppContext,
  eventId: string,
  salesOpenAt: Date | null,
  now: Date,
): Promise<QueueStateRow> {
  const state = await transaction(ctx.db, async (trx) =>
    drawUnderLock(ctx, trx, (await lockQueueState(trx, eventId))!, salesOpenAt, now),
  );
  forgetSnapshot(ctx);
  return state;
}

/**
 * The draw itself; the caller holds the state row's lock (`locked` was read under it). Admission is settled
 * up to now first, so the newly ranked people are not let in on time that passed before they had a rank.
 */
export async function drawUnderLock(
  ctx: AppContext,
  trx: Db,
  locked: QueueStateRow,
  salesOpenAt: Date | null,
  now: Date,
): Promise<QueueStateRow> {
  if (locked.pending_draw === 0) return locked;
  const drawn = shuffle(await undrawnUserIds(trx, locked.event_id), randomInt);
  await assignRanks(trx, locked.event_id, drawn, locked.last_rank + 1);
  const settled = settleAdmission(ctx, locked, salesOpenAt, now);
  const patch = { ...settled, last_rank: locked.last_rank + drawn.length, pending_draw: 0 };
  await updateQueueState(trx, locked.event_id, locked.version, patch);
  return { ...locked, ...patch, version: locked.version + 1 };
}

/** Admission counted up to now with the line as it stands, as columns. */
export function settleAdmission(
  ctx: AppContext,
  state: QueueStateRow,
  salesOpenAt: Date | null,
  now: Date,
): Pick<QueueStateRow, 'admitted_through' | 'tokens' | 'refilled_at'> {
  const next = advanceAdmission(
    toAdmission(state),
    now.getTime(),
    ctx.config.waitingRoom.admitPerMinute,
    salesOpenAt?.getTime() ?? null,
  );
  return {
    admitted_through: next.admittedThrough,
    tokens: next.tokens,
    refilled_at: new Date(Math.max(next.refilledAt, Date.parse(state.refilled_at))).toISOString(),
  };
}

async function demandIsHigh(
  ctx: AppContext,
  eventId: string,
  salesOpenAt: Date | null,
  now: Date,
): Promise<boolean> {
  if (ctx.config.waitingRoom.mode !== 'auto' || !salesAreOpen(salesOpenAt, now)) return false;
  const holds = await countHoldsSince(ctx.db, eventId, new Date(now.getTime() - 60_000));
  return demandOutrunsAdmission(holds, ctx.config.waitingRoom.admitPerMinute);
}

async function markBusy(
  ctx: AppContext,
  eventId: string,
  state: QueueStateRow,
  now: Date,
): Promise<QueueStateRow> {
  const row = state.version === 0 ? await ensureQueueState(ctx, eventId, now) : state;
  const patch = { busy_until: new Date(now.getTime() + BUSY_ROOM_MS).toISOString() };
  if (await updateQueueState(ctx.db, eventId, row.version, patch)) {
    ctx.log.warn({ eventId }, 'checkout demand outran the admission rate: waiting room on');
    return { ...row, ...patch, version: row.version + 1 };
  }
  return (await findQueueState(ctx.db, eventId))!;
}
