// The waiting room in front of checkout (docs/product.md#waiting-room): when the line is on, who goes first, how fast people
// are let in, and what a waiting person is told. Pure rules; the server keeps the state in its database
// and the web shows what these functions compute.

export type WaitingRoomMode = 'auto' | 'always' | 'off';

export const WAITING_ROOM_MODES: readonly WaitingRoomMode[] = ['auto', 'always', 'off'];
/** In `auto`, the line opens this long before sales do, so everyone can be in it at the opening. */
export const LINE_OPENS_BEFORE_SALES_MINUTES = 30;
export const DEFAULT_QUEUE_PASS_MINUTES = 10;
/**
 * Ten a second: what the checkout path sustains with room to spare on the reference 2-core machine
 * (bench/RESULTS.md), and a pace at which Razorpay's checkout is never the bottleneck.
 */
export const DEFAULT_QUEUE_ADMIT_PER_MINUTE = 600;
/** `auto` keeps the room on this long after the last person joined: a line empty for a moment is not drained. */
export const QUIET_BEFORE_CLOSING_MS = 60_000;
/** `auto` turns the room on for at least this long when checkout demand outruns the admission rate. */
export const BUSY_ROOM_MS = 5 * 60_000;
/** Shortest and longest pause the server asks a waiting client to take between two status polls. */
export const MIN_POLL_SECONDS = 2;
export const MAX_POLL_SECONDS = 30;

export function lineOpensAt(salesOpenAt: Date): Date {
  return new Date(salesOpenAt.getTime() - LINE_OPENS_BEFORE_SALES_MINUTES * 60_000);
}

/** Sales are open with no opening time set, or from that instant on. */
export function salesAreOpen(salesOpenAt: Date | null, now: Date): boolean {
  return salesOpenAt === null || now.getTime() >= salesOpenAt.getTime();
}

export interface RoomSignals {
  mode: WaitingRoomMode;
  salesOpenAt: Date | null;
  now: Date;
  /** People in line not yet let in (drawn or still to be drawn). */
  waiting: number;
  lastJoinAt: Date | null;
  /** Set when checkout demand outran the admission rate while the room was off. */
  busyUntil: Date | null;
}

/**
 * Whether checkout needs a pass right now. `auto`: from LINE_OPENS_BEFORE_SALES_MINUTES before the
 * opening until the line has drained (nobody waiting and nobody joining for QUIET_BEFORE_CLOSING_MS), and
 * whenever demand has outrun the admission rate (busyUntil).
 */
export function waitingRoomActive(signals: RoomSignals): boolean {
  if (signals.mode === 'off') return false;
  if (signals.mode === 'always') return true;
  const now = signals.now.getTime();
  if (signals.salesOpenAt) {
    const opens = signals.salesOpenAt.getTime();
    if (now >= lineOpensAt(signals.salesOpenAt).getTime() && now < opens + QUIET_BEFORE_CLOSING_MS)
      return true;
  }
  if (signals.busyUntil && now < signals.busyUntil.getTime()) return true;
  if (signals.waiting > 0) return true;
  return signals.lastJoinAt !== null && now - signals.lastJoinAt.getTime() < QUIET_BEFORE_CLOSING_MS;
}

/** Whether people may join the line now (it is no use before the line opens, or with the room off). */
export function lineIsOpen(mode: WaitingRoomMode, salesOpenAt: Date | null, now: Date): boolean {
  if (mode === 'off') return false;
  return salesOpenAt === null || now.getTime() >= lineOpensAt(salesOpenAt).getTime();
}

/** `auto`: holds placed in the last minute at or above the admission rate mean the room should come on. */
export function demandOutrunsAdmission(holdsLastMinute: number, admitPerMinute: number): boolean {
  return holdsLastMinute >= admitPerMinute;
}

/**
 * The global admission counter. Everyone in line has a rank 1, 2, 3 … (dense, one per place); people whose
 * rank is at most admittedThrough have been let in. Admission is a token bucket: tokens accrue at
 * admitPerMinute from the opening on and are spent one per person let in; an idle line banks at most
 * burstSize, so a crowd arriving after a quiet spell is still let in at the rate, not all at once.
 */
export interface AdmissionState {
  admittedThrough: number;
  lastRank: number;
  tokens: number;
  /** Epoch ms up to which tokens have been counted. */
  refilledAt: number;
}

export function burstSize(admitPerMinute: number): number {
  return Math.max(1, Math.ceil(admitPerMinute / 6));
}

export function advanceAdmission(
  state: AdmissionState,
  nowMs: number,
  admitPerMinute: number,
  salesOpenAtMs: number | null,
): AdmissionState {
  // Nobody is let in before the opening, and no tokens are banked for it.
  const from = salesOpenAtMs === null ? state.refilledAt : Math.max(state.refilledAt, salesOpenAtMs);
  if (nowMs < from) return state;
  // Banked tokens are spent even with no time elapsed: people who join an idle line go straight in. The cap
  // applies to what is left after spending, so people waiting are let in at the full rate however seldom
  // anyone asks; only an idle line stops banking at burstSize.
  const accrued = state.tokens + ((nowMs - from) * admitPerMinute) / 60_000;
  const admitted = Math.min(Math.floor(accrued), Math.max(0, state.lastRank - state.admittedThrough));
  const tokens = Math.min(burstSize(admitPerMinute), accrued - admitted);
  return {
    admittedThrough: state.admittedThrough + admitted,
    lastRank: state.lastRank,
    tokens,
    refilledAt: nowMs,
  };
}

export interface PlaceInLine {
  /** 1 = next to be let in. */
  position: number;
  ahead: number;
  etaSeconds: number;
}

/** Where a drawn rank stands; null once it has been let in. */
export function placeInLine(
  rank: number,
  admission: AdmissionState,
  admitPerMinute: number,
): PlaceInLine | null {
  const position = rank - admission.admittedThrough;
  if (position <= 0) return null;
  const stillToAccrue = Math.max(0, position - Math.floor(admission.tokens));
  return { position, ahead: position - 1, etaSeconds: Math.ceil((stillToAccrue * 60) / admitPerMinute) };
}

/**
 * How long a waiting client should pause before asking again: often when its turn is near, rarely when it
 * is far, so a line of 50,000 costs the server little. Before the draw, about when the draw happens.
 */
export function pollAfterSeconds(etaSeconds: number): number {
  return Math.min(MAX_POLL_SECONDS, Math.max(MIN_POLL_SECONDS, Math.round(etaSeconds / 4)));
}

/** Fisher-Yates. `randomBelow(n)` must return a uniform integer in [0, n); the server passes crypto.randomInt. */
export function shuffle<T>(items: readonly T[], randomBelow: (n: number) => number): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}
