import { beforeAll, expect, it } from 'vitest';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { createOrder, newEvent, PURCHASE_ENV, pay, type TestEvent, verify } from '../../support/purchase';
import { cancel } from '../../support/refunds';
import { useServer } from '../../support/server';
import { myPlace } from '../../support/waitlist';

// A type sold out by its own capacity while the event still has people opens a line for that type alone: joining
// it is allowed, the type's tickets that come back are offered to it in line order, and while anyone waits in it
// that type is sold out to everyone else; every other type stays on sale. Offers follow each cancellation at once.

const ENV = { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30', MAX_TICKETS_PER_PERSON: '6' };

describeEachDatabase("a ticket type's own waitlist line", (engine) => {
  const clock = testClock();
  const server = useServer(engine, { env: ENV, now: clock.now });
  let event: TestEvent;
  let vip: string;
  let entry: string;
  let holder: TestUser;
  let vipTickets: { id: string }[];
  let admin: TestUser;

  const join = (guest: TestUser, quantity: number, ticketTypeId: string) =>
    server.request('POST', '/api/waitlist', { token: guest.token, body: { quantity, ticketTypeId } });
  const order = (buyer: TestUser, ticketTypeId: string, amount: number) =>
    createOrder(server, buyer, event, 1, { items: [{ ticketTypeId, quantity: 1 }], amount });

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 300, groupPrice4: 250 });
    entry = `entry-${event.id}`;
    admin = await newUser(server, { role: 'admin' });
    const created = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: { name: 'VIP pod', price: 1000, capacity: 2 },
    });
    expect(created.status, created.text).toBe(200);
    vip = created.body.ticketType.id;
    holder = await newUser(server);
    const bought = await createOrder(server, holder, event, 2, {
      items: [{ ticketTypeId: vip, quantity: 2 }],
      amount: 2000,
    });
    expect(bought.status, bought.text).toBe(200);
    const paid = await verify(server, holder, await pay(server, bought.body.orderId));
    expect(paid.status, paid.text).toBe(200);
    vipTickets = paid.body.tickets;
  });

  it('lets a guest join for the sold-out type while the event has room, not for a type on sale', async () => {
    const [asha, chetan] = [await newUser(server), await newUser(server)];
    clock.advance(1000);
    const joined = await join(asha, 2, vip);
    expect(joined.status, joined.text).toBe(200);
    expect(joined.body.position).toBe(1);
    const stored = await server.ctx.db
      .selectFrom('waitlist_entries')
      .select(['ticket_type_id', 'type_line'])
      .where('user_id', '=', asha.user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ ticket_type_id: vip, type_line: 1 });
    const refused = await join(chetan, 1, entry);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.code).toBe('NOT_SOLD_OUT');

    // The event page: the type sold out, the other types and the event still on sale.
    const page = (await server.request('GET', '/api/event')).body.data;
    expect(page.availableTickets).toBe(48);
    const types = new Map(page.ticketTypes.map((type: { id: string }) => [type.id, type]));
    expect(types.get(vip)).toMatchObject({ soldOut: true, available: 0 });
    expect(types.get(entry)).toMatchObject({ soldOut: false });
  });

  it("offers the type's returned tickets in line order; while anyone waits the type is sold out to others", async () => {
    const bina = await newUser(server);
    clock.advance(1000);
    expect((await join(bina, 1, vip)).status).toBe(200);
    const asha = await server.ctx.db
      .selectFrom('waitlist_entries')
      .innerJoin('users', 'users.id', 'waitlist_entries.user_id')
      .select('users.id')
      .where('waitlist_entries.quantity', '=', 2)
      .executeTakeFirstOrThrow();

    // One VIP ticket back: Asha (first, wants 2) does not fit, Bina (1) is offered it at once.
    expect((await cancel(server, holder, vipTickets[0]!.id)).status).toBe(200);
    expect(await myPlace(server, bina)).toMatchObject({
      status: 'offered',
      quantity: 1,
      amount: 1000,
      offerTicketTypeId: vip,
    });

    // A second one back: one short of Asha's two, so it waits for her, and nobody else may buy it.
    expect((await cancel(server, holder, vipTickets[1]!.id)).status).toBe(200);
    const line = await server.ctx.db
      .selectFrom('waitlist_entries')
      .select('status')
      .where('user_id', '=', asha.id)
      .executeTakeFirstOrThrow();
    expect(line.status).toBe('waiting');
    const dev = await newUser(server);
    const refused = await order(dev, vip, 1000);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toMatchObject({ code: 'TICKET_TYPE_SOLD_OUT', error: 'VIP pod is sold out.' });

    // Every other type stays on sale: the line is the type's, not the event's.
    const entryOrder = await order(dev, entry, 300);
    expect(entryOrder.status, entryOrder.text).toBe(200);
  });

  it("raising the type's capacity offers its line the new tickets at once, without waiting for the sweep", async () => {
    // Asha waits for two VIP tickets; one is free (held back for her line). One more makes her two.
    const asha = await server.ctx.db
      .selectFrom('waitlist_entries')
      .select(['user_id', 'status'])
      .where('ticket_type_id', '=', vip)
      .where('quantity', '=', 2)
      .executeTakeFirstOrThrow();
    expect(asha.status).toBe('waiting');
    const raised = await server.request('PUT', `/api/admin/ticket-types/${vip}`, {
      token: admin.token,
      body: { name: 'VIP pod', price: 1000, capacity: 3 },
    });
    expect(raised.status, raised.text).toBe(200);
    const place = await server.ctx.db
      .selectFrom('waitlist_entries')
      .innerJoin('orders', 'orders.id', 'waitlist_entries.offer_order_id')
      .select(['waitlist_entries.status', 'orders.quantity', 'orders.amount_paise'])
      .where('waitlist_entries.user_id', '=', asha.user_id)
      .executeTakeFirstOrThrow();
    expect(place).toEqual({ status: 'offered', quantity: 2, amount_paise: 200_000 });
  });

  it("the staff's view of the line says which type each place waits for, and in which line", async () => {
    const view = await server.request('GET', '/api/admin/waitlist', { token: admin.token });
    expect(view.status, view.text).toBe(200);
    const places = view.body.entries.map(
      (entry: { ticketType: unknown; line: string; quantity: number }) => ({
        ticketType: entry.ticketType,
        line: entry.line,
        quantity: entry.quantity,
      }),
    );
    expect(places).toEqual(
      expect.arrayContaining([
        { ticketType: { id: vip, name: 'VIP pod' }, line: 'type', quantity: 2 },
        { ticketType: { id: vip, name: 'VIP pod' }, line: 'type', quantity: 1 },
      ]),
    );
  });
});
