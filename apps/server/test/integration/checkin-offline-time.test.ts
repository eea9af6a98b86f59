import { istInstant } from '@utsav/domain/time';
import { beforeAll, expect, it } from 'vitest';
import type { TicketView } from '../../src/stores/tickets';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// Offline sync used to accept any past scannedAt (an admission in 2001 was recorded), and then any snapshot
// time the device claimed. Now the device's time is kept no earlier than the snapshot it used, when the server
// recorded that volunteer downloading it (else the event day's start in IST), never later than the server's
// receive time, and the scan log keeps that receive time beside it.

describeEachDatabase('offline admission times', (engine) => {
  const server = useServer(engine);
  let event: TestEvent;
  let buyer: TestUser;
  let checker: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 100 });
    buyer = await newUser(server);
    checker = await newUser(server, { role: 'qrchecker', name: 'Gate C' });
  });

  async function freshTicket(): Promise<TicketView> {
    return (
      await issuePaidTickets(server.ctx, { eventId: event.id, userId: buyer.user.id, quantity: 1 })
    )[0]!;
  }

  async function snapshotTime(): Promise<string> {
    const response = await server.request('GET', '/api/tickets/checkin/snapshot', { token: checker.token });
    expect(response.status).toBe(200);
    return response.body.generatedAt;
  }

  async function syncOne(ticket: TicketView, times: { scannedAt: string; snapshotAt?: string }) {
    const response = await server.request('POST', '/api/tickets/checkin/sync', {
      token: checker.token,
      body: {
        deviceId: `device-${ticket.id}`,
        admissions: [{ localId: 'l-1', ticketId: ticket.id, qrCode: ticket.qr_token, ...times }],
      },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.results[0].outcome).toBe('admitted');
    return response.body.results[0].usedAt as string;
  }

  async function scanRow(ticketId: string) {
    return server.ctx.db
      .selectFrom('checkin_scans')
      .selectAll()
      .where('ticket_id', '=', ticketId)
      .executeTakeFirstOrThrow();
  }

  it('a phone whose clock says 2001 is recorded at the time of the snapshot it used, with the receive time beside it', async () => {
    const snapshotAt = await snapshotTime();
    const ticket = await freshTicket();
    const before = Date.now();
    const usedAt = await syncOne(ticket, { scannedAt: '2001-01-01T00:00:00.000Z', snapshotAt });
    expect(usedAt).toBe(new Date(snapshotAt).toISOString());

    const ticketRow = await server.ctx.db
      .selectFrom('tickets')
      .select('used_at')
      .where('id', '=', ticket.id)
      .executeTakeFirstOrThrow();
    expect(ticketRow.used_at).toBe(usedAt);
    const scan = await scanRow(ticket.id);
    expect(scan.scanned_at).toBe(usedAt);
    // The server's receive time is kept too.
    expect(Date.parse(scan.created_at)).toBeGreaterThanOrEqual(before - 5);
    expect(Date.parse(scan.created_at)).toBeLessThanOrEqual(Date.now());
  });

  it('an admission that does not say which snapshot is no earlier than the start of the event day in IST', async () => {
    // An event on today's IST date, so its day has begun and lies in the past of the receive time.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await server.ctx.db.updateTable('events').set({ date: today }).where('id', '=', event.id).execute();
    const ticket = await freshTicket();
    const usedAt = await syncOne(ticket, { scannedAt: '2001-01-01T00:00:00.000Z' });
    expect(usedAt).toBe(istInstant(today).toISOString());
    expect((await scanRow(ticket.id)).scanned_at).toBe(usedAt);
  });

  it('a ticket list the server never made for this volunteer bounds nothing: a claimed 2001 is the event day', async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await server.ctx.db.updateTable('events').set({ date: today }).where('id', '=', event.id).execute();
    const ticket = await freshTicket();
    const usedAt = await syncOne(ticket, {
      scannedAt: '2001-01-01T00:00:00.000Z',
      snapshotAt: '2001-01-01T00:00:00.000Z',
    });
    expect(usedAt).toBe(istInstant(today).toISOString());
  });

  it("another volunteer's list does not bound this volunteer's admissions", async () => {
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    await server.ctx.db.updateTable('events').set({ date: today }).where('id', '=', event.id).execute();
    const other = await newUser(server, { role: 'qrchecker' });
    const theirs = await server.request('GET', '/api/tickets/checkin/snapshot', { token: other.token });
    const ticket = await freshTicket();
    const usedAt = await syncOne(ticket, {
      scannedAt: '2001-01-01T00:00:00.000Z',
      snapshotAt: theirs.body.generatedAt,
    });
    expect(usedAt).toBe(istInstant(today).toISOString());
  });

  it('a time between the snapshot and the receive time is kept exactly', async () => {
    const snapshotAt = await snapshotTime();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const scannedAt = new Date(Date.now() - 10).toISOString();
    const ticket = await freshTicket();
    expect(await syncOne(ticket, { scannedAt, snapshotAt })).toBe(scannedAt);
  });
});
