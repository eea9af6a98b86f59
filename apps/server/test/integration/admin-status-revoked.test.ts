import { beforeAll, describe, expect, it } from 'vitest';
import { issueManual } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, uniqueEmail } from '../../support/factories';
import { availableTickets, buy, newEvent, PURCHASE_ENV, pay, type TestEvent } from '../../support/purchase';
import { cancel } from '../../support/refunds';
import { useServer } from '../../support/server';

// A ticket revoked by a transfer stays revoked: no status change by staff brings it back, single or bulk,
// manager or admin (the recipient holds the seat; the sender's QR must stay refused at the gate, and "sold"
// must not grow without a payment). The list's "cancelled" filter does not show transferred tickets, and every
// status change is audited with the money it moves.

describeEachDatabase('status changes of revoked tickets', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;
  let checker: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { startTime: '19:00' });
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
    checker = await newUser(server, { role: 'qrchecker' });
  });

  /** A ticket bought online and transferred (fee paid, verified): the sender's ticket as bought. */
  async function transferredTicket() {
    const sender = await newUser(server, { name: 'Asha Patel' });
    const ticket = (await buy(server, sender, event, 1)).tickets[0];
    const started = await server.request('POST', `/api/tickets/${ticket.id}/transfer`, {
      token: sender.token,
      body: { recipientEmail: uniqueEmail('recipient'), recipientName: 'Bina Rao' },
    });
    expect(started.status, started.text).toBe(200);
    const verified = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: sender.token,
      body: await pay(server, started.body.orderId),
    });
    expect(verified.status, verified.text).toBe(200);
    return ticket as { id: string; qrCode: string; ticketId: string };
  }

  async function soldCount(): Promise<number> {
    const stats = await server.request('GET', '/api/tickets/admin/stats', { token: admin.token });
    expect(stats.status, stats.text).toBe(200);
    return stats.body.stats.sold;
  }

  async function gateRefusesOldCode(qrCode: string) {
    const scan = await server.request('POST', '/api/tickets/mark-used', {
      token: checker.token,
      body: { qrCode },
    });
    expect(scan.status).toBe(400);
    expect(scan.body.code).toBe('TICKET_TRANSFERRED');
  }

  describe('re-activating a transferred ticket', () => {
    it('is refused with 409 for a single change, to active or used, by a manager or an admin', async () => {
      const ticket = await transferredTicket();
      const sold = await soldCount();
      const available = await availableTickets(server);
      for (const token of [manager.token, admin.token]) {
        for (const status of ['active', 'used']) {
          const response = await server.request('PATCH', `/api/tickets/admin/${ticket.id}/status`, {
            token,
            body: { status },
          });
          expect(response.status, response.text).toBe(409);
          expect(response.body).toMatchObject({
            success: false,
            code: 'CONFLICT',
            error: 'This ticket was transferred to someone else and cannot be re-activated',
            details: [{ field: ticket.id }],
          });
        }
      }
      await gateRefusesOldCode(ticket.qrCode);
      expect(await soldCount()).toBe(sold);
      expect(await availableTickets(server)).toBe(available);
    });

    it('is refused for a bulk change, which then changes none of its tickets', async () => {
      const transferred = await transferredTicket();
      const buyer = await newUser(server);
      const plain = (await buy(server, buyer, event, 1)).tickets[0];
      const cancel = await server.request('PATCH', `/api/tickets/admin/${plain.id}/status`, {
        token: admin.token,
        body: { status: 'cancelled' },
      });
      expect(cancel.status, cancel.text).toBe(200);
      for (const token of [manager.token, admin.token]) {
        const response = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
          token,
          body: { ticketIds: [plain.id, transferred.id], status: 'active' },
        });
        expect(response.status, response.text).toBe(409);
        expect(response.body).toMatchObject({ code: 'CONFLICT', details: [{ field: transferred.id }] });
      }
      const rows = await server.ctx.db
        .selectFrom('tickets')
        .select(['id', 'status'])
        .where('id', 'in', [plain.id, transferred.id])
        .execute();
      expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
      await gateRefusesOldCode(transferred.qrCode);
    });

    it('names each reason when a bulk change meets both a refunded and a transferred ticket', async () => {
      const transferred = await transferredTicket();
      const buyer = await newUser(server);
      const refunded = (await buy(server, buyer, event, 1)).tickets[0];
      const cancelled = await cancel(server, buyer, refunded.id);
      expect(cancelled.status, cancelled.text).toBe(200);
      const response = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
        token: admin.token,
        body: { ticketIds: [refunded.id, transferred.id], status: 'used' },
      });
      expect(response.status, response.text).toBe(409);
      expect(response.body.error).toBe('2 tickets were refunded or transferred and cannot be re-activated');
      expect(
        new Map(response.body.details.map((d: { field: string; message: string }) => [d.field, d.message])),
      ).toEqual(
        new Map([
          [refunded.id, 'This ticket was refunded and cannot be re-activated'],
          [transferred.id, 'This ticket was transferred to someone else and cannot be re-activated'],
        ]),
      );
    });
  });

  it('the "cancelled" filter lists no transferred ticket; the "transferred" filter lists them', async () => {
    const transferred = await transferredTicket();
    const list = async (status: string) => {
      const response = await server.request(
        'GET',
        `/api/admin/tickets/management?status=${status}&search=${transferred.id}`,
        { token: manager.token },
      );
      expect(response.status, response.text).toBe(200);
      return response.body.tickets.map((t: { id: string; status: string }) => [t.id, t.status]);
    };
    expect(await list('cancelled')).toEqual([]);
    expect(await list('transferred')).toEqual([[transferred.id, 'transferred']]);
  });

  it('every status change, single, bulk or undone, is audited with the money it moves', async () => {
    const issued = await issueManual(server, admin.token, {
      userEmail: uniqueEmail('walk-in'),
      userName: 'Chetan Shah',
      paymentDone: true,
    });
    const manual: string = issued.tickets[0].id;
    const paise = Math.round(issued.tickets[0].price * 100);
    const single = await server.request('PATCH', `/api/tickets/admin/${manual}/status`, {
      token: admin.token,
      body: { status: 'cancelled' },
    });
    expect(single.status, single.text).toBe(200);
    const undo = await server.request('POST', `/api/tickets/admin/${manual}/status/undo`, {
      token: admin.token,
      body: { changeId: single.body.changeId },
    });
    expect(undo.status, undo.text).toBe(200);
    const bulk = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
      token: manager.token,
      body: { ticketIds: [manual], status: 'used' },
    });
    expect(bulk.status, bulk.text).toBe(200);

    const entries = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('entity_id', '=', manual)
      .where('action', 'in', ['ticket.status_changed', 'ticket.status_change_undone'])
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const moved = entries.map((entry) => {
      const data = JSON.parse(entry.data!);
      return [entry.action, data.from, data.to, data.pricePaise, data.revenuePaise];
    });
    expect(moved).toEqual(
      expect.arrayContaining([
        ['ticket.status_changed', 'active', 'cancelled', paise, -paise],
        ['ticket.status_change_undone', 'cancelled', 'active', paise, paise],
        ['ticket.status_changed', 'active', 'used', paise, 0],
      ]),
    );
    expect(moved).toHaveLength(3);
  });
});
