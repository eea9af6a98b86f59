import { randomUUID } from 'node:crypto';
import { generateEventKeyPair, signTicketToken } from '@utsav/domain/qr-token';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { type GateSetup, gateCalls, setUpGate } from '../../support/gate';
import type { TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

describeEachDatabase('check-in at the gate', (engine) => {
  const server = useServer(engine);
  let event: TestEvent;
  let keys: { publicKey: string; privateKey: string };
  let gateA: TestUser;
  let gateB: TestUser;
  let manager: TestUser;
  let guest: TestUser;
  let setup: GateSetup;

  beforeAll(async () => {
    setup = await setUpGate(server);
    ({ event, keys, gateA, gateB, manager, guest } = setup);
  });

  const calls = gateCalls(server);
  const { scan, sync, ticketRow, scansOf } = calls;
  const freshTickets = (quantity: number) => calls.freshTickets(setup, quantity);
  const freshTicket = async () => (await freshTickets(1))[0]!;

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
            holderName: ticket.holder_name,
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
          holderName: ticket.holder_name,
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

    it('an empty or blank code is a 400 with the product message; a non-string code too', async () => {
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
});
