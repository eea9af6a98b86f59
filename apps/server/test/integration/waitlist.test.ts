import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  availableTickets,
  buy,
  createOrder,
  expireHoldNow,
  leaveSeats,
  newEvent,
  outboxRows,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import {
  checkoutOffer,
  emptyLine,
  joinWaitlist,
  leaveWaitlist,
  myPlace,
  seatsTaken,
  sweep,
} from '../../support/waitlist';
import { decodeHeader, parseMime, textOf } from '../unit/mail/mime';

// The fair waitlist (docs/product.md#waitlist). Seats that come back go to the line in order as timed offers that hold
// the seats like a checkout; others meanwhile get SOLD_OUT; an offer not bought passes to the next person.

const ENV = { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30', MAX_TICKETS_PER_PERSON: '6' };

async function offerOrderId(server: ReturnType<typeof useServer>, guest: TestUser): Promise<string> {
  const row = await server.ctx.db
    .selectFrom('waitlist_entries')
    .select('offer_order_id')
    .where('user_id', '=', guest.user.id)
    .where('status', '=', 'offered')
    .executeTakeFirstOrThrow();
  return row.offer_order_id!;
}

describeEachDatabase('waitlist', (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, { env: ENV, adjust: deliverTo(smtp) });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 300, groupPrice4: 250 });
    // One seat sold, so "no seats left" is still a capacity the event form accepts (at least 1).
    await buy(server, await newUser(server), event, 1);
  });

  beforeEach(async () => {
    await emptyLine(server);
  });

  it('joining while enough seats are on sale is refused: buy them instead', async () => {
    await leaveSeats(server, event.id, 3);
    const response = await joinWaitlist(server, await newUser(server), 2);
    expect(response.status, response.text).toBe(409);
    expect(response.body.code).toBe('NOT_SOLD_OUT');
  });

  it('a quantity that is not a whole number from 1 to the order cap is refused with a field message', async () => {
    const guest = await newUser(server);
    for (const quantity of [0, 21, 1.5, 'two']) {
      const response = await joinWaitlist(server, guest, quantity);
      expect(response.status, response.text).toBe(400);
      expect(response.body.details?.[0]?.field).toBe('quantity');
    }
  });

  it('signed-out callers cannot join or look', async () => {
    expect((await server.request('POST', '/api/waitlist', { body: { quantity: 1 } })).status).toBe(401);
    expect((await server.request('GET', '/api/waitlist/me')).status).toBe(401);
  });

  it('when sold out guests join in order, see their position, and cannot join twice', async () => {
    await leaveSeats(server, event.id, 0);
    const [asha, bina] = [await newUser(server), await newUser(server)];
    expect(await myPlace(server, asha)).toMatchObject({ status: 'none', position: null });

    const first = await joinWaitlist(server, asha, 2);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ success: true, position: 1 });
    expect((await joinWaitlist(server, bina, 1)).body.position).toBe(2);
    expect(await myPlace(server, bina)).toMatchObject({ status: 'waiting', position: 2, quantity: 1 });

    const again = await joinWaitlist(server, asha, 1);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('ALREADY_ON_WAITLIST');
  });

  it('a seat that comes back is offered to the first in line and held: everyone else gets SOLD_OUT', async () => {
    await leaveSeats(server, event.id, 1);
    const holder = await newUser(server);
    const hold = await createOrder(server, holder, event, 1);
    expect(hold.status, hold.text).toBe(200);
    const [asha, bina] = [await newUser(server), await newUser(server)];
    await joinWaitlist(server, asha, 1);
    await joinWaitlist(server, bina, 1);

    // The holder's checkout runs out: the seat is free again, and it is the line's.
    await expireHoldNow(server, (await offerlessOrder(hold.body.orderId)).id);
    const stranger = await createOrder(server, await newUser(server), event, 1);
    expect(stranger.status).toBe(409);
    expect(stranger.body.code).toBe('SOLD_OUT');

    const sweptFrom = Date.now();
    expect(await sweep(server)).toMatchObject({ offered: 1 });
    const sweptBy = Date.now();
    const offered = await myPlace(server, asha);
    expect(offered).toMatchObject({ status: 'offered', quantity: 1, amount: 300, position: null });
    // Thirty minutes from the sweep that made the offer, however long the sweep took.
    const expiresAt = Date.parse(offered.offerExpiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(sweptFrom + 30 * 60_000);
    expect(expiresAt).toBeLessThanOrEqual(sweptBy + 30 * 60_000);
    expect(await myPlace(server, bina)).toMatchObject({ status: 'waiting', position: 1 });
    expect(await availableTickets(server)).toBe(0);
    const late = await createOrder(server, await newUser(server), event, 1);
    expect(late.body.code).toBe('SOLD_OUT');

    // One offer mail, for the one offer made.
    const mails = await outboxRows(server, 'waitlist-offer');
    const entry = await server.ctx.db
      .selectFrom('waitlist_entries')
      .select('id')
      .where('user_id', '=', asha.user.id)
      .executeTakeFirstOrThrow();
    expect(mails.filter((row) => row.payload.entryId === entry.id)).toHaveLength(1);
  });

  it('the first in line buys the offer through the usual checkout and gets the tickets', async () => {
    await leaveSeats(server, event.id, 0);
    const asha = await newUser(server);
    await joinWaitlist(server, asha, 2);
    await leaveSeats(server, event.id, 2);
    await sweep(server);

    const checkout = await checkoutOffer(server, asha);
    expect(checkout.status, checkout.text).toBe(200);
    expect(checkout.body).toMatchObject({ amount: 600, quantity: 2, currency: 'INR' });
    // Opening the checkout again (a second tab) gives the same Razorpay order.
    expect((await checkoutOffer(server, asha)).body.orderId).toBe(checkout.body.orderId);

    const paid = await verify(server, asha, await pay(server, checkout.body.orderId));
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.tickets).toHaveLength(2);
    expect(await myPlace(server, asha)).toMatchObject({ status: 'bought', quantity: 2 });
    expect(await sweep(server)).toMatchObject({ bought: 1 });
  });

  it('an offer not bought in time passes to the next person in line', async () => {
    await leaveSeats(server, event.id, 0);
    const [asha, bina] = [await newUser(server), await newUser(server)];
    await joinWaitlist(server, asha, 1);
    await joinWaitlist(server, bina, 1);
    await leaveSeats(server, event.id, 1);
    await sweep(server);
    expect((await myPlace(server, asha)).status).toBe('offered');

    await expireHoldNow(server, await offerOrderId(server, asha));
    // Read live, before any pass: the offer has ended.
    expect((await myPlace(server, asha)).status).toBe('expired');
    const refused = await checkoutOffer(server, asha);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('NO_WAITLIST_OFFER');

    expect(await sweep(server)).toMatchObject({ expired: 1, offered: 1 });
    expect(await myPlace(server, bina)).toMatchObject({ status: 'offered' });
    expect(await myPlace(server, asha)).toMatchObject({ status: 'expired', closed: false });
  });

  it('a later smaller place is offered seats the first in line cannot use, and the first stays first', async () => {
    await leaveSeats(server, event.id, 0);
    const [family, single] = [await newUser(server), await newUser(server)];
    await joinWaitlist(server, family, 4);
    await joinWaitlist(server, single, 1);
    await leaveSeats(server, event.id, 1);
    await sweep(server);
    expect((await myPlace(server, single)).status).toBe('offered');
    expect(await myPlace(server, family)).toMatchObject({ status: 'waiting', position: 1 });
  });

  it('seats nobody in line can use yet show as none available, and a newcomer joins behind', async () => {
    await leaveSeats(server, event.id, 0);
    const family = await newUser(server);
    await joinWaitlist(server, family, 4);
    await leaveSeats(server, event.id, 3);
    await sweep(server);
    expect((await myPlace(server, family)).status).toBe('waiting');
    expect(await availableTickets(server)).toBe(0);
    const stranger = await newUser(server);
    expect((await createOrder(server, stranger, event, 1)).body.code).toBe('SOLD_OUT');
    const joined = await joinWaitlist(server, stranger, 1);
    expect(joined.status, joined.text).toBe(200);
    expect((await myPlace(server, stranger)).status).toBe('offered');
  });

  it('leaving with an offer gives the seats to the next person at once', async () => {
    await leaveSeats(server, event.id, 0);
    const [asha, bina] = [await newUser(server), await newUser(server)];
    await joinWaitlist(server, asha, 1);
    await joinWaitlist(server, bina, 1);
    await leaveSeats(server, event.id, 1);
    await sweep(server);

    const left = await leaveWaitlist(server, asha);
    expect(left.status, left.text).toBe(200);
    expect((await myPlace(server, asha)).status).toBe('none');
    expect((await myPlace(server, bina)).status).toBe('offered');
    const again = await leaveWaitlist(server, asha);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('NOT_ON_WAITLIST');
  });

  it('a place beyond the per-person cap is refused', async () => {
    await leaveSeats(server, event.id, 0);
    const guest = await newUser(server);
    const response = await joinWaitlist(server, guest, 7);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('PERSON_LIMIT_REACHED');
  });

  it('staff see the line and its numbers; guests may not', async () => {
    await leaveSeats(server, event.id, 0);
    const [asha, bina] = [await newUser(server, { name: 'Asha Patel' }), await newUser(server)];
    await joinWaitlist(server, asha, 2);
    await joinWaitlist(server, bina, 1);
    await leaveSeats(server, event.id, 2);
    await sweep(server);

    const manager = await newUser(server, { role: 'manager' });
    const view = await server.request('GET', '/api/admin/waitlist', { token: manager.token });
    expect(view.status, view.text).toBe(200);
    expect(view.body.stats.offered).toEqual({ people: 1, seats: 2 });
    expect(view.body.stats.waiting).toEqual({ people: 1, seats: 1 });
    expect(view.body.offerMinutes).toBe(30);
    expect(view.body.entries[0]).toMatchObject({ name: 'Asha Patel', status: 'offered', quantity: 2 });
    expect(view.body.entries[0].offerExpiresAt).toEqual(expect.any(String));
    expect(view.body.entries[1]).toMatchObject({ status: 'waiting', position: 1 });

    const guest = await server.request('GET', '/api/admin/waitlist', { token: asha.token });
    expect(guest.status).toBe(403);
  });

  it('the offer email goes out in the guest’s language', async () => {
    await leaveSeats(server, event.id, 0);
    const guest = await newUser(server);
    await server.ctx.db
      .updateTable('users')
      .set({ language: 'hi' })
      .where('id', '=', guest.user.id)
      .execute();
    await joinWaitlist(server, guest, 1);
    await leaveSeats(server, event.id, 1);
    await sweep(server);
    await server.app.outbox.drain();
    const mail = smtp.received.find((received) => received.to.includes(guest.email));
    expect(mail, 'the offer mail').toBeDefined();
    const parsed = parseMime(mail!.raw);
    expect(decodeHeader(parsed.headers.get('subject') ?? '')).toBe('आपके लिए टिकट वापस आए: Test Garba Night');
    expect(textOf(parsed, 'text/plain')).toContain('वेटलिस्ट');
  });

  it('offers and checkouts racing for returned seats never take more seats than the event has', async () => {
    await leaveSeats(server, event.id, 0);
    const guests = await Promise.all(Array.from({ length: 8 }, () => newUser(server)));
    for (const guest of guests.slice(0, 4)) expect((await joinWaitlist(server, guest, 1)).status).toBe(200);
    await leaveSeats(server, event.id, 3);
    const capacity = (await server.request('GET', '/api/event')).body.data.totalTickets;
    // Three instances' sweeps, four checkouts and a fifth join, all at once.
    await Promise.all([
      sweep(server),
      sweep(server),
      sweep(server),
      ...guests.slice(4).map((guest) => createOrder(server, guest, event, 1)),
      joinWaitlist(server, await newUser(server), 1),
    ]);
    expect(await seatsTaken(server, event.id)).toBeLessThanOrEqual(capacity);
    const offered = await Promise.all(guests.slice(0, 4).map((guest) => myPlace(server, guest)));
    expect(offered.map((place) => place.status)).toEqual(['offered', 'offered', 'offered', 'waiting']);
    expect(await availableTickets(server)).toBe(0);
  });

  it('holds, joins and sweeps hammering the last seats, then holds running out into the line, never oversell', async () => {
    await leaveSeats(server, event.id, 4);
    const capacity = (await server.request('GET', '/api/event')).body.data.totalTickets;
    const buyers = await Promise.all(Array.from({ length: 8 }, () => newUser(server)));
    const joiners = await Promise.all(Array.from({ length: 6 }, () => newUser(server)));
    const first = await Promise.all([
      ...buyers.map((buyer) => createOrder(server, buyer, event, 1)),
      ...joiners.map((joiner) => joinWaitlist(server, joiner, 1)),
      sweep(server),
      sweep(server),
    ]);
    expect(await seatsTaken(server, event.id)).toBeLessThanOrEqual(capacity);
    const holds = first.slice(0, 8).filter((answer) => (answer as { status: number }).status === 200);
    expect(holds.length).toBe(4);

    // Sold out now, so these join; with the ones who got in above the line is at least four long.
    for (const joiner of await Promise.all(Array.from({ length: 4 }, () => newUser(server)))) {
      expect((await joinWaitlist(server, joiner, 1)).status).toBe(200);
    }
    // Every checkout's hold runs out at once; three instances sweep while more buyers try and more join.
    for (const hold of holds) {
      await expireHoldNow(
        server,
        (await offerlessOrder((hold as { body: { orderId: string } }).body.orderId)).id,
      );
    }
    const late = await Promise.all(Array.from({ length: 4 }, () => newUser(server)));
    const second = await Promise.all([
      sweep(server),
      sweep(server),
      sweep(server),
      ...late.map((buyer) => createOrder(server, buyer, event, 1)),
      ...late.map((joiner) => joinWaitlist(server, joiner, 1)),
    ]);
    expect(await seatsTaken(server, event.id)).toBeLessThanOrEqual(capacity);
    expect(await availableTickets(server)).toBe(0);
    // The four seats went to the line, not to the buyers who arrived while people waited.
    const lateHolds = second.slice(3, 7).filter((answer) => (answer as { status: number }).status === 200);
    expect(lateHolds).toHaveLength(0);
    const offers = await server.ctx.db
      .selectFrom('waitlist_entries')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('seats'))
      .where('status', '=', 'offered')
      .executeTakeFirstOrThrow();
    expect(Number(offers.seats)).toBe(4);
  });

  it('when the event starts the line closes: no joins, and each person still waiting is told once', async () => {
    await leaveSeats(server, event.id, 0);
    const [asha, bina] = [await newUser(server), await newUser(server)];
    await joinWaitlist(server, asha, 1);
    await joinWaitlist(server, bina, 1);
    const realNow = server.ctx.now;
    server.ctx.now = () => new Date('2099-10-01T13:30:00.000Z');
    try {
      await Promise.all([sweep(server), sweep(server)]);
      const rows = await outboxRows(server, 'waitlist-closed');
      const ids = rows.map((row) => row.id);
      expect(ids).toContain(`waitlist-closed:${event.id}:${asha.user.id}`);
      expect(ids).toContain(`waitlist-closed:${event.id}:${bina.user.id}`);
      expect(ids.filter((id) => id.endsWith(asha.user.id))).toHaveLength(1);
      expect(await myPlace(server, asha)).toMatchObject({ status: 'expired', closed: true });
      const late = await joinWaitlist(server, await newUser(server), 1);
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('WAITLIST_CLOSED');
    } finally {
      server.ctx.now = realNow;
    }
  });

  async function offerlessOrder(razorpayOrderId: string) {
    return server.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('razorpay_order_id', '=', razorpayOrderId)
      .executeTakeFirstOrThrow();
  }
});
