import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  createOrder,
  newEvent,
  PURCHASE_ENV,
  pay,
  setWebhookMode,
  type TestEvent,
  verify,
  webhooksDelivered,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// Who each ticket is for, named in the purchase dialog: create-order carries the names
// under manual issuance's rule; the tickets carry them whichever path issues them.

// biome-ignore lint/suspicious/noExplicitAny: ticket JSON as the API returns it.
type TicketJson = any;

describeEachDatabase('naming tickets at purchase', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let buyer: TestUser;
  let checker: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 200 });
    buyer = await newUser(server, { name: 'Meera Joshi' });
    checker = await newUser(server, { role: 'qrchecker', name: 'Gate Person' });
  });

  async function myTicketsOf(orderId: string): Promise<TicketJson[]> {
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: buyer.token });
    expect(mine.status, mine.text).toBe(200);
    const ids = new Set(
      (
        await server.ctx.db
          .selectFrom('tickets')
          .innerJoin('orders', 'orders.id', 'tickets.order_id')
          .select('tickets.id')
          .where('orders.razorpay_order_id', '=', orderId)
          .execute()
      ).map((row) => row.id),
    );
    return mine.body.tickets.filter((ticket: TicketJson) => ids.has(ticket.id));
  }

  it('names given at checkout go on the tickets in order; blank and missing ones carry the buyer’s name', async () => {
    const order = await createOrder(server, buyer, event, 4, {
      ticketNames: ['Anjali Joshi', '  ', 'કાવ્યા પટેલ'],
    });
    expect(order.status, order.text).toBe(200);
    const verified = await verify(server, buyer, await pay(server, order.body.orderId));
    expect(verified.status, verified.text).toBe(200);

    const names = verified.body.tickets.map((ticket: TicketJson) => ticket.holderName);
    expect(names).toEqual(['Anjali Joshi', 'Meera Joshi', 'કાવ્યા પટેલ', 'Meera Joshi']);
    const mine = await myTicketsOf(order.body.orderId);
    expect(mine.map((ticket) => ticket.holderName).sort()).toEqual([...names].sort());

    // The gate welcomes the named person.
    const first = verified.body.tickets[0];
    const scanned = await server.request('POST', '/api/tickets/verify-qr', {
      token: checker.token,
      body: { qrCode: first.qrCode },
    });
    expect(scanned.status, scanned.text).toBe(200);
    expect(scanned.body.ticket.holderName).toBe('Anjali Joshi');
  });

  it('the names reach the tickets when the provider’s webhook issues them (the guest never came back)', async () => {
    await setWebhookMode(server, 'normal');
    const order = await createOrder(server, buyer, event, 2, { ticketNames: ['', 'Kabir Shah'] });
    expect(order.status, order.text).toBe(200);
    await pay(server, order.body.orderId);
    await webhooksDelivered(server);

    const mine = await myTicketsOf(order.body.orderId);
    expect(mine.map((ticket) => ticket.holderName).sort()).toEqual(['Kabir Shah', 'Meera Joshi']);
  });

  it('an order with no names gives every ticket the buyer’s name and keeps no names', async () => {
    const order = await createOrder(server, buyer, event, 2, { ticketNames: ['', ' '] });
    expect(order.status, order.text).toBe(200);
    const row = await server.ctx.db
      .selectFrom('orders')
      .select('ticket_names')
      .where('razorpay_order_id', '=', order.body.orderId)
      .executeTakeFirstOrThrow();
    expect(row.ticket_names).toBeNull();
    const verified = await verify(server, buyer, await pay(server, order.body.orderId));
    expect(verified.body.tickets.map((ticket: TicketJson) => ticket.holderName)).toEqual([
      'Meera Joshi',
      'Meera Joshi',
    ]);
  });

  it('a name over 100 characters is refused on its field with manual issuance’s message, and nothing is held', async () => {
    const before = await server.ctx.db.selectFrom('orders').select('id').execute();
    const refused = await createOrder(server, buyer, event, 2, { ticketNames: ['Anjali', 'x'.repeat(101)] });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { field: 'ticketNames.1', message: 'Name must be at most 100 characters' },
    ]);
    const after = await server.ctx.db.selectFrom('orders').select('id').execute();
    expect(after).toHaveLength(before.length);

    const allowed = await createOrder(server, buyer, event, 1, { ticketNames: ['y'.repeat(100)] });
    expect(allowed.status, allowed.text).toBe(200);
  });

  it('more names than tickets is refused, and so is a name that is not text', async () => {
    const tooMany = await createOrder(server, buyer, event, 1, { ticketNames: ['Anjali', 'Kabir'] });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.details).toEqual([
      { field: 'ticketNames', message: 'Give at most one name per ticket' },
    ]);

    const notText = await createOrder(server, buyer, event, 1, { ticketNames: [42] });
    expect(notText.status).toBe(400);
    expect(notText.body.details[0].field).toBe('ticketNames.0');
  });
});
