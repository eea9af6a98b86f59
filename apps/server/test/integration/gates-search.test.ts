import { randomUUID } from 'node:crypto';
import { GATE_SEARCH_LIMIT } from '@utsav/domain/gate-search';
import { beforeAll, expect, it } from 'vitest';
import type { TicketView } from '../../src/stores/tickets';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// Finding a guest at the gate by name, email or ticket code, and admitting from the result
// (docs/product.md#gate-scanner): staff at the gate only, only the current event's tickets, every admission logged as 'search'.

describeEachDatabase('gates: search and admit', (engine) => {
  const server = useServer(engine);
  let event: TestEvent;
  let admin: TestUser;
  let checker: TestUser;
  let manager: TestUser;
  let guest: TestUser;
  let buyer: TestUser;
  let tickets: TicketView[];

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 5000 });
    admin = await newUser(server, { role: 'admin' });
    checker = await newUser(server, { role: 'qrchecker', name: 'Gita at Gate A' });
    manager = await newUser(server, { role: 'manager', name: 'Manoj Manager' });
    guest = await newUser(server, { name: 'Just A Guest' });
    buyer = await newUser(server, { name: 'Hemal Vora', email: `hemal.vora.${randomUUID()}@example.test` });
    tickets = await issuePaidTickets(server.ctx, { eventId: event.id, userId: buyer.user.id, quantity: 2 });
    // The second ticket is for a friend: found by the holder's name too.
    await server.ctx.db
      .updateTable('tickets')
      .set({ holder_name: 'પ્રિયા પટેલ' })
      .where('id', '=', tickets[1]!.id)
      .execute();
  });

  function search(user: TestUser, q: string, headers: Record<string, string> = {}) {
    return server.request('GET', `/api/tickets/checkin/search?q=${encodeURIComponent(q)}`, {
      token: user.token,
      headers,
    });
  }

  function admit(user: TestUser, ticketId: string) {
    return server.request('POST', '/api/tickets/checkin/admit', {
      token: user.token,
      body: { ticketId, gate: 'Gate A', deviceId: 'gate-a-phone' },
    });
  }

  function scansOf(ticketId: string) {
    return server.ctx.db.selectFrom('checkin_scans').selectAll().where('ticket_id', '=', ticketId).execute();
  }

  it('a guest can neither search nor admit (403), and nothing is logged', async () => {
    expect((await search(guest, 'Hemal')).status).toBe(403);
    const refused = await admit(guest, tickets[0]!.id);
    expect(refused.status).toBe(403);
    expect(await scansOf(tickets[0]!.id)).toEqual([]);
  });

  it('a volunteer finds a guest by part of the name, any case, with the email masked', async () => {
    const response = await search(checker, 'hemal v');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const found = response.body.tickets.filter((t: { ownerName: string }) => t.ownerName === 'Hemal Vora');
    expect(found.map((t: { id: string }) => t.id).sort()).toEqual(tickets.map((t) => t.id).sort());
    expect(found[0].ownerEmail).toMatch(/^he•••@example\.test$/);
    expect(JSON.stringify(response.body)).not.toContain(buyer.email);
  });

  it('finds by the holder name in Gujarati, by part of the email and by the ticket code typed loosely', async () => {
    const byHolder = await search(manager, 'પ્રિયા');
    expect(byHolder.body.tickets.map((t: { id: string }) => t.id)).toEqual([tickets[1]!.id]);
    const byEmail = await search(checker, buyer.email.slice(0, 14).toUpperCase());
    expect(byEmail.body.tickets).toHaveLength(2);
    const code = tickets[0]!.ticket_code.toLowerCase().replace('-', ' ');
    const byCode = await search(admin, code);
    expect(byCode.body.tickets.map((t: { ticketId: string }) => t.ticketId)).toEqual([
      tickets[0]!.ticket_code,
    ]);
  });

  it('refuses fewer than three characters with a 400 naming the field', async () => {
    const response = await search(checker, ' he ');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
    expect(response.body.details[0].field).toBe('q');
  });

  it('takes what is typed literally: LIKE wildcards match nothing', async () => {
    const response = await search(checker, '%_%');
    expect(response.status).toBe(200);
    expect(response.body.tickets).toEqual([]);
  });

  it(`sends at most ${GATE_SEARCH_LIMIT} tickets and says there are more`, async () => {
    const crowd = await newUser(server, { name: 'Crowdfamily Member' });
    await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: crowd.user.id,
      quantity: GATE_SEARCH_LIMIT + 1,
    });
    const response = await search(checker, 'crowdfamily');
    expect(response.body.tickets).toHaveLength(GATE_SEARCH_LIMIT);
    expect(response.body.more).toBe(true);
  });

  it('admitting from a search admits once, is logged as search, and the organiser sees it in the ticket history', async () => {
    const first = await admit(checker, tickets[0]!.id);
    expect(first.status).toBe(200);
    expect(first.body.ticket.status).toBe('used');
    const second = await admit(manager, tickets[0]!.id);
    expect(second.status).toBe(400);
    expect(second.body.code).toBe('ALREADY_USED');
    expect(second.body.scannedBy).toEqual({ name: 'Gita at Gate A' });

    const scans = await scansOf(tickets[0]!.id);
    expect(scans.map((scan) => [scan.method, scan.result, scan.gate, scan.device_id])).toEqual(
      expect.arrayContaining([
        ['search', 'admitted', 'Gate A', 'gate-a-phone'],
        ['search', 'already_used', 'Gate A', 'gate-a-phone'],
      ]),
    );
    const history = await server.request('GET', `/api/admin/tickets/${tickets[0]!.id}/checkins`, {
      token: admin.token,
    });
    expect(history.body.history).toEqual([
      expect.objectContaining({
        direction: 'in',
        method: 'search',
        gate: 'Gate A',
        scannedBy: { name: 'Gita at Gate A' },
      }),
    ]);
    // The search result now says the guest is in: no Admit for them.
    const again = await search(checker, tickets[0]!.ticket_code);
    expect(again.body.tickets[0]).toMatchObject({ status: 'used', exitedAt: null });
  });

  it("another event's ticket is neither found nor admitted, and the attempt is logged as not found", async () => {
    const current = await server.ctx.db
      .selectFrom('events')
      .selectAll()
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    const otherId = randomUUID();
    await server.ctx.db
      .insertInto('events')
      .values({ ...current, id: otherId, name: 'Another Night', created_at: '2999-01-01T00:00:00.000Z' })
      .execute();
    const otherBuyer = await newUser(server, { name: 'Otherevent Person' });
    const [other] = await issuePaidTickets(server.ctx, {
      eventId: otherId,
      userId: otherBuyer.user.id,
      quantity: 1,
    });
    expect((await search(checker, 'Otherevent')).body.tickets).toEqual([]);
    expect((await search(checker, other!.ticket_code)).body.tickets).toEqual([]);
    const refused = await admit(checker, other!.id);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('TICKET_NOT_FOUND');
    const row = await server.ctx.db
      .selectFrom('tickets')
      .select('status')
      .where('id', '=', other!.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('active');
    const logged = await server.ctx.db
      .selectFrom('checkin_scans')
      .select(['result', 'method'])
      .where('checker_user_id', '=', checker.user.id)
      .where('ticket_id', 'is', null)
      .execute();
    expect(logged).toContainEqual({ result: 'not_found', method: 'search' });
  });

  it('refuses an admission without a ticket id (400 with the field)', async () => {
    const response = await server.request('POST', '/api/tickets/checkin/admit', {
      token: checker.token,
      body: { ticketId: '' },
    });
    expect(response.status).toBe(400);
    expect(response.body.details[0].field).toBe('ticketId');
  });

  it('allows a volunteer 30 searches a minute, then answers 429', async () => {
    const busy = await newUser(server, { role: 'qrchecker' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await search(busy, `guest ${i}`)).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("answers in the volunteer's language (Hindi, Gujarati), with the same codes", async () => {
    const short = await search(checker, 'he', { 'accept-language': 'hi' });
    expect(short.body.code).toBe('VALIDATION_FAILED');
    expect(short.body.error).toBe('नाम, ईमेल या टिकट कोड के कम से कम 3 अक्षर लिखें');
    const used = await server.request('POST', '/api/tickets/checkin/admit', {
      token: checker.token,
      headers: { 'accept-language': 'gu' },
      body: { ticketId: tickets[0]!.id },
    });
    expect(used.body.code).toBe('ALREADY_USED');
    expect(used.body.error).toBe('ટિકિટ પહેલેથી વપરાઈ ગઈ છે');
  });

  it('an admission from search and a scan of the same ticket at the same moment: exactly one gets in', async () => {
    const [ticket] = await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: buyer.user.id,
      quantity: 1,
    });
    const answers = await Promise.all([
      admit(checker, ticket!.id),
      server.request('POST', '/api/tickets/mark-used', {
        token: manager.token,
        body: { qrCode: ticket!.qr_token, gate: 'Gate B', deviceId: 'gate-b-phone' },
      }),
      admit(manager, ticket!.id),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    expect(answers.filter((answer) => answer.status === 400).map((answer) => answer.body.code)).toEqual([
      'ALREADY_USED',
      'ALREADY_USED',
    ]);
    const admitted = (await scansOf(ticket!.id)).filter((scan) => scan.result === 'admitted');
    expect(admitted).toHaveLength(1);
  });
});
