import { GATE_UNDO_GRACE_MS, GATE_UNDO_OFFER_MS } from '@utsav/domain/gate-undo';
import { beforeAll, expect, it } from 'vitest';
import { computeLiveView } from '../../src/modules/checkin/live-service';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, type TestUser } from '../../support/factories';
import { type GateSetup, gateCalls, setUpGate } from '../../support/gate';
import { useServer } from '../../support/server';

// Taking back an admission at the gate (a volunteer admitted the wrong guest from a typed code or a search): only
// the volunteer who admitted, only within the window of the app's clock, once, and only while the ticket is still
// as that admission left it; the Gates panel then counts the guest neither as admitted nor as inside.

describeEachDatabase('gates: undo an admission', (engine) => {
  const clock = testClock();
  const server = useServer(engine, { now: clock.now });
  const calls = gateCalls(server);
  let setup: GateSetup;
  let admin: TestUser;

  beforeAll(async () => {
    setup = await setUpGate(server);
    admin = await newUser(server, { role: 'admin' });
  });

  const undo = (user: TestUser, ticketId: string, body: Record<string, unknown> = {}) =>
    server.request('POST', '/api/tickets/checkin/undo', {
      token: user.token,
      body: { ticketId, gate: 'Gate A', deviceId: 'gate-a-phone', ...body },
    });
  const typed = (user: TestUser, code: string) =>
    calls.scan('mark-used', user, { qrCode: code, gate: 'Gate A', deviceId: 'gate-a-phone' });
  const found = (user: TestUser, ticketId: string) =>
    server.request('POST', '/api/tickets/checkin/admit', {
      token: user.token,
      body: { ticketId, gate: 'Gate A', deviceId: 'gate-a-phone' },
    });
  // What GET /admin/checkin/live serves, read fresh each time (the route keeps it for two real seconds).
  const live = async () => {
    const view = await computeLiveView(server.ctx);
    const gateA = view.gates.find((g) => g.gate === 'Gate A');
    return { admitted: view.admitted, inside: view.inside, atGateA: gateA?.admitted ?? 0 };
  };

  it('takes back a typed-code admission: the ticket is active again, the log says who undid it, the panel agrees', async () => {
    const [ticket] = await calls.freshTickets(setup, 1);
    const before = await live();
    expect((await typed(setup.gateA, ticket!.ticket_code)).status).toBe(200);
    expect(await live()).toEqual({
      admitted: before.admitted + 1,
      inside: before.inside + 1,
      atGateA: before.atGateA + 1,
    });
    clock.advance(GATE_UNDO_OFFER_MS - 1_000);

    const response = await undo(setup.gateA, ticket!.id);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: 'Entry undone' });
    expect(response.body.ticket).toMatchObject({ id: ticket!.id, status: 'active', usedAt: null });
    const row = await calls.ticketRow(ticket!.id);
    expect(row).toMatchObject({
      status: 'active',
      used_at: null,
      scanned_by_user_id: null,
      last_entry_at: null,
    });
    const scans = await calls.scansOf(ticket!.id);
    expect(scans.map((s) => [s.action, s.result, s.method])).toEqual([
      ['mark', 'undone', 'typed'],
      ['undo', 'undone', 'typed'],
    ]);
    expect(scans[1]).toMatchObject({ checker_user_id: setup.gateA.user.id, gate: 'Gate A' });
    expect(await live()).toEqual(before);

    // The guest can be admitted again, and that admission counts.
    expect((await found(setup.gateB, ticket!.id)).status).toBe(200);
    expect((await live()).admitted).toBe(before.admitted + 1);
  });

  it('is too late once the window of the app clock has passed, and the admission stays', async () => {
    const [ticket] = await calls.freshTickets(setup, 1);
    expect((await found(setup.gateA, ticket!.id)).status).toBe(200);
    clock.advance(GATE_UNDO_OFFER_MS + GATE_UNDO_GRACE_MS + 1);
    const response = await undo(setup.gateA, ticket!.id);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('UNDO_WINDOW_CLOSED');
    expect((await calls.ticketRow(ticket!.id)).status).toBe('used');
    expect((await calls.scansOf(ticket!.id)).map((s) => s.result)).toEqual(['admitted']);
  });

  it("refuses someone else's admission (another volunteer, a manager, an admin), a guest, and a bad body", async () => {
    const [ticket] = await calls.freshTickets(setup, 1);
    expect((await found(setup.gateA, ticket!.id)).status).toBe(200);
    for (const other of [setup.gateB, setup.manager, admin]) {
      const response = await undo(other, ticket!.id);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
    expect((await undo(setup.guest, ticket!.id)).status).toBe(403);
    const bad = await undo(setup.gateA, '');
    expect(bad.status).toBe(400);
    expect(bad.body.details[0].field).toBe('ticketId');
    expect((await undo(setup.gateA, 'no-such-ticket')).body.code).toBe('TICKET_NOT_FOUND');
    expect((await calls.ticketRow(ticket!.id)).status).toBe('used');
    expect((await calls.scansOf(ticket!.id)).map((s) => s.result)).toEqual(['admitted']);
  });

  it('undoes once: a second undo, in turn or at the same moment, finds nothing to undo', async () => {
    const [first, second] = await calls.freshTickets(setup, 2);
    expect((await found(setup.gateA, first!.id)).status).toBe(200);
    expect((await undo(setup.gateA, first!.id)).status).toBe(200);
    const again = await undo(setup.gateA, first!.id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NOTHING_TO_UNDO');

    expect((await found(setup.gateA, second!.id)).status).toBe(200);
    const both = await Promise.all([undo(setup.gateA, second!.id), undo(setup.gateA, second!.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const scans = await calls.scansOf(second!.id);
    expect(scans.filter((s) => s.action === 'undo')).toHaveLength(1);
    expect((await calls.ticketRow(second!.id)).status).toBe('active');
  });

  it('never admits or counts twice when an undo races another gate scanning the same ticket', async () => {
    const tickets = await calls.freshTickets(setup, 6);
    for (const ticket of tickets) expect((await found(setup.gateA, ticket.id)).status).toBe(200);
    const before = await live();
    const results = await Promise.all(
      tickets.map(async (ticket) => {
        const [undone, scanned] = await Promise.all([
          undo(setup.gateA, ticket.id),
          calls.scan('mark-used', setup.gateB, { qrCode: ticket.qr_token, gate: 'Gate B' }),
        ]);
        return { ticket, undone, scanned };
      }),
    );
    let stillInside = 0;
    for (const { ticket, undone, scanned } of results) {
      // The scan either came first (refused: the guest was inside) or after the undo (a new admission).
      expect(undone.status).toBe(200);
      expect([200, 400]).toContain(scanned.status);
      const row = await calls.ticketRow(ticket.id);
      const admittedRows = (await calls.scansOf(ticket.id)).filter((s) => s.result === 'admitted');
      if (scanned.status === 200) {
        stillInside++;
        expect(row).toMatchObject({ status: 'used', scanned_by_user_id: setup.gateB.user.id });
        expect(admittedRows.map((s) => s.gate)).toEqual(['Gate B']);
      } else {
        expect(scanned.body.code).toBe('ALREADY_USED');
        expect(row.status).toBe('active');
        expect(admittedRows).toEqual([]);
      }
    }
    const after = await live();
    expect(after.admitted).toBe(before.admitted - tickets.length + stillInside);
    expect(after.inside).toBe(before.inside - tickets.length + stillInside);
    expect(after.atGateA).toBe(before.atGateA - tickets.length);
  });

  it('cannot undo once the guest went out on a pass (re-entry on): the ticket changed after the admission', async () => {
    const on = await server.request('PUT', '/api/event', {
      token: admin.token,
      body: newEventBody({ name: setup.event.name, totalTickets: 5000, reentryAllowed: true }),
    });
    expect(on.status).toBe(200);
    const [ticket] = await calls.freshTickets(setup, 1);
    expect((await found(setup.gateA, ticket!.id)).status).toBe(200);
    const exit = await server.request('POST', '/api/tickets/mark-exit', {
      token: setup.gateA.token,
      body: { qrCode: ticket!.qr_token, gate: 'Gate A' },
    });
    expect(exit.status).toBe(200);
    const response = await undo(setup.gateA, ticket!.id);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('TICKET_CHANGED');
    expect((await calls.scansOf(ticket!.id)).map((s) => s.result)).toEqual(['admitted', 'exited']);
    expect((await calls.ticketRow(ticket!.id)).status).toBe('used');
  });
});
