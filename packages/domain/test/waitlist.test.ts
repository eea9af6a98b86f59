import { describe, expect, it } from 'vitest';
import { waitlistMeResponseSchema } from '../src/api/waitlist';
import {
  DEFAULT_WAITLIST_OFFER_MINUTES,
  type JoinFacts,
  joinRefusal,
  joinWaitlistSchema,
  lineJoined,
  lineOrder,
  offerCountdown,
  offerExpiresAt,
  offerOutcome,
  publicStatus,
  waitableTypes,
  waitlistClosedKey,
  waitlistClosesAt,
  waitlistOfferKey,
} from '../src/waitlist';

const closesAt = new Date('2026-10-10T13:30:00.000Z'); // 19:00 IST
const before = new Date('2026-10-10T12:00:00.000Z');

function facts(overrides: Partial<JoinFacts> = {}): JoinFacts {
  return {
    now: before,
    closesAt,
    quantity: 2,
    available: 0,
    anyoneWaiting: false,
    typeLeft: null,
    typeLineWaiting: false,
    alreadyInLine: false,
    allowanceRemaining: 20,
    ...overrides,
  };
}

describe('waitableTypes', () => {
  const types = [
    { id: 'entry', soldOut: false, onSale: true },
    { id: 'vip', soldOut: true, onSale: true },
    { id: 'paused', soldOut: true, onSale: false },
  ];

  it('offers the types sold out on their own while the event has room', () => {
    expect(waitableTypes(types, false).map((type) => type.id)).toEqual(['vip']);
  });

  it('offers every type on sale when the event is sold out, never a paused one', () => {
    expect(waitableTypes(types, true).map((type) => type.id)).toEqual(['entry', 'vip']);
  });
});

describe('lineJoined', () => {
  it("joins the event's line when the event's people are short or someone waits there", () => {
    expect(lineJoined({ available: 1, anyoneWaiting: false, quantity: 2 })).toBe('event');
    expect(lineJoined({ available: 9, anyoneWaiting: true, quantity: 2 })).toBe('event');
  });

  it("joins the type's own line when the event has the people (only the type is sold out)", () => {
    expect(lineJoined({ available: 9, anyoneWaiting: false, quantity: 2 })).toBe('type');
  });
});

describe('waitlistClosesAt', () => {
  it('is the event start on the IST wall clock', () => {
    expect(waitlistClosesAt({ date: '2026-10-10', startTime: '19:00' }).toISOString()).toBe(
      '2026-10-10T13:30:00.000Z',
    );
  });

  it('crosses the UTC date line for an early-morning IST start', () => {
    expect(waitlistClosesAt({ date: '2026-10-10', startTime: '02:00' }).toISOString()).toBe(
      '2026-10-09T20:30:00.000Z',
    );
  });
});

describe('joinRefusal', () => {
  it('lets a person join a sold-out event', () => {
    expect(joinRefusal(facts())).toBeNull();
  });

  it('lets a person join when fewer seats are free than they ask for', () => {
    expect(joinRefusal(facts({ available: 1, quantity: 2 }))).toBeNull();
  });

  it('sends a person to buy when enough seats are free and nobody waits', () => {
    expect(joinRefusal(facts({ available: 2, quantity: 2 }))).toBe('not-sold-out');
    expect(joinRefusal(facts({ available: 50, quantity: 1 }))).toBe('not-sold-out');
  });

  it('lets a person join behind others even when seats are free (they are the line’s first)', () => {
    expect(joinRefusal(facts({ available: 5, anyoneWaiting: true }))).toBeNull();
  });

  it('lets a person join for a type its own capacity has sold out while the event still has people', () => {
    expect(joinRefusal(facts({ available: 50, typeLeft: 0 }))).toBeNull();
    expect(joinRefusal(facts({ available: 50, typeLeft: 1, quantity: 2 }))).toBeNull();
    expect(joinRefusal(facts({ available: 50, typeLeft: 2, quantity: 2 }))).toBe('not-sold-out');
  });

  it("lets a person join behind others in the type's own line even when the type has tickets again", () => {
    expect(joinRefusal(facts({ available: 50, typeLeft: 3, typeLineWaiting: true }))).toBeNull();
  });

  it('refuses from the instant the event starts', () => {
    expect(joinRefusal(facts({ now: closesAt }))).toBe('closed');
    expect(joinRefusal(facts({ now: new Date(closesAt.getTime() - 1) }))).toBeNull();
  });

  it('refuses a second live place', () => {
    expect(joinRefusal(facts({ alreadyInLine: true }))).toBe('already-in-line');
  });

  it('refuses seats beyond the per-person cap, and accepts exactly the remaining allowance', () => {
    expect(joinRefusal(facts({ quantity: 3, allowanceRemaining: 2 }))).toBe('person-limit');
    expect(joinRefusal(facts({ quantity: 2, allowanceRemaining: 2 }))).toBeNull();
    expect(joinRefusal(facts({ quantity: 1, allowanceRemaining: 0 }))).toBe('person-limit');
  });

  it('names the first reason when several apply: closed, then in line, then not sold out, then the cap', () => {
    const all = facts({ now: closesAt, alreadyInLine: true, available: 9, allowanceRemaining: 0 });
    expect(joinRefusal(all)).toBe('closed');
    expect(joinRefusal({ ...all, now: before })).toBe('already-in-line');
    expect(joinRefusal({ ...all, now: before, alreadyInLine: false })).toBe('not-sold-out');
    expect(joinRefusal({ ...all, now: before, alreadyInLine: false, available: 0 })).toBe('person-limit');
  });
});

