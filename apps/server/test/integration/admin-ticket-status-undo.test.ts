import { STATUS_UNDO_WINDOW_MS } from '@utsav/domain/ticket-status-change';
import { beforeAll, describe, expect, it } from 'vitest';
import { countTaken } from '../../src/stores/events';
import type { TicketView } from '../../src/stores/tickets';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { availableTickets, newEvent, setTotalTickets, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// Ticket Management confirms a row's status change against what the admin saw, and offers an undo that
// puts the ticket back exactly as it was (docs/decisions/0909-status-change-confirm-undo.md).
describeEachDatabase('admin ticket status: confirm and undo', (engine) => {
  let clockOffset = 0;
  const server = useServer(engine, {
    env: { HOLD_SWEEP_SECONDS: '86400' },
    now: () => new Date(Date.now() + clockOffset),
  });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;
  let gate: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 5000 });
    admin = await newUser(server, { role: 'admin', name: 'Anita Admin' });
    manager = await newUser(server, { role: 'manager', name: 'Manoj Manager' });
    gate = await newUser(server, { role: 'qrchecker', name: 'Gita at Gate A' });
    buyer = await newUser(server, { name: 'Priya Ramesh Shah' });
  });

  async function freshTicket(): Promise<TicketView> {
    return (
      await issuePaidTickets(server.ctx, { eventId: event.id, userId: buyer.user.id, quantity: 1 })
    )[0]!;
  }

  function ticketRow(id: string) {
    return server.ctx.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }

  function setStatus(id: string, body: Record<string, unknown>, user = admin) {
    return server.request('PATCH', `/api/tickets/admin/${id}/status`, { token: user.token, body });
  }

  function undo(id: string, changeId: unknown, user = admin) {
    return server.request('POST', `/api/tickets/admin/${id}/status/undo`, {
      token: user.token,
      body: { changeId },
    });
  }

  async function admitted(): Promise<TicketView> {
    const ticket = await freshTicket();
    const scan = await server.request('POST', '/api/tickets/mark-used', {
      token: gate.token,
      body: { qrCode: ticket.qr_token, gate: 'North' },
    });
    expect(scan.status, scan.text).toBe(200);
    return ticket;
  }

  describe('confirming', () => {
    it('a change confirmed from a status the ticket no longer has is refused with 409 TICKET_CHANGED, changing nothing', async () => {
      const ticket = await admitted(); // the admin's list still showed it active
      const response = await setStatus(ticket.id, { status: 'cancelled', expectedStatus: 'active' });
      expect(response.status, response.text).toBe(409);
      expect(response.body).toMatchObject({ code: 'TICKET_CHANGED', details: [{ field: ticket.id }] });
      expect((await ticketRow(ticket.id)).status).toBe('used');
    });

    it('a change confirmed from the current status goes through and names itself for an undo', async () => {
      const ticket = await freshTicket();
      const response = await setStatus(ticket.id, { status: 'cancelled', expectedStatus: 'active' });
      expect(response.status, response.text).toBe(200);
      expect(response.body.ticket.status).toBe('cancelled');
      expect(response.body.changeId).toEqual(expect.any(String));
    });
  });

  describe('undo', () => {
    it('undoing the cancellation of an admitted ticket restores its admission and the seat count exactly', async () => {
      const ticket = await admitted();
      const before = await ticketRow(ticket.id);
      const seats = await availableTickets(server);
      const cancelled = await setStatus(ticket.id, { status: 'cancelled', expectedStatus: 'used' }, manager);
      expect(await availableTickets(server)).toBe(seats + 1);

      const response = await undo(ticket.id, cancelled.body.changeId, manager);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({
        ticket: {
          status: 'used',
          cancellationReason: null,
          cancelledAt: null,
          scannedBy: { name: 'Gita at Gate A' },
        },
      });
      const after = await ticketRow(ticket.id);
      for (const column of [
        'status',
        'used_at',
        'scanned_by_user_id',
        'cancelled_at',
        'cancellation_reason',
      ] as const)
        expect({ column, value: after[column] }).toEqual({ column, value: before[column] });
      expect(await availableTickets(server)).toBe(seats);

      const audit = await server.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id', 'data'])
        .where('entity_id', '=', ticket.id)
        .where('action', '=', 'ticket.status_change_undone')
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]!.actor_user_id).toBe(manager.user.id);
      expect(JSON.parse(audit[0]!.data!)).toEqual({
        changeId: cancelled.body.changeId,
        from: 'cancelled',
        to: 'used',
        // Bought online: its order holds the money, which a status change never moves.
        pricePaise: 29_900,
        revenuePaise: 0,
      });
    });

    it('undoing "used -> active" gives back the gate admission, not a new one by the admin', async () => {
      const ticket = await admitted();
      const before = await ticketRow(ticket.id);
      const corrected = await setStatus(ticket.id, { status: 'active' });
      expect(corrected.body.ticket.usedAt).toBeNull();
      const response = await undo(ticket.id, corrected.body.changeId);
      expect(response.status, response.text).toBe(200);
      const after = await ticketRow(ticket.id);
      expect([after.status, after.used_at, after.scanned_by_user_id]).toEqual([
        'used',
        before.used_at,
        gate.user.id,
      ]);
    });

    it('an undo is taken once: a second undo of the same change is refused with TICKET_CHANGED', async () => {
      const ticket = await freshTicket();
      const cancelled = await setStatus(ticket.id, { status: 'cancelled' });
      expect((await undo(ticket.id, cancelled.body.changeId)).status).toBe(200);
      const again = await undo(ticket.id, cancelled.body.changeId);
      expect(again.status, again.text).toBe(409);
      expect(again.body.code).toBe('TICKET_CHANGED');
      expect((await ticketRow(ticket.id)).status).toBe('active');
    });

    it('of two simultaneous undos of one change exactly one is applied', async () => {
      const ticket = await freshTicket();
      const seats = await availableTickets(server);
      const cancelled = await setStatus(ticket.id, { status: 'cancelled' });
      const answers = await Promise.all([
        undo(ticket.id, cancelled.body.changeId),
        undo(ticket.id, cancelled.body.changeId, manager),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      expect((await ticketRow(ticket.id)).status).toBe('active');
      expect(await availableTickets(server)).toBe(seats);
    });

    it('is refused when the gate scanned the ticket after the change', async () => {
      const ticket = await freshTicket();
      const used = await setStatus(ticket.id, { status: 'used' });
      const back = await setStatus(ticket.id, { status: 'active' });
      const scan = await server.request('POST', '/api/tickets/mark-used', {
        token: gate.token,
        body: { qrCode: ticket.qr_token, gate: 'North' },
      });
      expect(scan.status, scan.text).toBe(200);
      const response = await undo(ticket.id, back.body.changeId);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('TICKET_CHANGED');
      // An older change of the same ticket is not undoable either.
      expect((await undo(ticket.id, used.body.changeId)).body.code).toBe('TICKET_CHANGED');
      expect((await ticketRow(ticket.id)).scanned_by_user_id).toBe(gate.user.id);
    });

    it('is refused once the undo window has passed', async () => {
      const ticket = await freshTicket();
      const cancelled = await setStatus(ticket.id, { status: 'cancelled' });
      clockOffset = STATUS_UNDO_WINDOW_MS + 1000;
      try {
        const response = await undo(ticket.id, cancelled.body.changeId);
        expect(response.status, response.text).toBe(409);
        expect(response.body.code).toBe('UNDO_WINDOW_CLOSED');
      } finally {
        clockOffset = 0;
      }
      expect((await ticketRow(ticket.id)).status).toBe('cancelled');
    });

    it('undoing a cancellation whose seat was sold meanwhile is refused with SOLD_OUT', async () => {
      const ticket = await freshTicket();
      const cancelled = await setStatus(ticket.id, { status: 'cancelled' });
      // Its freed seat goes to someone else: nothing is left for it.
      await setTotalTickets(server, event.id, await countTaken(server.ctx.db, event.id, new Date()));
      try {
        const response = await undo(ticket.id, cancelled.body.changeId);
        expect(response.status, response.text).toBe(409);
        expect(response.body.code).toBe('SOLD_OUT');
        expect((await ticketRow(ticket.id)).status).toBe('cancelled');
      } finally {
        await setTotalTickets(server, event.id, 5000);
      }
    });

    it('names a change of this ticket only; bulk changes and other tickets’ changes are not found', async () => {
      const [one, two] = [await freshTicket(), await freshTicket()];
      const changed = await setStatus(one.id, { status: 'cancelled' });
      expect((await undo(two.id, changed.body.changeId)).status).toBe(404);
      const bulk = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
        token: admin.token,
        body: { ticketIds: [two.id], status: 'cancelled' },
      });
      const bulkEntry = await server.ctx.db
        .selectFrom('audit_log')
        .select('id')
        .where('entity_id', '=', two.id)
        .where('action', '=', 'ticket.status_changed')
        .executeTakeFirstOrThrow();
      expect(bulk.status).toBe(200);
      expect((await undo(two.id, bulkEntry.id)).status).toBe(404);
    });

    it('is for staff who may change statuses: a guest is refused with 403, and a missing changeId is a 400', async () => {
      const ticket = await freshTicket();
      const changed = await setStatus(ticket.id, { status: 'cancelled' });
      expect((await undo(ticket.id, changed.body.changeId, buyer)).status).toBe(403);
      const empty = await undo(ticket.id, '');
      expect(empty.status).toBe(400);
      expect(empty.body.details[0].field).toBe('changeId');
    });
  });
});
