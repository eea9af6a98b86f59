import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { buy, newEvent, PURCHASE_ENV, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// Who each ticket is for: the owner names a ticket ("for Anjali") with the same rule as
// manual issuance's names; the name is what My Tickets, the PDF and the gate's welcome show.

// biome-ignore lint/suspicious/noExplicitAny: ticket JSON as the API returns it.
type TicketJson = any;

describeEachDatabase('naming who a ticket is for', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let buyer: TestUser;
  let other: TestUser;
  let checker: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 100 });
    buyer = await newUser(server, { name: 'Meera Joshi' });
    other = await newUser(server, { name: 'Someone Else' });
    checker = await newUser(server, { role: 'qrchecker', name: 'Gate Person' });
  });

  function name(who: TestUser, ticketId: string, holderName: unknown) {
    return server.request('PATCH', `/api/tickets/${ticketId}/holder`, {
      token: who.token,
      body: { holderName },
    });
  }

  async function oneTicket(): Promise<TicketJson> {
    const { tickets } = await buy(server, buyer, event, 1);
    return tickets[0];
  }

  it('the owner names a ticket: My Tickets, the gate and the audit log all see the new name', async () => {
    const ticket = await oneTicket();
    expect(ticket.holderName).toBe('Meera Joshi');

    const named = await name(buyer, ticket.id, '  Anjali Joshi ');
    expect(named.status, named.text).toBe(200);
    expect(named.body.ticket.holderName).toBe('Anjali Joshi');

    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: buyer.token });
    expect(mine.body.tickets.find((t: TicketJson) => t.id === ticket.id).holderName).toBe('Anjali Joshi');

    const scanned = await server.request('POST', '/api/tickets/verify-qr', {
      token: checker.token,
      body: { qrCode: ticket.qrCode },
    });
    expect(scanned.status, scanned.text).toBe(200);
    expect(scanned.body.ticket.holderName).toBe('Anjali Joshi');

    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_id', '=', ticket.id)
      .where('action', '=', 'ticket.holder-named')
      .execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.data ?? '{}')).toEqual({ from: 'Meera Joshi', to: 'Anjali Joshi' });
  });

  it('a blank name gives the ticket back its owner’s name', async () => {
    const ticket = await oneTicket();
    await name(buyer, ticket.id, 'Kabir');
    const cleared = await name(buyer, ticket.id, '   ');
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.ticket.holderName).toBe('Meera Joshi');
  });

  it('a name over 100 characters is refused with manual issuance’s message on the field', async () => {
    const ticket = await oneTicket();
    const refused = await name(buyer, ticket.id, 'x'.repeat(101));
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      { field: 'holderName', message: 'Name must be at most 100 characters' },
    ]);
    const allowed = await name(buyer, ticket.id, 'y'.repeat(100));
    expect(allowed.status, allowed.text).toBe(200);
  });

  it('names that print nothing are refused on the field: a holder, a profile, a hand-issued recipient', async () => {
    const ticket = await oneTicket();
    const holder = await name(buyer, ticket.id, '\u200b\u200c\u200d');
    expect(holder.status).toBe(400);
    expect(holder.body.details).toEqual([
      { field: 'holderName', message: 'A name must have at least one visible character' },
    ]);
    const inHindi = await server.request('PATCH', `/api/tickets/${ticket.id}/holder`, {
      token: buyer.token,
      body: { holderName: '\u2060' },
      headers: { 'accept-language': 'hi' },
    });
    expect(inHindi.body.details[0].message).toBe('नाम में कम से कम एक दिखने वाला अक्षर होना चाहिए');
    const profile = await server.request('PUT', '/api/auth/profile', {
      token: buyer.token,
      body: { name: '\u3164\u200b' },
    });
    expect(profile.status).toBe(400);
    expect(profile.body.details).toEqual([{ field: 'name', message: 'Name is required' }]);
    const admin = await newUser(server, { role: 'admin' });
    const issued = await server.request('POST', '/api/tickets/admin/issue-manual', {
      token: admin.token,
      body: { userName: '\ufeff\u200b', userEmail: 'invisible.name@example.test' },
    });
    expect(issued.status).toBe(400);
    expect(issued.body.details[0].field).toBe('userName');
  });

  it('someone else’s ticket does not exist to the caller, and nothing changes', async () => {
    const ticket = await oneTicket();
    const refused = await name(other, ticket.id, 'Not yours');
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('TICKET_NOT_FOUND');
    const row = await server.ctx.db
      .selectFrom('tickets')
      .select('holder_name')
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(row.holder_name).toBe('Meera Joshi');
  });

  it('a ticket already admitted keeps the name it entered under', async () => {
    const ticket = await oneTicket();
    const admitted = await server.request('POST', '/api/tickets/mark-used', {
      token: checker.token,
      body: { qrCode: ticket.qrCode },
    });
    expect(admitted.status, admitted.text).toBe(200);
    const refused = await name(buyer, ticket.id, 'Too late');
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('TICKET_NOT_ACTIVE');
  });

  it('signed out, naming a ticket is refused', async () => {
    const ticket = await oneTicket();
    const refused = await server.request('PATCH', `/api/tickets/${ticket.id}/holder`, {
      body: { holderName: 'Anyone' },
    });
    expect(refused.status).toBe(401);
  });
});
