import { describe, expect, it } from 'vitest';
import {
  type AdmissionState,
  advanceAdmission,
  burstSize,
  demandOutrunsAdmission,
  lineIsOpen,
  lineOpensAt,
  placeInLine,
  pollAfterSeconds,
  type RoomSignals,
  salesAreOpen,
  shuffle,
  waitingRoomActive,
} from '../src/waiting-room';

const opening = new Date('2026-12-01T13:30:00.000Z'); // 19:00 IST
const at = (offsetMs: number) => new Date(opening.getTime() + offsetMs);
const MINUTE = 60_000;

describe('sales opening', () => {
  it('sales are open with no opening time, and from the opening millisecond on', () => {
    expect(salesAreOpen(null, at(-MINUTE))).toBe(true);
    expect(salesAreOpen(opening, at(-1))).toBe(false);
    expect(salesAreOpen(opening, at(0))).toBe(true);
  });

  it('the line opens 30 minutes before sales', () => {
    expect(lineOpensAt(opening).toISOString()).toBe('2026-12-01T13:00:00.000Z');
    expect(lineIsOpen('auto', opening, at(-30 * MINUTE - 1))).toBe(false);
    expect(lineIsOpen('auto', opening, at(-30 * MINUTE))).toBe(true);
    expect(lineIsOpen('always', null, at(0))).toBe(true);
    expect(lineIsOpen('off', null, at(0))).toBe(false);
  });
});

describe('when the room is on', () => {
  const quiet: RoomSignals = {
    mode: 'auto',
    salesOpenAt: null,
    now: at(0),
    waiting: 0,
    lastJoinAt: null,
    busyUntil: null,
  };

  it('off is never on and always is always on', () => {
    expect(waitingRoomActive({ ...quiet, mode: 'off', waiting: 100, salesOpenAt: opening })).toBe(false);
    expect(waitingRoomActive({ ...quiet, mode: 'always' })).toBe(true);
  });

  it('auto with a quiet sale and no opening time has no extra step', () => {
    expect(waitingRoomActive(quiet)).toBe(false);
  });

  it('auto is on from 30 minutes before the opening to a minute after it', () => {
    const scheduled = { ...quiet, salesOpenAt: opening };
    expect(waitingRoomActive({ ...scheduled, now: at(-30 * MINUTE - 1) })).toBe(false);
    expect(waitingRoomActive({ ...scheduled, now: at(-30 * MINUTE) })).toBe(true);
    expect(waitingRoomActive({ ...scheduled, now: at(MINUTE - 1) })).toBe(true);
    expect(waitingRoomActive({ ...scheduled, now: at(MINUTE) })).toBe(false);
  });

  it('auto stays on while anyone waits, and for a minute after the last person joined', () => {
    const later = { ...quiet, salesOpenAt: opening, now: at(10 * MINUTE) };
    expect(waitingRoomActive({ ...later, waiting: 1 })).toBe(true);
    expect(waitingRoomActive({ ...later, lastJoinAt: at(9 * MINUTE + 1) })).toBe(true);
    expect(waitingRoomActive({ ...later, lastJoinAt: at(9 * MINUTE) })).toBe(false);
  });

  it('auto is on while demand has outrun admission', () => {
    expect(waitingRoomActive({ ...quiet, busyUntil: at(1) })).toBe(true);
    expect(waitingRoomActive({ ...quiet, busyUntil: at(0) })).toBe(false);
    expect(demandOutrunsAdmission(600, 600)).toBe(true);
    expect(demandOutrunsAdmission(599, 600)).toBe(false);
  });
});

