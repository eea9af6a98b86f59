import { beforeAll, expect, it } from 'vitest';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  availableTickets,
  createOrder,
  expireHoldNow,
  newEvent,
  orderRow,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  ticketCount,
  verify,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// Buying ticket types: the spec's payload still buys the default type; an order of several types with a code;
// and the races a sale of types and codes must survive, on both engines: a phase's last tickets and a 10-use code
// under 50 parallel buyers, a hold that keeps its early-bird price past the phase's end (the clock driven by the
// test), and two types racing for the event's last people (a couple pass needs two).

const EARLY_ENDS = new Date('2026-10-04T18:30:00.000Z');

describeEachDatabase('buying ticket types', (engine) => {
  const clock = testClock(new Date(EARLY_ENDS.getTime() - 10 * 60_000));
  const server = useServer(engine, { env: PURCHASE_ENV, now: clock.now });
  let event: TestEvent;
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
    buyer = await newUser(server);
  });

  const newType = async (body: Record<string, unknown>): Promise<string> => {
    const response = await server.request('POST', '/api/admin/ticket-types', { token: admin.token, body });
    expect(response.status, response.text).toBe(200);
    return response.body.ticketType.id;
  };
  const newCode = async (body: Record<string, unknown>) => {
    const response = await server.request('POST', '/api/admin/promo-codes', { token: admin.token, body });
    expect(response.status, response.text).toBe(200);
  };
  const book = (who: TestUser, body: Record<string, unknown>) =>
    server.request('POST', '/api/tickets', { token: who.token, body });
  const ticketsOf = (orderId: string) =>
    server.ctx.db.selectFrom('tickets').selectAll().where('order_id', '=', orderId).orderBy('seq').execute();
  const orderOf = (razorpayOrderId: string) =>
    server.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('razorpay_order_id', '=', razorpayOrderId)
      .executeTakeFirstOrThrow();

  it("the spec's payload without items buys the default type as before, and answers its line", async () => {
    const response = await createOrder(server, buyer, event, 2);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      quantity: 2,
      pricePerTicket: 299,
      pricingTier: 'Individual',
      amount: 598,
      lines: [{ name: 'Entry', quantity: 2, unitPrice: 299, discount: 0, total: 598 }],
      discount: 0,
      promoCode: null,
      free: false,
    });
    const verified = await verify(server, buyer, await pay(server, response.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    const tickets = await ticketsOf((await orderOf(response.body.orderId)).id);
    expect(tickets.map((ticket) => [ticket.price_paise, ticket.admits, ticket.ticket_type_id])).toEqual([
      [29_900, 1, `entry-${event.id}`],
      [29_900, 1, `entry-${event.id}`],
    ]);
  });

  it('a couple pass and two female passes with a code in one order: priced per line, issued per type', async () => {
    const couple = await newType({ name: 'Couple pass', price: 599, admits: 2 });
    const female = await newType({
      name: 'Female pass',
      price: 349,
      phases: [{ label: 'Early bird', price: 249, endsAt: EARLY_ENDS.toISOString(), quantity: 300 }],
    });
    await newCode({ code: 'GIRLS-10', kind: 'percent', value: 10, ticketTypeIds: [female] });
    const peopleBefore = await availableTickets(server);
    const response = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: {
        eventId: event.id,
        amount: 599 + 2 * 224.1,
        items: [
          { ticketTypeId: couple, quantity: 1 },
          { ticketTypeId: female, quantity: 2 },
        ],
        promoCode: 'girls-10',
      },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      quantity: 3,
      amount: 1047.2,
      discount: 49.8,
      promoCode: 'GIRLS-10',
      lines: [
        { ticketTypeId: couple, name: 'Couple pass', quantity: 1, admits: 2, unitPrice: 599, total: 599 },
        {
          ticketTypeId: female,
          quantity: 2,
          phaseLabel: 'Early bird',
          unitPrice: 249,
          discount: 49.8,
          total: 448.2,
        },
      ],
    });
    // The hold counts people: a couple pass is two of the event's.
    expect(await availableTickets(server)).toBe(peopleBefore - 4);
    const verified = await verify(server, buyer, await pay(server, response.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    const tickets = await ticketsOf((await orderOf(response.body.orderId)).id);
    expect(
      tickets.map((ticket) => [
        ticket.ticket_type_id,
        ticket.admits,
        ticket.price_paise,
        ticket.discount_paise,
      ]),
    ).toEqual([
      [couple, 2, 59_900, 0],
      [female, 1, 22_410, 2_490],
      [female, 1, 22_410, 2_490],
    ]);
    expect(await availableTickets(server)).toBe(peopleBefore - 4);
  });

  it("a client amount that is not the server's is PRICE_CHANGED with the new figures, nothing held", async () => {
    const vip = await newType({ name: 'VIP pod', price: 4999, admits: 4 });
    const before = await availableTickets(server);
    const response = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: { eventId: event.id, amount: 4000, items: [{ ticketTypeId: vip, quantity: 1 }] },
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'PRICE_CHANGED',
      figures: { total: 4999, discount: 0, lines: [{ ticketTypeId: vip, name: 'VIP pod', unitPrice: 4999 }] },
    });
    expect(await availableTickets(server)).toBe(before);
  });

  it("a phase's last tickets under 50 parallel buyers: never more than its quantity, the rest at the next price", async () => {
    const type = await newType({
      name: 'Phase race',
      price: 200,
      phases: [{ label: 'Early bird', price: 100, quantity: 10 }],
    });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => newUser(server)));
    const answers = await Promise.all(
      buyers.map((who) => book(who, { items: [{ ticketTypeId: type, quantity: 1 }] })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const prices = answers.map((answer) => answer.body.lines[0].unitPrice);
    expect(prices.filter((price) => price === 100)).toHaveLength(10);
    expect(prices.filter((price) => price === 200)).toHaveLength(40);
  });

  it('a 10-use code under 50 parallel buyers: exactly 10 tickets discounted', async () => {
    const type = await newType({ name: 'Code race', price: 500 });
    await newCode({ code: 'TEN-USES', kind: 'amount', value: 100, maxUses: 10, ticketTypeIds: [type] });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => newUser(server)));
    const answers = await Promise.all(
      buyers.map((who) => book(who, { items: [{ ticketTypeId: type, quantity: 1 }], promoCode: 'ten-uses' })),
    );
    const discounted = answers.filter((answer) => answer.status === 200 && answer.body.discount === 100);
    expect(discounted).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code)).toEqual(
      Array.from({ length: 40 }, () => 'PROMO_CODE_INVALID'),
    );
    expect(answers.filter((answer) => answer.status === 409)[0]!.body.error).toBe(
      'This code has been used up.',
    );
  });

  it('a hold quoted in the last early-bird moments keeps its price past the end of the phase', async () => {
    const type = await newType({
      name: 'Last minute',
      price: 250,
      phases: [
        { label: 'Early bird', price: 150, endsAt: new Date(clock.now().getTime() + 60_000).toISOString() },
      ],
    });
    const response = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: { eventId: event.id, amount: 150, items: [{ ticketTypeId: type, quantity: 1 }] },
    });
    expect(response.status, response.text).toBe(200);
    clock.advance(2 * 60_000);
    // The phase has ended: a new quote is the next price; the hold keeps what it was quoted.
    const now = await server.request('POST', '/api/promo-codes/check', {
      token: buyer.token,
      body: { code: 'NONE', items: [{ ticketTypeId: type, quantity: 1 }] },
    });
    expect(now.body.total).toBe(250);
    const verified = await verify(server, buyer, await pay(server, response.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    const [ticket] = await ticketsOf((await orderOf(response.body.orderId)).id);
    expect(ticket).toMatchObject({ price_paise: 15_000, ticket_type_id: type });
    expect(ticket!.phase_id).not.toBeNull();
  });
});

