import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { availableTickets, leaveSeats, newEvent, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// Manual issuance of a chosen ticket type: its current phase price (or free), its admits counted in the event's
// people, its own capacity respected, hidden types issued by staff, and both limits exact under parallel issuances.

describeEachDatabase('manual issuance of a ticket type', (engine) => {
  // Before the early bird ends (5 Oct, IST): the clock stands where the test puts it.
  const server = useServer(engine, { now: () => new Date('2026-10-01T06:30:00.000Z') });
  let event: TestEvent;
  let admin: TestUser;
  let couple: { id: string };
  let artist: { id: string };

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
    const created = await Promise.all([
      createType({
        name: 'Couple pass',
        price: 599,
        admits: 2,
        capacity: 6,
        colour: '#BE185D',
        phases: [
          { label: 'Early bird', price: 499, endsAt: '2026-10-05T00:00', quantity: 50 },
          { label: 'Regular', price: 599 },
        ],
      }),
      createType({ name: 'Artist pass', price: 150, hidden: true, colour: '#1D4ED8' }),
    ]);
    [couple, artist] = created;
  });

  async function createType(body: Record<string, unknown>) {
    const response = await server.request('POST', '/api/admin/ticket-types', { token: admin.token, body });
    if (response.status !== 200) throw new Error(response.text);
    return response.body.ticketType as { id: string };
  }

  function issue(body: Record<string, unknown>) {
    return server.request('POST', '/api/tickets/admin/issue-manual', { token: admin.token, body });
  }

  async function guestId() {
    return (await newUser(server)).user.id;
  }

  it('without a type, the default type at the event price (the form as before)', async () => {
    const response = await issue({ userId: await guestId(), quantity: 1 });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      totalAmount: 299,
      pricingTier: 'Individual',
      ticketType: { name: 'Entry', admits: 1 },
      phaseLabel: null,
    });
  });

  it('a couple pass at its current phase price, admitting two, takes two people each and no phase quantity', async () => {
    const before = await availableTickets(server);
    const response = await issue({ userId: await guestId(), quantity: 2, ticketTypeId: couple.id });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      totalAmount: 998,
      pricePerTicket: 499,
      pricingTier: 'Individual',
      phaseLabel: 'Early bird',
      ticketType: { id: couple.id, name: 'Couple pass', admits: 2, colour: '#BE185D' },
    });
    for (const ticket of response.body.tickets) {
      expect(ticket).toMatchObject({ price: 499, ticketType: { id: couple.id, admits: 2 } });
    }
    expect(await availableTickets(server)).toBe(before - 4);
    const rows = await server.ctx.db
      .selectFrom('tickets')
      .select(['phase_id', 'promo_code_id', 'admits', 'price_paise'])
      .where('ticket_type_id', '=', couple.id)
      .execute();
    expect(rows).toEqual([
      { phase_id: null, promo_code_id: null, admits: 2, price_paise: 49_900 },
      { phase_id: null, promo_code_id: null, admits: 2, price_paise: 49_900 },
    ]);
    const types = await server.request('GET', '/api/admin/ticket-types', { token: admin.token });
    const listed = types.body.ticketTypes.find((type: { id: string }) => type.id === couple.id);
    expect(listed).toMatchObject({ sold: 2, people: 4, phases: [{ sold: 0 }, { sold: 0 }] });
  });

  it('free issues at ₹0; a hidden type may be issued by staff', async () => {
    const response = await issue({
      userId: await guestId(),
      quantity: 2,
      ticketTypeId: artist.id,
      free: true,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      totalAmount: 0,
      pricePerTicket: 0,
      pricingTier: 'Free',
      ticketType: { name: 'Artist pass' },
    });
  });

  it("the type's capacity binds: the refusal names the type and leaves nothing behind", async () => {
    // 6 couple passes at most; 2 issued above.
    const response = await issue({ userId: await guestId(), quantity: 5, ticketTypeId: couple.id });
    expect(response.status, response.text).toBe(409);
    expect(response.body).toMatchObject({
      code: 'TICKET_TYPE_SOLD_OUT',
      error: 'Only 4 Couple pass tickets are available to issue.',
    });
    // Stock that moved is no field to correct: the desk shows the sentence as a toast.
    expect(response.body.details).toBeUndefined();
  });

  it("the event's people bind: a couple pass needs two", async () => {
    await leaveSeats(server, event.id, 3);
    try {
      const response = await issue({ userId: await guestId(), quantity: 2, ticketTypeId: couple.id });
      expect(response.status, response.text).toBe(409);
      expect(response.body).toMatchObject({
        code: 'SOLD_OUT',
        error: 'Only 1 ticket is available to issue.',
      });
    } finally {
      await leaveSeats(server, event.id, 400);
    }
  });

  it('an unknown type is a 400 on ticketTypeId', async () => {
    const response = await issue({ userId: await guestId(), ticketTypeId: 'no-such-type' });
    expect(response.status, response.text).toBe(400);
    expect(response.body).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'ticketTypeId', message: 'Please choose a ticket type' }],
    });
  });

  it('parallel issuances never pass the event people nor the type capacity', async () => {
    // 5 people left: at most two couple passes (4 people) fit, whatever the order of 6 parallel requests.
    await leaveSeats(server, event.id, 5);
    try {
      const guests = await Promise.all([1, 2, 3, 4, 5, 6].map(() => guestId()));
      const replies = await Promise.all(
        guests.map((userId) => issue({ userId, quantity: 1, ticketTypeId: couple.id })),
      );
      expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
      expect(await availableTickets(server)).toBe(1);
    } finally {
      await leaveSeats(server, event.id, 400);
    }
    // The type has 6 places: 4 taken now, so of 4 parallel requests exactly 2 succeed.
    const guests = await Promise.all([1, 2, 3, 4].map(() => guestId()));
    const replies = await Promise.all(
      guests.map((userId) => issue({ userId, quantity: 1, ticketTypeId: couple.id })),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 200, 409, 409]);
    const sold = await server.ctx.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('ticket_type_id', '=', couple.id)
      .executeTakeFirstOrThrow();
    expect(Number(sold.n)).toBe(6);
  });
});
