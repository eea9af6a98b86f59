import { TICKET_TYPE_MESSAGES } from '@utsav/domain/ticket-types-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// The Ticket Types editor's calls: an admin sets up the price list, a manager reads it, a guest is refused; field
// messages are the editor's; the default "Entry" type is the event's own price; a type that sold is archived.

describeEachDatabase('admin ticket types', (engine) => {
  // Before the early bird ends (5 Oct, IST): the clock stands where the test puts it.
  const server = useServer(engine, { now: () => new Date('2026-10-01T06:30:00.000Z') });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
    guest = await newUser(server);
  });

  const list = (token = admin.token) => server.request('GET', '/api/admin/ticket-types', { token });
  const create = (body: Record<string, unknown>, token = admin.token) =>
    server.request('POST', '/api/admin/ticket-types', { token, body });
  const edit = (id: string, body: Record<string, unknown>, token = admin.token) =>
    server.request('PUT', `/api/admin/ticket-types/${id}`, { token, body });

  const couple = {
    name: 'Couple pass',
    nameHi: 'कपल पास',
    price: 599,
    admits: 2,
    capacity: 100,
    colour: '#BE185D',
    phases: [
      { label: 'Early bird', price: 499, endsAt: '2026-10-05T00:00', quantity: 50 },
      { label: 'Regular', price: 599 },
    ],
  };

  it('every event starts with its default "Entry" type at the event price', async () => {
    const response = await list();
    expect(response.status, response.text).toBe(200);
    expect(response.body.ticketTypes).toEqual([
      expect.objectContaining({
        name: 'Entry',
        nameHi: 'प्रवेश',
        price: 299,
        groupPrice4: 249,
        admits: 1,
        isDefault: true,
        archived: false,
        phases: [],
        sold: 0,
        held: 0,
      }),
    ]);
    expect(event.id).toBeTruthy();
  });

  it('an admin adds a type with phases; it is listed after the default one', async () => {
    const response = await create(couple);
    expect(response.status, response.text).toBe(200);
    expect(response.body.ticketType).toMatchObject({
      name: 'Couple pass',
      nameHi: 'कपल पास',
      nameGu: null,
      admits: 2,
      capacity: 100,
      colour: '#BE185D',
      isDefault: false,
      position: 1,
      phases: [
        {
          label: 'Early bird',
          price: 499,
          endsAt: '2026-10-04T18:30:00.000Z',
          quantity: 50,
          sold: 0,
          held: 0,
        },
        { label: 'Regular', price: 599, endsAt: null, quantity: null },
      ],
    });
    const names = (await list()).body.ticketTypes.map((type: { name: string }) => type.name);
    expect(names).toEqual(['Entry', 'Couple pass']);
  });

  it("GET /event lists the visible types in the caller's language, with their phase and what follows", async () => {
    const hidden = await create({ name: 'Artist pass', price: 0, hidden: true });
    expect(hidden.status, hidden.text).toBe(200);
    const response = await server.request('GET', '/api/event', { headers: { 'accept-language': 'hi' } });
    expect(response.status, response.text).toBe(200);
    const types = response.body.data.ticketTypes;
    expect(types.map((type: { name: string }) => type.name)).toEqual(['प्रवेश', 'कपल पास']);
    expect(types[1]).toMatchObject({
      price: 499,
      admits: 2,
      phase: { label: 'Early bird', price: 499, endsAt: '2026-10-04T18:30:00.000Z', left: 50 },
      nextPhase: { label: 'Regular', price: 599 },
      available: 100,
      soldOut: false,
      onSale: true,
    });
    // The spec's fields are unchanged: the default type's price, the event's people left.
    expect(response.body.data).toMatchObject({ ticketPrice: 299, groupPrice4: 249, availableTickets: 500 });
    await server.request('DELETE', `/api/admin/ticket-types/${hidden.body.ticketType.id}`, {
      token: admin.token,
    });
  });

  it("answers field by field, with the editor's messages", async () => {
    const response = await create({
      name: '',
      price: -1,
      admits: 0,
      phases: [
        { label: 'A', price: 1 },
        { label: 'B', price: 2 },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.details).toEqual(
      expect.arrayContaining([
        { field: 'name', message: TICKET_TYPE_MESSAGES.name },
        { field: 'price', message: TICKET_TYPE_MESSAGES.price },
        { field: 'admits', message: TICKET_TYPE_MESSAGES.admits },
        { field: 'phases.0.endsAt', message: TICKET_TYPE_MESSAGES.phaseOpenEndedNotLast },
      ]),
    );
  });

  it('a manager reads; a manager and a guest may not write', async () => {
    expect((await list(manager.token)).status).toBe(200);
    expect((await list(guest.token)).status).toBe(403);
    expect((await create(couple, manager.token)).status).toBe(403);
  });

  it("editing the default type's price edits the event's; the event's edits reach the default type", async () => {
    const entry = (await list()).body.ticketTypes.find((type: { isDefault: boolean }) => type.isDefault);
    const response = await edit(entry.id, { name: 'Entry', price: 349, groupPrice4: 299 });
    expect(response.status, response.text).toBe(200);
    const publicEvent = await server.request('GET', '/api/event');
    expect(publicEvent.body.data).toMatchObject({ ticketPrice: 349, groupPrice4: 299 });
    expect((await edit(entry.id, { name: 'Entry', price: 349, hidden: true })).body.details).toEqual([
      { field: 'hidden', message: 'The default ticket type cannot be hidden or archived.' },
    ]);
    const removed = await server.request('DELETE', `/api/admin/ticket-types/${entry.id}`, {
      token: admin.token,
    });
    expect(removed.status).toBe(409);
  });

  describe('a type that has sold', () => {
    let id: string;

    beforeAll(async () => {
      id = (await create({ name: 'Female pass', price: 249 })).body.ticketType.id;
      // A ticket of this type, as the checkout writes one.
      const owner = await server.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', guest.email)
        .executeTakeFirstOrThrow();
      const stamp = new Date().toISOString();
      await server.ctx.db
        .insertInto('tickets')
        .values({
          id: `sold-${id}`,
          ticket_code: `SOLD${id.slice(0, 6)}`.toUpperCase(),
          order_id: null,
          seq: 1,
          event_id: event.id,
          user_id: owner.id,
          holder_name: 'Riya',
          price_paise: 24_900,
          status: 'active',
          qr_token: `token-${id}`,
          issued_by_admin: 0,
          issued_by_user_id: null,
          notes: null,
          payment_received: 1,
          used_at: null,
          scanned_by_user_id: null,
          cancelled_at: null,
          cancellation_reason: null,
          created_at: stamp,
          updated_at: stamp,
          ticket_type_id: id,
        })
        .execute();
    });

    it('is counted in the list, cannot be deleted (409 TICKET_TYPE_HAS_SALES) and is archived instead', async () => {
      const listed = (await list()).body.ticketTypes.find((type: { id: string }) => type.id === id);
      expect(listed).toMatchObject({ sold: 1, people: 1, revenue: 249 });
      const removed = await server.request('DELETE', `/api/admin/ticket-types/${id}`, { token: admin.token });
      expect(removed.status).toBe(409);
      expect(removed.body).toMatchObject({ code: 'TICKET_TYPE_HAS_SALES' });
      expect(removed.body.error).toContain('Female pass');
      const archived = await edit(id, { name: 'Female pass', price: 249, archived: true });
      expect(archived.body.ticketType).toMatchObject({ archived: true, sold: 1 });
    });

    it('its capacity cannot go below what it sold', async () => {
      const response = await edit(id, { name: 'Female pass', price: 249, capacity: 0 });
      expect(response.status).toBe(400);
      const tooLow = await edit(id, { name: 'Female pass', price: 249, capacity: 1 });
      expect(tooLow.status, tooLow.text).toBe(200);
    });
  });

  it('a type without sales is deleted', async () => {
    const id = (await create({ name: 'VIP pod', price: 4999, admits: 4 })).body.ticketType.id;
    const removed = await server.request('DELETE', `/api/admin/ticket-types/${id}`, { token: admin.token });
    expect(removed.status, removed.text).toBe(200);
    expect((await list()).body.ticketTypes.map((type: { id: string }) => type.id)).not.toContain(id);
  });

  it('reorders: every type once, in the new order', async () => {
    const ids = (await list()).body.ticketTypes.map((type: { id: string }) => type.id);
    const reversed = [...ids].reverse();
    const response = await server.request('PUT', '/api/admin/ticket-types/order', {
      token: admin.token,
      body: { ids: reversed },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.ticketTypes.map((type: { id: string }) => type.id)).toEqual(reversed);
    const partial = await server.request('PUT', '/api/admin/ticket-types/order', {
      token: admin.token,
      body: { ids: reversed.slice(1) },
    });
    expect(partial.status).toBe(400);
  });
});