describeEachDatabase("two types racing for the event's last people", (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });

  it('a couple pass needs two: of a couple pass and two singles racing for 3 people, exactly one is sold', async () => {
    await newEvent(server, { totalTickets: 3, ticketPrice: 299, groupPrice4: 249 });
    const admin = await newUser(server, { role: 'admin' });
    const couple = (
      await server.request('POST', '/api/admin/ticket-types', {
        token: admin.token,
        body: { name: 'Couple pass', price: 599, admits: 2 },
      })
    ).body.ticketType.id;
    const types = (await server.request('GET', '/api/event')).body.data.ticketTypes;
    const single = types.find((type: { admits: number }) => type.admits === 1).id;
    const [first, second] = await Promise.all([newUser(server), newUser(server)]);
    const answers = await Promise.all([
      server.request('POST', '/api/tickets', {
        token: first!.token,
        body: { items: [{ ticketTypeId: couple, quantity: 1 }] },
      }),
      server.request('POST', '/api/tickets', {
        token: second!.token,
        body: { items: [{ ticketTypeId: single, quantity: 2 }] },
      }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('TICKET_TYPE_SOLD_OUT');
    expect(await availableTickets(server)).toBe(1);
    // One person left: a couple pass no longer fits, a single does; then nothing is left, never less.
    const third = await newUser(server);
    const late = await server.request('POST', '/api/tickets', {
      token: third.token,
      body: { items: [{ ticketTypeId: couple, quantity: 1 }] },
    });
    expect(late.body).toMatchObject({ code: 'TICKET_TYPE_SOLD_OUT', error: 'Couple pass is sold out.' });
    const last = await server.request('POST', '/api/tickets', { token: third.token, body: { quantity: 1 } });
    expect(last.status, last.text).toBe(200);
    expect(await availableTickets(server)).toBe(0);
    const counters = await server.ctx.db.selectFrom('sales_counters').select(['sold', 'held']).execute();
    expect(counters.every((row) => Number(row.sold) >= 0 && Number(row.held) >= 0)).toBe(true);
  });
});

describeEachDatabase('a late payment is judged again per type', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });

  it("a payment after its hold ran out is refunded when the type's capacity was sold meanwhile", async () => {
    const event = await newEvent(server, { totalTickets: 100, ticketPrice: 299, groupPrice4: 249 });
    const admin = await newUser(server, { role: 'admin' });
    const pod = (
      await server.request('POST', '/api/admin/ticket-types', {
        token: admin.token,
        body: { name: 'VIP pod', price: 999, capacity: 1 },
      })
    ).body.ticketType.id;
    const orderPod = (who: TestUser) =>
      server.request('POST', '/api/tickets/create-order', {
        token: who.token,
        body: { eventId: event.id, amount: 999, items: [{ ticketTypeId: pod, quantity: 1 }] },
      });
    const [late, other] = await Promise.all([newUser(server), newUser(server)]);
    const held = await orderPod(late);
    expect(held.status, held.text).toBe(200);
    await expireHoldNow(server, (await orderRow(server, held.body.orderId)).id);
    // The pod came back on sale when the hold ran out, and someone else bought it; then the first buyer pays
    // (their payment's webhook and their verify both meet a late payment).
    const bought = await orderPod(other);
    expect(bought.status, bought.text).toBe(200);
    expect((await verify(server, other, await pay(server, bought.body.orderId))).status).toBe(200);
    const checkout = await pay(server, held.body.orderId);

    // The event has people to spare; the type has none: the late payment goes back in full.
    const answer = await verify(server, late, checkout);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('SOLD_OUT');
    expect(answer.body.error).toContain('refunded in full');
    const row = await orderRow(server, held.body.orderId);
    expect(row.status).toBe('refunded');
    expect(await ticketCount(server, row.id)).toBe(0);
    const counter = await server.ctx.db
      .selectFrom('sales_counters')
      .select(['sold', 'held'])
      .where('scope', '=', 'type')
      .where('ref_id', '=', pod)
      .executeTakeFirstOrThrow();
    expect({ sold: Number(counter.sold), held: Number(counter.held) }).toEqual({ sold: 1, held: 0 });
  });
});
