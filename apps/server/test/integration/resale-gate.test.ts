import { beforeAll, expect, it } from 'vitest';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  buy,
  createOrder,
  leaveSeats,
  newEvent,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { ticketRow } from '../../support/refunds';
import { useServer } from '../../support/server';

// A resold ticket says "Ticket Resold" wherever the gate answers: the look (verify-qr), the admission (mark-used),
// the list a phone downloads for offline scanning, the offline admissions it syncs, and every row of the scan log.
// All of them read tickets.resold_at, which the sale sets in its own transaction — never the free-text reason.

describeEachDatabase('a resold ticket at the gate', (engine) => {
  const clock = testClock(new Date('2099-09-01T10:00:00.000Z'));
  const server = useServer(engine, { env: PURCHASE_ENV, now: clock.now });
  let event: TestEvent;
  let gate: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 20, ticketPrice: 299 });
    gate = await newUser(server, { role: 'qrchecker' });
  });

  /** A ticket sold on in the normal dialog (nobody waits): the seller's old ticket, as the database now has it. */
  async function resold() {
    await leaveSeats(server, event.id, 1);
    const seller = await newUser(server);
    const ticket = (await buy(server, seller, event, 1)).tickets[0] as { id: string };
    const listed = await server.request('POST', `/api/tickets/${ticket.id}/resale`, { token: seller.token });
    expect(listed.status, listed.text).toBe(200);
    const buyer = await newUser(server);
    const checkout = await createOrder(server, buyer, event, 1, { amount: 299, resale: true });
    expect(checkout.status, checkout.text).toBe(200);
    clock.advance(1000);
    const paid = await verify(server, buyer, await pay(server, checkout.body.orderId));
    expect(paid.status, paid.text).toBe(200);
    return { seller, old: await ticketRow(server, ticket.id) };
  }

  const scanLog = (ticketId: string) =>
    server.ctx.db
      .selectFrom('checkin_scans')
      .select(['action', 'result'])
      .where('ticket_id', '=', ticketId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('the sale stamps resold_at in its own transaction; the seller’s card reads it', async () => {
    const { seller, old } = await resold();
    expect(old).toMatchObject({ status: 'cancelled', cancellation_reason: 'Resold' });
    expect(old.resold_at).not.toBeNull();
    expect(new Date(old.resold_at!).toISOString()).toBe(new Date(old.cancelled_at!).toISOString());
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: seller.token });
    const card = mine.body.tickets.find((row: { id: string }) => row.id === old.id);
    expect(card).toMatchObject({ status: 'cancelled' });
    expect(card.resoldAt).toBe(new Date(old.resold_at!).toISOString());
  });

  it('online: the look and the admission say "Ticket Resold", and the log records both as resold', async () => {
    const { old } = await resold();
    const look = await server.request('POST', '/api/tickets/verify-qr', {
      token: gate.token,
      body: { qrCode: old.qr_token, deviceId: 'phone-1' },
    });
    expect(look.status, look.text).toBe(200);
    expect(look.body.ticket).toMatchObject({ status: 'cancelled' });
    expect(look.body.ticket.resoldAt).not.toBeNull();
    const scan = await server.request('POST', '/api/tickets/mark-used', {
      token: gate.token,
      body: { qrCode: old.qr_token, deviceId: 'phone-1' },
    });
    expect(scan.status, scan.text).toBe(400);
    expect(scan.body).toMatchObject({
      code: 'TICKET_RESOLD',
      error: expect.stringMatching(/^Ticket Resold/),
    });
    expect(await scanLog(old.id)).toEqual([
      { action: 'verify', result: 'resold' },
      { action: 'mark', result: 'resold' },
    ]);
  });

  it('offline: the downloaded list marks it resold; its sync answers resold and logs it so', async () => {
    const { old } = await resold();
    const snapshot = await server.request('GET', '/api/tickets/checkin/snapshot', { token: gate.token });
    expect(snapshot.status, snapshot.text).toBe(200);
    const listed = snapshot.body.tickets.find((row: { id: string }) => row.id === old.id);
    expect(listed).toMatchObject({ status: 'cancelled', resold: true });
    const sync = await server.request('POST', '/api/tickets/checkin/sync', {
      token: gate.token,
      body: {
        deviceId: 'phone-offline',
        admissions: [
          {
            localId: 'r1',
            ticketId: old.id,
            qrCode: old.qr_token,
            scannedAt: clock.now().toISOString(),
            snapshotAt: snapshot.body.generatedAt,
          },
        ],
      },
    });
    expect(sync.status, sync.text).toBe(200);
    expect(sync.body.results).toEqual([
      expect.objectContaining({
        localId: 'r1',
        ticketId: old.id,
        outcome: 'resold',
        ticketCode: old.ticket_code,
      }),
    ]);
    expect(sync.body.conflicts).toBe(0);
    expect(await scanLog(old.id)).toEqual([{ action: 'sync', result: 'resold' }]);
  });

  it('a ticket merely cancelled with the words "Resold" is cancelled at the gate, not resold', async () => {
    await leaveSeats(server, event.id, 1);
    const owner = await newUser(server);
    const ticket = (await buy(server, owner, event, 1)).tickets[0] as { id: string };
    await server.ctx.db
      .updateTable('tickets')
      .set({ status: 'cancelled', cancellation_reason: 'Resold', cancelled_at: clock.now().toISOString() })
      .where('id', '=', ticket.id)
      .execute();
    const row = await ticketRow(server, ticket.id);
    const scan = await server.request('POST', '/api/tickets/mark-used', {
      token: gate.token,
      body: { qrCode: row.qr_token },
    });
    expect(scan.body.code).toBe('TICKET_CANCELLED');
    expect(await scanLog(ticket.id)).toEqual([{ action: 'mark', result: 'cancelled' }]);
    const snapshot = await server.request('GET', '/api/tickets/checkin/snapshot', { token: gate.token });
    expect(
      snapshot.body.tickets.find((listed: { id: string }) => listed.id === ticket.id).resold,
    ).toBeUndefined();
  });
});