describe('admission', () => {
  const line = (overrides: Partial<AdmissionState> = {}): AdmissionState => ({
    admittedThrough: 0,
    lastRank: 1000,
    tokens: 0,
    refilledAt: opening.getTime() - 10 * MINUTE,
    ...overrides,
  });

  it('lets nobody in before the opening and banks nothing for the wait', () => {
    expect(advanceAdmission(line(), at(-1).getTime(), 600, opening.getTime())).toEqual(line());
    const justAfter = advanceAdmission(line(), at(100).getTime(), 600, opening.getTime());
    expect(justAfter.admittedThrough).toBe(1); // 600/min = one per 100 ms
  });

  it('admits at the configured rate and keeps the fraction for next time', () => {
    const state = advanceAdmission(line({ refilledAt: opening.getTime() }), at(150).getTime(), 600, null);
    expect(state.admittedThrough).toBe(1);
    expect(state.tokens).toBeCloseTo(0.5);
    expect(advanceAdmission(state, at(200).getTime(), 600, null).admittedThrough).toBe(2);
  });

  it('a rate is a rate: a minute lets in at most admitPerMinute plus the burst, however often it is asked', () => {
    let state = line({ refilledAt: opening.getTime(), lastRank: 100_000 });
    for (let t = 0; t <= MINUTE; t += 7) state = advanceAdmission(state, at(t).getTime(), 600, null);
    expect(state.admittedThrough).toBeGreaterThanOrEqual(599);
    expect(state.admittedThrough).toBeLessThanOrEqual(600 + burstSize(600));
  });

  it('never lets in more people than have joined', () => {
    const state = advanceAdmission(
      line({ lastRank: 3, refilledAt: opening.getTime() }),
      at(MINUTE).getTime(),
      600,
      null,
    );
    expect(state.admittedThrough).toBe(3);
  });

  it('an idle line banks at most the burst, so a crowd after a lull is still paced', () => {
    const idle = advanceAdmission(
      line({ lastRank: 0, refilledAt: opening.getTime() }),
      at(60 * MINUTE).getTime(),
      600,
      null,
    );
    expect(idle.tokens).toBe(burstSize(600));
    const crowd = advanceAdmission({ ...idle, lastRank: 10_000 }, at(60 * MINUTE).getTime(), 600, null);
    expect(crowd.admittedThrough).toBe(burstSize(600));
  });

  it('time never runs backwards: a stale clock changes nothing', () => {
    const state = line({ refilledAt: at(5000).getTime(), tokens: 3 });
    expect(advanceAdmission(state, at(4000).getTime(), 600, null)).toBe(state);
  });

  it('burst is ten seconds of admissions, at least one', () => {
    expect(burstSize(600)).toBe(100);
    expect(burstSize(1)).toBe(1);
  });
});

describe('place in line', () => {
  const admission: AdmissionState = { admittedThrough: 40, lastRank: 100, tokens: 0, refilledAt: 0 };

  it('position counts from the next person to be let in', () => {
    // Six a minute: one every ten seconds.
    expect(placeInLine(41, admission, 6)).toEqual({ position: 1, ahead: 0, etaSeconds: 10 });
    expect(placeInLine(50, admission, 6)).toEqual({ position: 10, ahead: 9, etaSeconds: 100 });
  });

  it('a rank already let in has no place', () => {
    expect(placeInLine(40, admission, 6)).toBeNull();
  });

  it('tokens already banked shorten the estimate', () => {
    expect(placeInLine(43, { ...admission, tokens: 2.5 }, 6)?.etaSeconds).toBe(10);
  });

  it('asks clients to poll often when near and rarely when far', () => {
    expect(pollAfterSeconds(0)).toBe(2);
    expect(pollAfterSeconds(40)).toBe(10);
    expect(pollAfterSeconds(10_000)).toBe(30);
  });
});

describe('the draw at the opening', () => {
  const people = Array.from({ length: 10 }, (_, i) => `p${i}`);

  it('is a permutation of everyone who joined', () => {
    const drawn = shuffle(people, (n) => Math.floor(Math.random() * n));
    expect([...drawn].sort()).toEqual([...people].sort());
    expect(people[0]).toBe('p0'); // the input is left alone
  });

  it('follows the random source (reproducible with a fixed one)', () => {
    expect(shuffle(['a', 'b', 'c'], () => 0)).toEqual(['b', 'c', 'a']);
    expect(shuffle(['a', 'b', 'c'], (n) => n - 1)).toEqual(['a', 'b', 'c']);
  });

  it('gives the last to join no edge: each person is first about equally often', () => {
    const firsts = new Map<string, number>();
    let seed = 12345;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return Math.floor((seed / 2 ** 31) * n);
    };
    for (let round = 0; round < 20_000; round++) {
      const first = shuffle(people, random)[0]!;
      firsts.set(first, (firsts.get(first) ?? 0) + 1);
    }
    for (const person of people) {
      expect(firsts.get(person)).toBeGreaterThan(1700);
      expect(firsts.get(person)).toBeLessThan(2300);
    }
  });

  it('handles no one and one person', () => {
    expect(shuffle([], () => 0)).toEqual([]);
    expect(shuffle(['solo'], () => 0)).toEqual(['solo']);
  });
});

describe('admission when nobody asks for a while', () => {
  it('people waiting are let in at the full rate even if the counter is advanced only once', () => {
    const state: AdmissionState = { admittedThrough: 0, lastRank: 20, tokens: 0, refilledAt: 0 };
    expect(advanceAdmission(state, 5 * 60_000, 2, null).admittedThrough).toBe(10);
  });
});
