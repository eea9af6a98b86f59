import { beforeAll, beforeEach, expect, it } from 'vitest';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, type TestUser } from '../../support/factories';
import {
  buy,
  createOrder,
  leaveSeats,
  newEvent,
  orderPayload,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { cancel } from '../../support/refunds';
import { useServer } from '../../support/server';
import { emptyLine, joinWaitlist, myPlace, offerState } from '../../support/waitlist';

// Seats that come back reach the first in line at once, and the person offered buys them through whichever
// checkout they call. The sweep never runs by itself here (HOLD_SWEEP_SECONDS: a day) and no test calls it, so
// an offer seen is one made by the commit that gave the seats back, or by the due check once the test steps the
// clock past an offer's end. The app's clock stands still until the test moves it.

const ENV = {
  ...PURCHASE_ENV,
  WAITLIST_OFFER_MINUTES: '30',
  MAX_TICKETS_PER_PERSON: '6',
  WAITLIST_DUE_CHECK_MS: '20',
};
const MINUTE = 60_000;

describeEachDatabase('waitlist offers made at once', (engine) => {
  const clock = testClock();
  const server = useServer(engine, { env: ENV, now: clock.now });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 300, groupPrice4: 250 });
  });

  beforeEach(async () => {
    await emptyLine(server, clock.now());
  });

  /** A sold-out event with one ticket bought by `holder`, and `people` waiting one seat each, in order. */
  async function soldOutWithLine(people: number) {
    await leaveSeats(server, event.id, 1);
    const holder = await newUser(server);
    const { tickets } = await buy(server, holder, event, 1);
    const line: TestUser[] = [];
    for (let i = 0; i < people; i++) {
      // The line is served in joining order; the clock stands still unless moved, so each joins a moment later.
      clock.advance(1000);
      const guest = await newUser(server);
      const joined = await joinWaitlist(server, guest, 1);
      expect(joined.status, joined.text).toBe(200);
      line.push(guest);
    }
    return { holder, ticketId: tickets[0].id as string, line };
  }

  it('a cancellation offers the seat to the first in line before its answer, and others still get SOLD_OUT', async () => {
    const { holder, ticketId, line } = await soldOutWithLine(2);
    const [asha, bina] = line as [TestUser, TestUser];
    expect((await myPlace(server, asha)).status).toBe('waiting');

    const cancelled = await cancel(server, holder, ticketId);
    expect(cancelled.status, cancelled.text).toBe(200);
    // Read right after the answer: no sweep has run, the commit's own pass made the offer.
    expect(await myPlace(server, asha)).toMatchObject({ status: 'offered', quantity: 1, amount: 300 });
    expect(await myPlace(server, bina)).toMatchObject({ status: 'waiting', position: 1 });

    const stranger = await createOrder(server, await newUser(server), event, 1);
    expect(stranger.status, stranger.text).toBe(409);
    expect(stranger.body.code).toBe('SOLD_OUT');
    const second = await createOrder(server, bina, event, 1);
    expect(second.body.code).toBe('SOLD_OUT');
  });

  it('the person offered buys the offer through create-order with the spec payload: same hold, price and expiry', async () => {
    const { holder, ticketId, line } = await soldOutWithLine(1);
    const [asha] = line as [TestUser];
    await cancel(server, holder, ticketId);
    const offer = await offerState(server, asha);
    expect(offer.status).toBe('offered');

    // More than the offer: refused, naming it.
    const more = await createOrder(server, asha, event, 2);
    expect(more.status, more.text).toBe(409);
    expect(more.body.code).toBe('WAITLIST_OFFER_LIMIT');
    expect(more.body.error).toMatch(/waitlist offer holds 1 ticket \(Entry\)/);
    const hindi = await server.request('POST', '/api/tickets/create-order', {
      token: asha.token,
      body: orderPayload(event, 2),
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.body.error).toMatch(/वेटलिस्ट ऑफ़र/);

    const checkout = await createOrder(server, asha, event, 1);
    expect(checkout.status, checkout.text).toBe(200);
    expect(checkout.body).toMatchObject({ amount: 300, quantity: 1, holdExpiresAt: offer.holdExpiresAt });
    const row = await server.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('razorpay_order_id', '=', checkout.body.orderId)
      .executeTakeFirstOrThrow();
    expect(row.id).toBe(offer.orderId);
    // The booking path and the waitlist's checkout lead to the same order.
    const booking = await server.request('POST', '/api/tickets', {
      token: asha.token,
      body: { quantity: 1 },
    });
    expect(booking.status, booking.text).toBe(200);
    expect(booking.body.orderId).toBe(checkout.body.orderId);
    const items = await createOrder(server, asha, event, 1, {
      items: [{ ticketTypeId: `entry-${event.id}`, quantity: 1 }],
    });
    expect(items.body.orderId).toBe(checkout.body.orderId);

    const paid = await verify(server, asha, await pay(server, checkout.body.orderId));
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.tickets).toHaveLength(1);
    expect((await myPlace(server, asha)).status).toBe('bought');
  });

  it('an offer that runs out passes to the next in line at once when the clock passes its end', async () => {
    const { holder, ticketId, line } = await soldOutWithLine(2);
    const [asha, bina] = line as [TestUser, TestUser];
    await cancel(server, holder, ticketId);
    expect((await myPlace(server, asha)).status).toBe('offered');

    clock.advance(30 * MINUTE + 1000);
    // The due check (every 20 ms of real time) sees the clock past the offer's end; no sweep is called.
    expect(await eventually(async () => (await myPlace(server, bina)).status)).toBe('offered');
    expect((await myPlace(server, asha)).status).toBe('expired');
    const offers = await server.ctx.db
      .selectFrom('waitlist_entries')
      .select('status')
      .where('status', '=', 'offered')
      .execute();
    expect(offers).toHaveLength(1);
  });

  it('a raised capacity is offered to the line before the edit is answered', async () => {
    const { line } = await soldOutWithLine(1);
    const [asha] = line as [TestUser];
    const admin = await newUser(server, { role: 'admin' });
    const current = (await server.request('GET', '/api/event')).body.data;
    const edited = await server.request('PUT', '/api/event', {
      token: admin.token,
      body: newEventBody({ ticketPrice: 300, groupPrice4: 250, totalTickets: current.totalTickets + 1 }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect((await myPlace(server, asha)).status).toBe('offered');
  });
});

/** Reads a state until it stops being 'waiting', at most 200 times 25 ms apart (a state reached, not a time). */
async function eventually(read: () => Promise<string>): Promise<string> {
  let state = await read();
  for (let i = 0; i < 200 && state === 'waiting'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    state = await read();
  }
  return state;
}
