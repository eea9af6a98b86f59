import { ticketCodeDigest } from '@utsav/domain/ticket-code';
import { beforeAll, expect, it } from 'vitest';
import { TYPED_CODES_PER_MINUTE } from '../../src/modules/checkin/typed-codes';
import type { TicketView } from '../../src/stores/tickets';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, type TestUser } from '../../support/factories';
import { newEvent, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// Re-entry (pass-out) and typed ticket codes at the gate (docs/product.md#gate-scanner).

describeEachDatabase('gates: re-entry and typed codes', (engine) => {
  const server = useServer(engine);
  let event: TestEvent;
  let admin: TestUser;
  let buyer: TestUser;
  let gateA: TestUser;
  let gateB: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 5000 });
    admin = await newUser(server, { role: 'admin' });
    buyer = await newUser(server, { name: 'Priya Ramesh Shah' });
    gateA = await newUser(server, { role: 'qrchecker', name: 'Gita at Gate A' });
    gateB = await newUser(server, { role: 'qrchecker', name: 'Bharat at Gate B' });
    manager = await newUser(server, { role: 'manager', name: 'Manoj Manager' });
  });

  async function setReentry(allowed: boolean) {
    const response = await server.request('PUT', '/api/event', {
      token: admin.token,
      body: newEventBody({ name: event.name, totalTickets: 5000, reentryAllowed: allowed }),
    });
    expect(response.status).toBe(200);
    expect(response.body.data.reentryAllowed).toBe(allowed);
  }

  async function freshTickets(quantity: number): Promise<TicketView[]> {
    return issuePaidTickets(server.ctx, { eventId: event.id, userId: buyer.user.id, quantity });
  }

  function gate(path: 'mark-used' | 'mark-exit' | 'verify-qr', user: TestUser, qrCode: string, name: string) {
    return server.request('POST', `/api/tickets/${path}`, {
      token: user.token,
      body: { qrCode, gate: name, deviceId: `${name}-phone` },
    });
  }

  function ticketRow(id: string) {
    return server.ctx.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  function passesOf(ticketId: string) {
    return server.ctx.db
      .selectFrom('checkin_scans')
      .selectAll()
      .where('ticket_id', '=', ticketId)
      .where('result', 'in', ['admitted', 'exited'])
      .execute();
  }

  it('with re-entry off, mark-exit is 409 REENTRY_DISABLED and the guest stays inside', async () => {
    await setReentry(false);
    const [ticket] = await freshTickets(1);
    expect((await gate('mark-used', gateA, ticket!.qr_token, 'Gate A')).status).toBe(200);
    const exit = await gate('mark-exit', gateA, ticket!.qr_token, 'Gate A');
    expect(exit.status).toBe(409);
    expect(exit.body.code).toBe('REENTRY_DISABLED');
    expect(exit.body.error).toMatch(/Re-entry is not allowed/);
    expect((await ticketRow(ticket!.id)).exited_at).toBeNull();
  });

  it('with re-entry on, an exit lets the guest in again exactly once, and a second admission says since when they are inside', async () => {
    await setReentry(true);
    const [ticket] = await freshTickets(1);
    const first = await gate('mark-used', gateA, ticket!.qr_token, 'Gate A');
    expect(first.status).toBe(200);
    const exit = await gate('mark-exit', gateB, ticket!.qr_token, 'Gate B');
    expect(exit.status).toBe(200);
    expect(exit.body.message).toBe('Exit recorded');
    expect((await ticketRow(ticket!.id)).exited_at).not.toBeNull();

    const again = await gate('mark-used', gateB, ticket!.qr_token, 'Gate B');
    expect(again.status).toBe(200);
    // The ticket's entry time stays the first admission.
    expect(again.body.ticket.usedAt).toBe(first.body.ticket.usedAt);
    const row = await ticketRow(ticket!.id);
    expect(row.exited_at).toBeNull();
    expect(row.last_entry_at).not.toBe(row.used_at);

    const twice = await gate('mark-used', gateA, ticket!.qr_token, 'Gate A');
    expect(twice.status).toBe(400);
    expect(twice.body.code).toBe('ALREADY_USED');
    expect(twice.body.insideSince).toBe(row.last_entry_at);
    expect(twice.body.usedAt).toBe(row.used_at);
    expect((await passesOf(ticket!.id)).map((scan) => scan.direction).sort()).toEqual(['in', 'in', 'out']);
  });

  it('an exit of a ticket never admitted, or already out, is 409 NOT_INSIDE', async () => {
    await setReentry(true);
    const [ticket] = await freshTickets(1);
    const never = await gate('mark-exit', gateA, ticket!.qr_token, 'Gate A');
    expect(never.status).toBe(409);
    expect(never.body.code).toBe('NOT_INSIDE');
    await gate('mark-used', gateA, ticket!.qr_token, 'Gate A');
    expect((await gate('mark-exit', gateA, ticket!.qr_token, 'Gate A')).status).toBe(200);
    const out = await gate('mark-exit', gateB, ticket!.qr_token, 'Gate B');
    expect(out.body.code).toBe('NOT_INSIDE');
  });

  it('race: one ticket, an exit at Gate A and an entry at Gate B at once — the ticket and the log always agree', async () => {
    await setReentry(true);
    const tickets = await freshTickets(12);
    for (const ticket of tickets) {
      expect((await gate('mark-used', gateA, ticket.qr_token, 'Gate A')).status).toBe(200);
    }
    const outcomes = await Promise.all(
      tickets.map(async (ticket) => {
        const [exit, entry] = await Promise.all([
          gate('mark-exit', gateA, ticket.qr_token, 'Gate A'),
          gate('mark-used', gateB, ticket.qr_token, 'Gate B'),
        ]);
        return { ticket, exit, entry };
      }),
    );
    for (const { ticket, exit, entry } of outcomes) {
      // The guest is inside: the exit always passes.
      expect(exit.status).toBe(200);
      // The entry either came after the exit (admitted again) or before it (refused: still inside then).
      expect([200, 400]).toContain(entry.status);
      if (entry.status === 400) expect(entry.body.code).toBe('ALREADY_USED');
      const row = await ticketRow(ticket.id);
      const passes = await passesOf(ticket.id);
      const ins = passes.filter((scan) => scan.direction === 'in').length;
      const outs = passes.filter((scan) => scan.direction === 'out').length;
      expect(outs).toBe(1);
      expect(ins).toBe(entry.status === 200 ? 2 : 1);
      // Inside now exactly when the log has more entries than exits.
      expect(row.exited_at === null).toBe(ins > outs);
    }
  });

  it('race: two exits of one guest at two gates at once record exactly one exit', async () => {
    await setReentry(true);
    const [ticket] = await freshTickets(1);
    await gate('mark-used', gateA, ticket!.qr_token, 'Gate A');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        gate('mark-exit', i % 2 ? gateA : gateB, ticket!.qr_token, i % 2 ? 'Gate A' : 'Gate B'),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 'NOT_INSIDE')).toHaveLength(9);
  });

  it('offline exits and re-entries sync in the device order', async () => {
    await setReentry(true);
    const [ticket] = await freshTickets(1);
    await gate('mark-used', gateA, ticket!.qr_token, 'Gate A');
    // Offline scans carry the phone's clock, never later than the server's now: these came after the entry.
    const now = Date.now() + 40;
    await new Promise((resolve) => setTimeout(resolve, 60));
    const response = await server.request('POST', '/api/tickets/checkin/sync', {
      token: gateB.token,
      body: {
        deviceId: 'offline-b',
        gate: 'Gate B',
        admissions: [
          {
            localId: 'x1',
            ticketId: ticket!.id,
            qrCode: ticket!.qr_token,
            scannedAt: new Date(now - 30).toISOString(),
            direction: 'out',
          },
          {
            localId: 'x2',
            ticketId: ticket!.id,
            qrCode: ticket!.qr_token,
            scannedAt: new Date(now - 20).toISOString(),
            direction: 'in',
          },
          {
            localId: 'x3',
            ticketId: ticket!.id,
            qrCode: ticket!.qr_token,
            scannedAt: new Date(now - 10).toISOString(),
            direction: 'in',
          },
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.results.map((result: { outcome: string }) => result.outcome)).toEqual([
      'exited',
      'admitted',
      'already_used',
    ]);
    expect(response.body.conflicts).toBe(1);
    const history = await server.request('GET', `/api/admin/tickets/${ticket!.id}/checkins`, {
      token: manager.token,
    });
    expect(history.status).toBe(200);
    expect(
      history.body.history.map((pass: { direction: string; gate: string; offline: boolean }) => [
        pass.direction,
        pass.gate,
        pass.offline,
      ]),
    ).toEqual([
      ['in', 'Gate A', false],
      ['out', 'Gate B', true],
      ['in', 'Gate B', true],
    ]);
    expect(history.body.history[0].scannedBy).toEqual({ name: 'Gita at Gate A' });
  });

  it('a ticket code typed in any case, with or without the dash, admits like the QR and is logged as typed', async () => {
    const [ticket] = await freshTickets(1);
    const typed = ticket!.ticket_code.replace('-', ' ').toLowerCase();
    const response = await gate('mark-used', gateB, typed, 'Gate B');
    expect(response.status).toBe(200);
    expect(response.body.ticket.id).toBe(ticket!.id);
    const [pass] = await passesOf(ticket!.id);
    expect(pass!.method).toBe('typed');
    const refused = await gate('mark-used', gateA, ticket!.ticket_code, 'Gate A');
    expect(refused.body.code).toBe('ALREADY_USED');
  });

  it(`typed codes are limited to ${TYPED_CODES_PER_MINUTE} a minute per checker; scanned QRs are not`, async () => {
    const checker = await newUser(server, { role: 'qrchecker', name: 'Guessing Checker' });
    const guesses = await Promise.all(
      Array.from({ length: TYPED_CODES_PER_MINUTE + 1 }, (_, i) =>
        gate('verify-qr', checker, `UT-${String(i).padStart(10, '0')}`, 'Gate C'),
      ),
    );
    expect(guesses.filter((answer) => answer.body.code === 'TICKET_NOT_FOUND')).toHaveLength(
      TYPED_CODES_PER_MINUTE,
    );
    expect(guesses.filter((answer) => answer.status === 429)).toHaveLength(1);
    const [ticket] = await freshTickets(1);
    expect((await gate('verify-qr', checker, ticket!.qr_token, 'Gate C')).status).toBe(200);
  });

  it('the offline snapshot holds a keyed hash of each ticket code that the phone can check a typed code against, never the code', async () => {
    const [ticket] = await freshTickets(1);
    const response = await server.request('GET', '/api/tickets/checkin/snapshot', { token: gateA.token });
    expect(response.status).toBe(200);
    expect(response.text).not.toContain(ticket!.ticket_code);
    const entry = response.body.tickets.find((t: { id: string }) => t.id === ticket!.id);
    expect(entry.codeDigest).toBe(ticketCodeDigest(response.body.codeKey, ticket!.id, ticket!.ticket_code));
    expect(response.body.reentryAllowed).toEqual(expect.any(Boolean));
  });
});
