import { beforeAll, expect, it } from 'vitest';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// The live gate view and the organiser's numbers (docs/product.md#gates-panel).

describeEachDatabase('gates: live view and one definition of sold', (engine) => {
  const server = useServer(engine);
  let event: TestEvent;
  let buyer: TestUser;
  let checker: TestUser;
  let manager: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 100 });
    buyer = await newUser(server, { name: 'Asha Patel' });
    checker = await newUser(server, { role: 'qrchecker', name: 'Gita' });
    manager = await newUser(server, { role: 'manager' });
    guest = await newUser(server);
  });

  const live = (user: TestUser) => server.request('GET', '/api/admin/checkin/live', { token: user.token });
  const scan = (qrCode: string, gate: string, deviceId: string) =>
    server.request('POST', '/api/tickets/mark-used', {
      token: checker.token,
      body: { qrCode, gate, deviceId },
    });

  it('is for admins and managers only: a guest and a gate volunteer get 403, nobody signed in 401', async () => {
    expect((await live(guest)).status).toBe(403);
    expect((await live(checker)).status).toBe(403);
    expect((await server.request('GET', '/api/admin/checkin/live')).status).toBe(401);
  });

  it('counts admitted against sold, inside now, per-gate admissions in the last minute, devices, refusals (transferred included) and heartbeats', async () => {
    const tickets = await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: buyer.user.id,
      quantity: 5,
    });
    // One cancelled ticket is neither sold nor admitted.
    await server.ctx.db
      .updateTable('tickets')
      .set({ status: 'cancelled' })
      .where('id', '=', tickets[4]!.id)
      .execute();
    expect((await scan(tickets[0]!.qr_token, 'North', 'phone-n1')).status).toBe(200);
    expect((await scan(tickets[1]!.qr_token, 'North', 'phone-n2')).status).toBe(200);
    expect((await scan(tickets[2]!.qr_token, 'South', 'phone-s1')).status).toBe(200);
    expect((await scan(tickets[0]!.qr_token, 'South', 'phone-s1')).body.code).toBe('ALREADY_USED');
    expect((await scan(tickets[4]!.qr_token, 'South', 'phone-s1')).body.code).toBe('TICKET_CANCELLED');
    expect((await scan('UT1.not-a-ticket', 'South', 'phone-s1')).body.code).toBe('INVALID_QR');
    const beat = await server.request('POST', '/api/tickets/checkin/heartbeat', {
      token: checker.token,
      body: { deviceId: 'phone-e1', gate: 'East', queued: 7 },
    });
    expect(beat.status).toBe(200);

    const response = await live(manager);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const view = response.body;
    expect(view).toMatchObject({ success: true, sold: 4, admitted: 3, inside: 3, arrivedPercentage: 75 });
    const byGate = new Map<string, { perMinute: { count: number }[] }>(
      view.gates.map((g: { gate: string; perMinute: { count: number }[] }) => [g.gate, g]),
    );
    expect(byGate.get('North')).toMatchObject({ admitted: 2, lastMinute: 2, devices: 2 });
    expect(byGate.get('South')).toMatchObject({ admitted: 1, lastMinute: 1, devices: 1 });
    expect(byGate.get('East')).toMatchObject({ admitted: 0, devices: 1 });
    expect(
      byGate.get('North')!.perMinute.reduce((sum: number, m: { count: number }) => sum + m.count, 0),
    ).toBe(2);
    expect(view.refusals).toEqual({ already_used: 1, cancelled: 1, transferred: 0, invalid: 1 });
    expect(view.devices).toContainEqual(
      expect.objectContaining({
        deviceId: 'phone-e1',
        gate: 'East',
        queued: 7,
        online: true,
        checker: 'Gita',
      }),
    );
    expect(view.devices.map((d: { deviceId: string }) => d.deviceId).sort()).toEqual([
      'phone-e1',
      'phone-n1',
      'phone-n2',
      'phone-s1',
    ]);
  });

  it('the dashboard stats, analytics and the event all call active + used "sold", never the cancelled ones', async () => {
    const stats = await server.request('GET', '/api/tickets/admin/stats', { token: manager.token });
    const analytics = await server.request('GET', '/api/admin/analytics/dashboard', { token: manager.token });
    const eventBody = await server.request('GET', '/api/event');
    const { active, used, cancelled, sold, total } = stats.body.stats;
    expect(sold).toBe(active + used);
    expect(total).toBe(sold + cancelled);
    expect(cancelled).toBeGreaterThan(0);
    expect(analytics.body.data.tickets.total).toBe(sold);
    expect(analytics.body.data.event.soldTickets).toBe(sold);
    expect(eventBody.body.data.soldTickets).toBe(sold);
  });

  it('the CSV export writes times in IST with their offset, and who scanned', async () => {
    const response = await server.request('GET', '/api/admin/tickets/export?format=csv', {
      token: manager.token,
    });
    const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
    const header = lines[0]!.split(',');
    const used = lines.find((line) => line.includes(',used,'))!.split(',');
    expect(used[header.indexOf('Used At (IST)')]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+05:30$/);
    expect(used[header.indexOf('Created At (IST)')]).toMatch(/\+05:30$/);
    expect(used[header.indexOf('Scanned By')]).toBe('Gita');
  });

  it('admin ticket search finds a ticket by its code, typed in lower case', async () => {
    const [ticket] = await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: buyer.user.id,
      quantity: 1,
    });
    const response = await server.request(
      'GET',
      `/api/admin/tickets/management?search=${encodeURIComponent(ticket!.ticket_code.toLowerCase())}`,
      { token: manager.token },
    );
    expect(response.status).toBe(200);
    expect(response.body.tickets.map((t: { ticketId: string }) => t.ticketId)).toEqual([ticket!.ticket_code]);
  });
});
