import { randomUUID } from 'node:crypto';
import { generateEventKeyPair, signTicketToken, verifyTicketToken } from '@utsav/domain/qr-token';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketView } from '../../src/modules/tickets/repo';
import { issuePaidTickets } from '../support/checkin';
import { describeEachDatabase } from '../support/databases';
import { newUser, type TestUser } from '../support/factories';
import { newEvent, type TestEvent } from '../support/purchase';
import { useServer } from '../support/server';

describeEachDatabase('check-in at the gate', (engine) => {
  const server = useServer(engine);
  let event: TestEvent;
  let keys: { publicKey: string; privateKey: string };
  let buyer: TestUser;
  let gateA: TestUser;
  let gateB: TestUser;
  let manager: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 5000 });
    const row = await server.ctx.db
      .selectFrom('events')
      .select(['qr_public_key', 'qr_private_key'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    keys = { publicKey: row.qr_public_key!, privateKey: row.qr_private_key! };
    buyer = await newUser(server, { name: 'Priya Ramesh Shah' });
    gateA = await newUser(server, { role: 'qrchecker', name: 'Gita at Gate A' });
    gateB = await newUser(server, { role: 'qrchecker', name: 'Bharat at Gate B' });
    manager = await newUser(server, { role: 'manager', name: 'Manoj Manager' });
    guest = await newUser(server, { name: 'Just A Guest' });
  });

  async function freshTickets(quantity: number): Promise<TicketView[]> {
    return issuePaidTickets(server.ctx, { eventId: event.id, userId: buyer.user.id, quantity });
  }

  async function freshTicket(): Promise<TicketView> {
    return (await freshTickets(1))[0]!;
  }

  function scan(action: 'verify-qr' | 'mark-used', user: TestUser | null, body: unknown) {
    return server.request('POST', `/api/tickets/${action}`, { ...(user ? { token: user.token } : {}), body });
  }

  function sync(user: TestUser, body: unknown) {
    return server.request('POST', '/api/tickets/checkin/sync', { token: user.token, body });
  }

  function ticketRow(id: string) {
    return server.ctx.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  function scansOf(ticketId: string) {
    return server.ctx.db
      .selectFrom('checkin_scans')
      .selectAll()
      .where('ticket_id', '=', ticketId)
      .orderBy('created_at')
      .execute();
  }

  describe('mark-used admits exactly once', () => {
    it('of 50 simultaneous mark-used calls from two gates, exactly one admits and 49 get ALREADY_USED with its time and scanner', async () => {
      const ticket = await freshTicket();
      const responses = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          scan('mark-used', i % 2 === 0 ? gateA : gateB, {
            qrCode: ticket.qr_token,
            deviceId: `dev-${i % 2}`,
          }),
        ),
      );
      const winners = responses.filter((response) => response.status === 200);
      const losers = responses.filter((response) => response.status !== 200);
      expect(winners).toHaveLength(1);
      expect(losers).toHaveLength(49);

      const winner = winners[0]!.body;
      expect(winner).toMatchObject({
        success: true,
        message: 'Entry Allowed',
        ticket: { id: ticket.id, status: 'used' },
      });
      const usedAt: string = winner.ticket.usedAt;
      const scannerName: string = winner.ticket.scannedBy.name;
      expect(['Gita at Gate A', 'Bharat at Gate B']).toContain(scannerName);
      for (const loser of losers) {
        expect(loser.status).toBe(400);
        expect(loser.body).toEqual({
          success: false,
          code: 'ALREADY_USED',
          errorType: 'ALREADY_USED',
          error: 'Ticket already used',
          usedAt,
          scannedBy: { name: scannerName },
          insideSince: usedAt,
          ticket: {
            id: ticket.id,
            ticketId: ticket.ticket_code,
            status: 'used',
            usedAt,
            scannedBy: { name: scannerName },
            cancelledAt: null,
          },
        });
      }

      const row = await ticketRow(ticket.id);
      expect(row.status).toBe('used');
      expect(row.used_at).toBe(usedAt);
      const scans = await scansOf(ticket.id);
      expect(scans.filter((s) => s.result === 'admitted')).toHaveLength(1);
      expect(scans.filter((s) => s.result === 'already_used')).toHaveLength(49);
      expect(scans.every((s) => s.action === 'mark')).toBe(true);
    });

    it('a successful mark-used answers the ticket as the tickets presenter shows it', async () => {
      const ticket = await freshTicket();
      const response = await scan('mark-used', gateA, { qrCode: ticket.qr_token, gate: 'North' });
      expect(response.status, response.text).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.message).toBe('Entry Allowed');
      expect(response.body.ticket).toMatchObject({
        id: ticket.id,
        _id: ticket.id,
        ticketId: ticket.ticket_code,
        status: 'used',
        holderName: 'Priya Ramesh Shah',
        user: { name: 'Priya Ramesh Shah' },
        scannedBy: { name: 'Gita at Gate A' },
        cancelledAt: null,
        eventName: event.name,
      });
      expect(Date.parse(response.body.ticket.usedAt)).not.toBeNaN();
    });

    it('a second scan of the same ticket at another gate is refused with the first scan time and scanner', async () => {
      const ticket = await freshTicket();
      const first = await scan('mark-used', gateA, { qrCode: ticket.qr_token });
      const second = await scan('mark-used', gateB, { qrCode: ticket.qr_token });
      expect(second.status).toBe(400);
      expect(second.body).toMatchObject({
        code: 'ALREADY_USED',
        usedAt: first.body.ticket.usedAt,
        scannedBy: { name: 'Gita at Gate A' },
      });
    });

    it('the scanned text is trimmed before it is checked', async () => {
      const ticket = await freshTicket();
      const response = await scan('mark-used', manager, {
        qrCode: `\n  ${ticket.qr_token}  \r\n`,
        deviceId: null,
        gate: null,
      });
      expect(response.status, response.text).toBe(200);
    });

    it('a cancelled ticket is refused with TICKET_CANCELLED, its cancelledAt, and stays cancelled', async () => {
      const ticket = await freshTicket();
      const cancelledAt = new Date().toISOString();
      await server.ctx.db
        .updateTable('tickets')
        .set({ status: 'cancelled', cancelled_at: cancelledAt })
        .where('id', '=', ticket.id)
        .execute();
      const response = await scan('mark-used', gateA, { qrCode: ticket.qr_token });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        success: false,
        code: 'TICKET_CANCELLED',
        errorType: 'TICKET_CANCELLED',
        error: 'Ticket has been cancelled',
        ticket: {
          id: ticket.id,
          ticketId: ticket.ticket_code,
          status: 'cancelled',
          usedAt: null,
          scannedBy: null,
          cancelledAt,
        },
      });
      expect((await ticketRow(ticket.id)).status).toBe('cancelled');
    });
  });

  describe('codes that must not get in', () => {
    it('a well-signed code for a ticket that does not exist is TICKET_NOT_FOUND', async () => {
      const qrCode = signTicketToken({ ticketId: randomUUID(), eventId: event.id }, keys.privateKey);
      for (const action of ['verify-qr', 'mark-used'] as const) {
        const response = await scan(action, gateA, { qrCode });
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('TICKET_NOT_FOUND');
      }
    });

    it('garbage is INVALID_QR', async () => {
      for (const qrCode of ['hello', 'UT1.abc.def', 'https://example.test/ticket/1', 'x'.repeat(5000)]) {
        for (const action of ['verify-qr', 'mark-used'] as const) {
          const response = await scan(action, gateA, { qrCode });
          expect(response.status).toBe(404);
          expect(response.body).toEqual({
            success: false,
            code: 'INVALID_QR',
            errorType: 'INVALID_QR',
            error: 'Invalid QR code',
          });
        }
      }
    });

    it('a real code with any one character changed is INVALID_QR and admits nothing', async () => {
      const ticket = await freshTicket();
      const token = ticket.qr_token;
      // One position in each part: payload (ticket id bytes), payload (event id bytes), signature.
      const positions = [6, Math.floor(token.indexOf('.', 4) - 5), token.length - 10];
      for (const position of positions) {
        const original = token[position]!;
        const forged = token.slice(0, position) + (original === 'A' ? 'B' : 'A') + token.slice(position + 1);
        const response = await scan('mark-used', gateA, { qrCode: forged });
        expect(response.status, `position ${position}`).toBe(404);
        expect(response.body.code).toBe('INVALID_QR');
      }
      expect((await ticketRow(ticket.id)).status).toBe('active');
    });

    it("a code signed with another event's key is INVALID_QR", async () => {
      const ticket = await freshTicket();
      const otherKeys = generateEventKeyPair();
      const sameIdsOtherKey = signTicketToken(
        { ticketId: ticket.id, eventId: event.id },
        otherKeys.privateKey,
      );
      const otherEvent = signTicketToken(
        { ticketId: ticket.id, eventId: randomUUID() },
        otherKeys.privateKey,
      );
      for (const qrCode of [sameIdsOtherKey, otherEvent]) {
        const response = await scan('mark-used', gateA, { qrCode });
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('INVALID_QR');
      }
      expect((await ticketRow(ticket.id)).status).toBe('active');
    });

    it('a code naming another event is INVALID_QR even when signed with this event key', async () => {
      const qrCode = signTicketToken({ ticketId: randomUUID(), eventId: randomUUID() }, keys.privateKey);
      const response = await scan('mark-used', gateA, { qrCode });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('INVALID_QR');
    });

    it('an empty or blank code is a 400 with the spec message; a non-string code too', async () => {
      for (const body of [{ qrCode: '' }, { qrCode: '   \n' }, { qrCode: 42 }, {}]) {
        const response = await scan('mark-used', gateA, body);
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
        expect(response.body.error).toBe('QR code is empty or malformed');
      }
    });
  });

  describe('who may scan', () => {
    it('a guest gets 403 from verify-qr, mark-used, snapshot and sync', async () => {
      const ticket = await freshTicket();
      const calls = [
        scan('verify-qr', guest, { qrCode: ticket.qr_token }),
        scan('mark-used', guest, { qrCode: ticket.qr_token }),
        server.request('GET', '/api/tickets/checkin/snapshot', { token: guest.token }),
        sync(guest, { deviceId: 'd', admissions: [] }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('FORBIDDEN');
      }
      expect((await ticketRow(ticket.id)).status).toBe('active');
    });

    it('signed out, every check-in call is 401', async () => {
      const calls = [
        scan('verify-qr', null, { qrCode: 'x' }),
        scan('mark-used', null, { qrCode: 'x' }),
        server.request('GET', '/api/tickets/checkin/snapshot'),
        server.request('POST', '/api/tickets/checkin/sync', { body: { deviceId: 'd', admissions: [] } }),
      ];
      for (const response of await Promise.all(calls)) expect(response.status).toBe(401);
    });

    it('qrchecker, manager and admin may all verify', async () => {
      const ticket = await freshTicket();
      const admin = await newUser(server, { role: 'admin' });
      for (const user of [gateA, manager, admin]) {
        expect((await scan('verify-qr', user, { qrCode: ticket.qr_token })).status).toBe(200);
      }
    });
  });

  describe('verify-qr', () => {
    it('reads the ticket and changes nothing', async () => {
      const ticket = await freshTicket();
      const before = await ticketRow(ticket.id);
      const response = await scan('verify-qr', gateA, { qrCode: ticket.qr_token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        ticket: {
          id: ticket.id,
          status: 'active',
          usedAt: null,
          scannedBy: null,
          holderName: 'Priya Ramesh Shah',
        },
      });
      expect(await ticketRow(ticket.id)).toEqual(before);
    });

    it('shows a used ticket as used, with when and by whom', async () => {
      const ticket = await freshTicket();
      const marked = await scan('mark-used', gateB, { qrCode: ticket.qr_token });
      const response = await scan('verify-qr', gateA, { qrCode: ticket.qr_token });
      expect(response.status).toBe(200);
      expect(response.body.ticket).toMatchObject({
        status: 'used',
        usedAt: marked.body.ticket.usedAt,
        scannedBy: { name: 'Bharat at Gate B' },
      });
    });
  });

  it('every scan is recorded with checker, device, gate, action and result', async () => {
    const ticket = await freshTicket();
    const where = { deviceId: 'phone-7', gate: 'East' };
    await scan('verify-qr', gateA, { qrCode: ticket.qr_token, ...where });
    await scan('mark-used', gateA, { qrCode: ticket.qr_token, ...where });
    await scan('mark-used', gateA, { qrCode: ticket.qr_token, ...where });
    await scan('verify-qr', gateA, { qrCode: ticket.qr_token, ...where });
    const scans = await scansOf(ticket.id);
    expect(scans.map((s) => [s.action, s.result])).toEqual([
      ['verify', 'verified'],
      ['mark', 'admitted'],
      ['mark', 'already_used'],
      ['verify', 'already_used'],
    ]);
    for (const s of scans) {
      expect(s).toMatchObject({
        checker_user_id: gateA.user.id,
        device_id: 'phone-7',
        gate: 'East',
        local_id: null,
        direction: 'in',
        method: 'scan',
      });
    }
    // The admission and its log row are one write (repo.ts admitWithScan): the same instant in both.
    expect(new Date(scans[1]!.scanned_at).toISOString()).toBe((await ticketRow(ticket.id)).used_at);

    const invalidBefore = await countInvalidScans(gateB.user.id);
    await scan('mark-used', gateB, { qrCode: 'not a ticket', ...where });
    await scan('verify-qr', gateB, { qrCode: '  ', ...where });
    expect(await countInvalidScans(gateB.user.id)).toBe(invalidBefore + 2);
  });

  async function countInvalidScans(checkerId: string): Promise<number> {
    const rows = await server.ctx.db
      .selectFrom('checkin_scans')
      .select('id')
      .where('checker_user_id', '=', checkerId)
      .where('result', '=', 'invalid')
      .where('ticket_id', 'is', null)
      .execute();
    return rows.length;
  }

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
      });
      expect(byId.get(active!.id)).toEqual({
        id: active!.id,
        status: 'active',
        holderFirstName: 'Priya',
        usedAt: null,
        exitedAt: null,
        codeDigest: expect.any(String),
      });
      expect(byId.get(cancelled!.id)).toMatchObject({ status: 'cancelled' });
      for (const ticket of body.tickets)
        expect(Object.keys(ticket).sort()).toEqual([
          'codeDigest',
          'exitedAt',
          'holderFirstName',
          'id',
          'status',
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
    // As the scanner sends them: with the time of the ticket list it decided with (an hour ago here).
    const snapshotAt = new Date(Date.now() - 60 * 60_000).toISOString();
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
