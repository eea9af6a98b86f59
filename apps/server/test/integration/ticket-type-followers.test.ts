import { alreadyUsedBodySchema } from '@utsav/domain/api/checkin';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  buy,
  createOrder,
  newEvent,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// A ticket keeps showing its type after it is bought: My Tickets names it in the reader's language with its colour
// and how many it admits, and so do the gate's answers (verify-qr, mark-used, an admission from search), on both
// engines and through the gate's one-statement paths; the staff's export has its type, phase and code.

const COUPLE = { name: 'Couple pass', nameHi: 'कपल पास', nameGu: 'કપલ પાસ', colour: '#BE185D', admits: 2 };

describeEachDatabase('a ticket shows its type', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let buyer: TestUser;
  let gate: TestUser;
  let coupleId: string;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 100, ticketPrice: 299 });
    admin = await newUser(server, { role: 'admin' });
    buyer = await newUser(server);
    gate = await newUser(server, { role: 'qrchecker' });
    const created = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: { ...COUPLE, price: 599 },
    });
    expect(created.status, created.text).toBe(200);
    coupleId = created.body.ticketType.id;
  });

  /** Two couple passes bought through checkout; their JSON as verify-payment answered it. */
  async function buyCouplePasses(): Promise<Array<{ id: string; qrCode: string }>> {
    const order = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: { eventId: event.id, amount: 1198, items: [{ ticketTypeId: coupleId, quantity: 2 }] },
    });
    expect(order.status, order.text).toBe(200);
    const verified = await verify(server, buyer, await pay(server, order.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    // verify-payment answers the tickets it issued (on PostgreSQL, from the issuing statement) with their type.
    expect(verified.body.tickets.map((ticket: { ticketType: unknown }) => ticket.ticketType)).toEqual([
      { id: coupleId, name: COUPLE.name, colour: COUPLE.colour, admits: 2 },
      { id: coupleId, name: COUPLE.name, colour: COUPLE.colour, admits: 2 },
    ]);
    return verified.body.tickets;
  }

  const myTickets = async (language: string) => {
    const response = await server.request('GET', '/api/tickets/my-tickets', {
      token: buyer.token,
      headers: { 'accept-language': language },
    });
    expect(response.status, response.text).toBe(200);
    return response.body.tickets as Array<{ id: string; ticketType: unknown }>;
  };

  it("My Tickets names each ticket's type in the reader's language, with its colour and admits", async () => {
    const [couple] = await buyCouplePasses();
    const { tickets: entry } = await buy(server, buyer, event, 1);
    const expected = (name: string) => ({ id: coupleId, name, colour: COUPLE.colour, admits: 2 });
    const entryType = await server.ctx.db
      .selectFrom('ticket_types')
      .selectAll()
      .where('id', '=', `entry-${event.id}`)
      .executeTakeFirstOrThrow();
    for (const [language, name, entryName] of [
      ['en', COUPLE.name, 'Entry'],
      ['hi', COUPLE.nameHi, entryType.name_hi ?? 'Entry'],
      ['gu', COUPLE.nameGu, entryType.name_gu ?? 'Entry'],
    ] as const) {
      const tickets = await myTickets(language);
      expect(tickets.find((ticket) => ticket.id === couple!.id)?.ticketType).toEqual(expected(name));
      expect(tickets.find((ticket) => ticket.id === entry[0].id)?.ticketType).toEqual({
        id: `entry-${event.id}`,
        name: entryName,
        colour: entryType.colour,
        admits: 1,
      });
    }
    const one = await server.request('GET', `/api/tickets/${couple!.id}`, {
      token: buyer.token,
      headers: { 'accept-language': 'hi' },
    });
    expect(one.body.ticket.ticketType).toEqual(expected(COUPLE.nameHi));
  });

  it("the gate's verify-qr, mark-used and admission from search carry the type", async () => {
    const [scanned, searched] = await buyCouplePasses();
    const atGate = (path: string, body: Record<string, unknown>, language = 'en') =>
      server.request('POST', `/api/tickets/${path}`, {
        token: gate.token,
        headers: { 'accept-language': language },
        body: { ...body, deviceId: 'phone-1', gate: 'West' },
      });
    const couple = (name: string) => ({ id: coupleId, name, colour: COUPLE.colour, admits: 2 });

    const looked = await atGate('verify-qr', { qrCode: scanned!.qrCode });
    expect(looked.status, looked.text).toBe(200);
    expect(looked.body.ticket.ticketType).toEqual(couple(COUPLE.name));

    const admitted = await atGate('mark-used', { qrCode: scanned!.qrCode }, 'gu');
    expect(admitted.status, admitted.text).toBe(200);
    expect(admitted.body.ticket).toMatchObject({ status: 'used', ticketType: couple(COUPLE.nameGu) });

    // Seen again: the answer still says which pass it is.
    const again = await atGate('verify-qr', { qrCode: scanned!.qrCode }, 'hi');
    expect(again.body.ticket).toMatchObject({ status: 'used', ticketType: couple(COUPLE.nameHi) });

    const fromSearch = await atGate('checkin/admit', { ticketId: searched!.id });
    expect(fromSearch.status, fromSearch.text).toBe(200);
    expect(fromSearch.body.ticket).toMatchObject({ status: 'used', ticketType: couple(COUPLE.name) });
  });

  it("the gate's search answer and offline list carry the type, and Already Used says whose ticket it was", async () => {
    const [pass] = await buyCouplePasses();
    const couple = (name: string) => ({ id: coupleId, name, colour: COUPLE.colour, admits: 2 });
    const holder = await server.ctx.db
      .selectFrom('tickets')
      .select(['ticket_code', 'holder_name'])
      .where('id', '=', pass!.id)
      .executeTakeFirstOrThrow();
    const found = await server.request(
      'GET',
      `/api/tickets/checkin/search?q=${encodeURIComponent(holder.ticket_code)}`,
      { token: gate.token, headers: { 'accept-language': 'hi' } },
    );
    expect(found.status, found.text).toBe(200);
    expect(found.body.tickets[0]).toMatchObject({ id: pass!.id, ticketType: couple(COUPLE.nameHi) });

    const list = await server.request('GET', '/api/tickets/checkin/snapshot', {
      token: gate.token,
      headers: { 'accept-language': 'gu' },
    });
    expect(list.status, list.text).toBe(200);
    const listed = list.body.tickets.find((ticket: { id: string }) => ticket.id === pass!.id);
    expect(listed).toMatchObject({ ticketTypeId: coupleId, admits: 2 });
    expect(list.body.ticketTypes).toContainEqual({
      id: coupleId,
      name: COUPLE.nameGu,
      colour: COUPLE.colour,
    });

    // Admitted between the volunteer's look and their tap: the refusal names the holder.
    expect(
      (
        await server.request('POST', '/api/tickets/mark-used', {
          token: gate.token,
          body: { qrCode: pass!.qrCode },
        })
      ).status,
    ).toBe(200);
    const late = await server.request('POST', '/api/tickets/mark-used', {
      token: gate.token,
      body: { qrCode: holder.ticket_code },
    });
    expect(late.status, late.text).toBe(400);
    expect(late.body.code).toBe('ALREADY_USED');
    expect(late.body.ticket).toMatchObject({ ticketId: holder.ticket_code, holderName: holder.holder_name });
    expect(alreadyUsedBodySchema.safeParse(late.body).success).toBe(true);
  });

  it('a ticket bought with the spec payload shows the default type at the gate', async () => {
    const order = await createOrder(server, buyer, event, 1);
    const verified = await verify(server, buyer, await pay(server, order.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body.tickets[0].ticketType).toMatchObject({ name: 'Entry', admits: 1 });
    const looked = await server.request('POST', '/api/tickets/verify-qr', {
      token: gate.token,
      body: { qrCode: verified.body.tickets[0].qrCode },
    });
    expect(looked.status, looked.text).toBe(200);
    expect(looked.body.ticket.ticketType).toMatchObject({
      id: `entry-${event.id}`,
      name: 'Entry',
      admits: 1,
    });
  });

  it('the export has the type, admits, phase, code and discount of each ticket (CSV and JSON)', async () => {
    const [couple] = await buyCouplePasses();
    const json = await server.request('GET', '/api/admin/tickets/export?format=json', { token: admin.token });
    expect(json.status, json.text).toBe(200);
    expect(json.body.tickets.find((ticket: { id: string }) => ticket.id === couple!.id)).toMatchObject({
      ticketType: COUPLE.name,
      admits: 2,
      phase: null,
      promoCode: null,
      discount: 0,
    });
    const csv = await server.request('GET', '/api/admin/tickets/export?format=csv', { token: admin.token });
    const lines = csv.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/,Ticket Type,Admits,Price Phase,Promo Code,Discount \(INR\)$/);
    expect(lines.find((line) => line.includes(couple!.id))).toMatch(/,Couple pass,2,,,0$/);
  });
});