const place = (id: string, quantity: number, joinedAt: string) => ({ id, quantity, joinedAt });

describe('lineOrder', () => {
  it('serves who joined first', () => {
    const early = place('b', 1, '2026-10-01T10:00:00.000Z');
    const late = place('a', 1, '2026-10-01T10:00:01.000Z');
    expect([late, early].sort(lineOrder).map((p) => p.id)).toEqual(['b', 'a']);
  });

  it('breaks a tie of the same millisecond by id, the same way on every instance', () => {
    const at = '2026-10-01T10:00:00.000Z';
    expect([place('z', 1, at), place('m', 1, at)].sort(lineOrder).map((p) => p.id)).toEqual(['m', 'z']);
    expect(lineOrder(place('m', 1, at), place('m', 2, at))).toBe(0);
  });
});

describe('offerExpiresAt', () => {
  it('is the offer window after now', () => {
    expect(offerExpiresAt(before, DEFAULT_WAITLIST_OFFER_MINUTES, closesAt).toISOString()).toBe(
      '2026-10-10T12:30:00.000Z',
    );
  });

  it('never runs past the close of the line', () => {
    const late = new Date(closesAt.getTime() - 10 * 60_000);
    expect(offerExpiresAt(late, 30, closesAt)).toEqual(closesAt);
  });
});

describe('offerOutcome', () => {
  const now = new Date('2026-10-10T12:00:00.000Z');
  const live = '2026-10-10T12:10:00.000Z';
  const past = '2026-10-10T11:59:59.999Z';

  it('is offered while the hold is live', () => {
    expect(offerOutcome({ status: 'created', holdExpiresAt: live }, now)).toBe('offered');
  });

  it('is expired the instant the hold ends', () => {
    expect(offerOutcome({ status: 'created', holdExpiresAt: now.toISOString() }, now)).toBe('expired');
    expect(offerOutcome({ status: 'created', holdExpiresAt: past }, now)).toBe('expired');
  });

  it('is bought once paid, even after the hold time', () => {
    expect(offerOutcome({ status: 'paid', holdExpiresAt: past }, now)).toBe('bought');
  });

  it('is expired for every other end of the hold', () => {
    for (const status of ['expired', 'refunded', 'failed', 'cancelled'] as const) {
      expect(offerOutcome({ status, holdExpiresAt: live }, now)).toBe('expired');
    }
  });
});

describe('publicStatus', () => {
  it('shows live and ended places as the API names them', () => {
    expect(publicStatus('waiting')).toBe('waiting');
    expect(publicStatus('offered')).toBe('offered');
    expect(publicStatus('bought')).toBe('bought');
    expect(publicStatus('expired')).toBe('expired');
    expect(publicStatus('closed')).toBe('expired');
    expect(publicStatus('left')).toBe('none');
    expect(publicStatus(null)).toBe('none');
  });
});

describe('offerCountdown', () => {
  const now = new Date('2026-10-10T12:00:00.000Z');
  it('shows minutes and two-digit seconds', () => {
    expect(offerCountdown('2026-10-10T12:30:00.000Z', now)).toBe('30:00');
    expect(offerCountdown('2026-10-10T12:01:05.900Z', now)).toBe('1:05');
  });
  it('stops at 0:00', () => {
    expect(offerCountdown('2026-10-10T11:00:00.000Z', now)).toBe('0:00');
  });
});

describe('schemas', () => {
  it('takes a whole quantity within the order cap', () => {
    const schema = joinWaitlistSchema(20);
    expect(schema.parse({ quantity: 3 })).toEqual({ quantity: 3 });
    for (const quantity of [0, 21, 1.5, '2', null]) {
      expect(schema.safeParse({ quantity }).success).toBe(false);
    }
  });

  it('reads the answer of GET /waitlist/me', () => {
    const me = {
      status: 'offered',
      position: null,
      quantity: 2,
      offerExpiresAt: '2026-10-10T12:30:00.000Z',
      closed: false,
      amount: 1000,
      offerTicketTypeId: 'b3c1e2d4-0000-4000-8000-000000000001',
    };
    expect(waitlistMeResponseSchema.parse({ success: true, ...me })).toEqual({ success: true, ...me });
    expect(waitlistMeResponseSchema.safeParse({ success: true, ...me, status: 'left' }).success).toBe(false);
  });
});

describe('outbox keys', () => {
  it('are one per person for the closing mail and one per offer', () => {
    expect(waitlistClosedKey('e1', 'u1')).toBe('waitlist-closed:e1:u1');
    expect(waitlistOfferKey('w1', 'o1')).toBe('waitlist-offer:w1:o1');
  });
});
