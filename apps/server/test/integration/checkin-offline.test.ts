import { randomUUID } from 'node:crypto';
import { signTicketToken, verifyTicketToken } from '@utsav/domain/qr-token';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketView } from '../../src/stores/tickets';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { type GateSetup, gateCalls, setUpGate } from '../../support/gate';
import type { TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

describeEachDatabase('check-in at the gate, offline', (engine) => {
  const server = useServer(engine);
  let event: TestEvent;
  let keys: { publicKey: string; privateKey: string };
  let buyer: TestUser;
  let gateA: TestUser;
  let gateB: TestUser;
  let setup: GateSetup;

  beforeAll(async () => {
    setup = await setUpGate(server);
    ({ event, keys, buyer, gateA, gateB } = setup);
  });

  const calls = gateCalls(server);
  const { scan, sync, ticketRow, scansOf } = calls;
  const freshTickets = (quantity: number) => calls.freshTickets(setup, quantity);
  const freshTicket = async () => (await freshTickets(1))[0]!;

  describe('offline snapshot', () => {
    it('lists every ticket of the event with id, status and first name only, and the key that verifies them', async () => {
      const [used, active, cancelled] = await freshTickets(3);
      await scan('mark-used', gateA, { qrCode: used!.qr_token });
      await server.ctx.db
        .updateTable('tickets')
        .set({ status: 'cancelled' })
        .where('id', '=', cancelled!.id)
        .execute();

      const response = await server.request('GET', '/api/tickets/checkin/snapshot', { token: gateB.token });
      expect(response.status).toBe(200);
      const body = response.body;
      expect(body).toMatchObject({
        success: true,
        eventId: event.id,
        eventName: event.name,
        publicKey: keys.publicKey,
      });
      expect(Date.parse(body.generatedAt)).not.toBeNaN();
      const byId = new Map(body.tickets.map((t: { id: string }) => [t.id, t]));
      const total = await server.ctx.db
        .selectFrom('tickets')
        .select('id')
        .where('event_id', '=', event.id)
        .execute();
      expect(body.tickets).toHaveLength(total.length);
      expect(byId.get(used!.id)).toEqual({
        id: used!.id,
        status: 'used',
        holderFirstName: 'Priya',
        usedAt: (await ticketRow(used!.id)).used_at,
        exitedAt: null,
        codeDigest: expect.any(String),
        ticketTypeId: `entry-${event.id}`,
        admits: 1,
      });
      expect(byId.get(active!.id)).toEqual({
        id: active!.id,
        status: 'active',
        holderFirstName: 'Priya',
        usedAt: null,
        exitedAt: null,
        codeDigest: expect.any(String),
        ticketTypeId: `entry-${event.id}`,
        admits: 1,
      });
      expect(byId.get(cancelled!.id)).toMatchObject({ status: 'cancelled' });
      for (const ticket of body.tickets)
        expect(Object.keys(ticket).sort()).toEqual([
          'admits',
          'codeDigest',
          'exitedAt',
          'holderFirstName',
          'id',
          'status',
          'ticketTypeId',
          'usedAt',
        ]);

      // Nothing more personal than a first name: no email, no surname, no owner.
      expect(response.text).not.toContain('@');
      expect(response.text).not.toContain(buyer.email);
      expect(response.text).not.toContain('Shah');
      // The device can check a guest's code with nothing but this snapshot.
      expect(verifyTicketToken(active!.qr_token, body.publicKey, body.eventId)).toEqual({
        ok: true,
        ticketId: active!.id,
        eventId: event.id,
      });
    });
  });

  describe('offline sync', () => {
    // As the scanner sends them: with the time of the ticket list it decided with, a list each volunteer
    // downloaded an hour ago (the server's clock set back for those downloads: only recorded lists count).
    let snapshotAt: string;
    beforeAll(async () => {
      const realNow = server.ctx.now;
      const anHourAgo = new Date(Date.now() - 60 * 60_000);
      server.ctx.now = () => anHourAgo;
      try {
        for (const volunteer of [gateA, gateB]) {
          const list = await server.request('GET', '/api/tickets/checkin/snapshot', {
            token: volunteer.token,
          });
          expect(list.status, list.text).toBe(200);
          snapshotAt = list.body.generatedAt;
        }
      } finally {
        server.ctx.now = realNow;
      }
    });
    const admissionOf = (ticket: TicketView, localId: string, scannedAt: string) => ({
      localId,
      ticketId: ticket.id,
      qrCode: ticket.qr_token,
      scannedAt,
      snapshotAt,
    });

    it('admits an offline admission at the time the device scanned it', async () => {
      const ticket = await freshTicket();
      const scannedAt = new Date(Date.now() - 10 * 60_000).toISOString();
      const response = await sync(gateB, {
        deviceId: 'offline-1',
        gate: 'South',
        admissions: [admissionOf(ticket, 'l-1', scannedAt)],
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({
        success: true,
        conflicts: 0,
        results: [
          {
            localId: 'l-1',
            ticketId: ticket.id,
            outcome: 'admitted',
            usedAt: scannedAt,
            scannedBy: { name: 'Bharat at Gate B' },
          },
        ],
      });
      const row = await ticketRow(ticket.id);
      expect(row).toMatchObject({ status: 'used', used_at: scannedAt, scanned_by_user_id: gateB.user.id });
      const scans = await scansOf(ticket.id);
      expect(scans).toHaveLength(1);
      expect(scans[0]).toMatchObject({
        action: 'sync',
        result: 'admitted',
        device_id: 'offline-1',
        gate: 'South',
        local_id: 'l-1',
        scanned_at: scannedAt,
      });
    });

    it('a device clock in the future cannot post-date an entry', async () => {
      const ticket = await freshTicket();
      const before = Date.now();
      const response = await sync(gateB, {
        deviceId: 'fast-clock',
        admissions: [admissionOf(ticket, 'l-1', '2999-01-01T00:00:00.000Z')],
      });
      const usedAt = Date.parse(response.body.results[0].usedAt);
      expect(usedAt).toBeGreaterThanOrEqual(before - 5);
      expect(usedAt).toBeLessThanOrEqual(Date.now());
    });

    it('a ticket admitted online at gate A, then synced from an offline device, is a reported conflict and admitted once', async () => {
      const ticket = await freshTicket();
      const online = await scan('mark-used', gateA, { qrCode: ticket.qr_token, gate: 'A' });
      expect(online.status).toBe(200);
      const offlineScannedAt = new Date(Date.now() - 60_000).toISOString();
      const response = await sync(gateB, {
        deviceId: 'offline-2',
        gate: 'B',
        admissions: [admissionOf(ticket, 'l-1', offlineScannedAt)],
      });
      expect(response.body).toEqual({
        success: true,
        conflicts: 1,
        results: [
          {
            localId: 'l-1',
            ticketId: ticket.id,
            // The printed code, so the volunteer's conflict list names the ticket as its holder sees it.
            ticketCode: ticket.ticket_code,
            outcome: 'already_used',
            usedAt: online.body.ticket.usedAt,
            scannedBy: { name: 'Gita at Gate A' },
          },
        ],
      });
      const row = await ticketRow(ticket.id);
      expect(row).toMatchObject({
        status: 'used',
        used_at: online.body.ticket.usedAt,
        scanned_by_user_id: gateA.user.id,
      });
      const scans = await scansOf(ticket.id);
      expect(scans.filter((s) => s.result === 'admitted')).toHaveLength(1);
      expect(scans.find((s) => s.action === 'sync')).toMatchObject({
        result: 'already_used',
        device_id: 'offline-2',
      });
    });

    it('one ticket admitted on two offline devices: the first to sync wins, the second is a conflict naming it', async () => {
      const ticket = await freshTicket();
      const first = await sync(gateA, {
        deviceId: 'dev-a',
        admissions: [admissionOf(ticket, 'x', new Date(Date.now() - 5000).toISOString())],
      });
      const second = await sync(gateB, {
        deviceId: 'dev-b',
        admissions: [admissionOf(ticket, 'x', new Date(Date.now() - 9000).toISOString())],
      });
      expect(first.body.results[0].outcome).toBe('admitted');
      expect(second.body.conflicts).toBe(1);
      expect(second.body.results[0]).toMatchObject({
        outcome: 'already_used',
        usedAt: first.body.results[0].usedAt,
        scannedBy: { name: 'Gita at Gate A' },
      });
    });

    it('replaying the same batch from the same device is idempotent: admitted again, no conflict, one record', async () => {
      const [one, two] = await freshTickets(2);
      const batch = {
        deviceId: 'replayer',
        admissions: [
          admissionOf(one!, 'r-1', new Date(Date.now() - 3000).toISOString()),
          admissionOf(two!, 'r-2', new Date(Date.now() - 2000).toISOString()),
        ],
      };
      const first = await sync(gateA, batch);
      const again = await sync(gateA, batch);
      const [raceA, raceB] = await Promise.all([sync(gateA, batch), sync(gateA, batch)]);
      for (const response of [again, raceA, raceB]) {
        expect(response.status).toBe(200);
        expect(response.body).toEqual(first.body);
      }
      expect(first.body.conflicts).toBe(0);
      expect(first.body.results.map((r: { outcome: string }) => r.outcome)).toEqual(['admitted', 'admitted']);
      expect(await scansOf(one!.id)).toHaveLength(1);
      expect(await scansOf(two!.id)).toHaveLength(1);
    });

    it('reports forged, cancelled, unknown and mismatched admissions item by item without failing the batch', async () => {
      const [good, cancelled, other] = await freshTickets(3);
      await server.ctx.db
        .updateTable('tickets')
        .set({ status: 'cancelled' })
        .where('id', '=', cancelled!.id)
        .execute();
      const at = new Date(Date.now() - 1000).toISOString();
      const ghostId = randomUUID();
      const ghost = signTicketToken({ ticketId: ghostId, eventId: event.id }, keys.privateKey);
      const forged = `${good!.qr_token.slice(0, -3)}AAA`;
      const response = await sync(gateA, {
        deviceId: 'mixed',
        admissions: [
          { localId: 'm-1', ticketId: good!.id, qrCode: forged, scannedAt: at },
          { localId: 'm-2', ticketId: cancelled!.id, qrCode: cancelled!.qr_token, scannedAt: at },
          { localId: 'm-3', ticketId: ghostId, qrCode: ghost, scannedAt: at },
          { localId: 'm-4', ticketId: other!.id, qrCode: good!.qr_token, scannedAt: at },
          { localId: 'm-5', ticketId: good!.id, qrCode: good!.qr_token, scannedAt: at },
        ],
      });
      expect(response.status).toBe(200);
      expect(response.body.results.map((r: { outcome: string }) => r.outcome)).toEqual([
        'invalid',
        'cancelled',
        'not_found',
        'invalid',
        'admitted',
      ]);
      expect(response.body.conflicts).toBe(0);
      expect((await ticketRow(other!.id)).status).toBe('active');
    });

    it('a batch over 500 admissions or without a device id is refused', async () => {
      const admission = { localId: 'a', ticketId: 't', qrCode: 'x', scannedAt: new Date().toISOString() };
      const tooMany = await sync(gateA, {
        deviceId: 'd',
        admissions: Array.from({ length: 501 }, () => admission),
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.code).toBe('VALIDATION_FAILED');
      expect((await sync(gateA, { admissions: [] })).status).toBe(400);
    });
  });

  it('sync is limited per checker (30 a minute), not per venue network', async () => {
    const busy = await newUser(server, { role: 'qrchecker' });
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await sync(busy, { deviceId: 'd', admissions: [] })).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const neighbour = await newUser(server, { role: 'qrchecker' });
    expect((await sync(neighbour, { deviceId: 'd', admissions: [] })).status).toBe(200);
  });
});
