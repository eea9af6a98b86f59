import { describe, expect, it } from 'vitest';
import { testClock } from '../../support/clock';
import { newUser, type TestUser } from '../../support/factories';
import { useInstances } from '../../support/instances';
import { buy, newEvent, outboxRows, PURCHASE_ENV, setTotalTickets } from '../../support/purchase';
import { cancel } from '../../support/refunds';
import type { TestServer } from '../../support/server';
import { joinWaitlist, myPlace } from '../../support/waitlist';

// Two instances on one PostgreSQL: seats given back on one are offered once, however many passes both instances
// run at that moment (the once-only invariant of modules/waitlist/offer-trigger.ts). Each instance is a whole
// app on the same database and data folder, as two processes would be; they share the test's clock, which stands
// still until the test moves it. No sweep runs by itself (HOLD_SWEEP_SECONDS: a day).

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || undefined;
const RETURNED = 3;
const WAITING = 6;
const PASSES_PER_INSTANCE = 25;

if (!TEST_DATABASE_URL) {
  describe.skip('waitlist offers on two instances (skipped: set TEST_DATABASE_URL)', () => {
    it('runs on PostgreSQL', () => {});
  });
} else {
  describe('waitlist offers on two instances of one PostgreSQL', () => {
    const clock = testClock();
    const { servers } = useInstances('postgres', {
      env: { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30' },
      now: clock.now,
    });

    it('seats cancelled while both instances run passes are offered once each, to the first in line', async () => {
      const [first, second] = servers as [TestServer, TestServer];
      const event = await newEvent(first, { totalTickets: 50, ticketPrice: 300, groupPrice4: 250 });
      await setTotalTickets(first, event.id, RETURNED);
      // Bought through the first instance: its Razorpay emulator holds the payments the refunds go back to.
      const holders: { guest: TestUser; ticketId: string }[] = [];
      for (let i = 0; i < RETURNED; i++) {
        const guest = await newUser(first);
        const { tickets } = await buy(first, guest, event, 1);
        holders.push({ guest, ticketId: tickets[0].id });
      }
      const line: TestUser[] = [];
      for (let i = 0; i < WAITING; i++) {
        clock.advance(1000);
        const guest = await newUser(first);
        const joined = await joinWaitlist(i % 2 === 0 ? first : second, guest, 1);
        expect(joined.status, joined.text).toBe(200);
        line.push(guest);
      }

      // Every cancellation at once, and passes asked of both instances all the while.
      const hammer = servers.flatMap((server) =>
        Array.from({ length: PASSES_PER_INSTANCE }, () => server.ctx.seatsReturned(event.id)),
      );
      const cancelled = await Promise.all([
        ...holders.map(({ guest, ticketId }) => cancel(first, guest, ticketId)),
        ...hammer,
      ]);
      for (const answer of cancelled.slice(0, RETURNED)) {
        expect((answer as { status: number }).status).toBe(200);
      }

      const states = await Promise.all(line.map((guest) => myPlace(second, guest)));
      expect(states.map((state) => state.status)).toEqual([
        ...Array.from({ length: RETURNED }, () => 'offered'),
        ...Array.from({ length: WAITING - RETURNED }, () => 'waiting'),
      ]);
      const db = first.ctx.db;
      const offers = await db
        .selectFrom('waitlist_entries')
        .select(['id', 'offer_order_id'])
        .where('event_id', '=', event.id)
        .where('status', '=', 'offered')
        .execute();
      expect(new Set(offers.map((offer) => offer.offer_order_id)).size).toBe(RETURNED);
      const holds = await db
        .selectFrom('orders')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_id', '=', event.id)
        .where('status', '=', 'created')
        .executeTakeFirstOrThrow();
      expect(Number(holds.n)).toBe(RETURNED);
      // One offer mail per place offered, whichever instance's pass made it.
      const mails = (await outboxRows(first, 'waitlist-offer')).filter((row) =>
        offers.some((offer) => offer.id === row.payload.entryId),
      );
      expect(mails).toHaveLength(RETURNED);
      const event2 = (await second.request('GET', '/api/event')).body.data;
      expect(event2.availableTickets).toBe(0);
    });
  });
}
