import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { countTaken } from '../../src/stores/events';
import {
  insertRefund,
  insertRows,
  issueManual,
  paidTicketsOf,
  ticketRow,
  userRow,
} from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { availableTickets, newEvent, setTotalTickets, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

describeEachDatabase('admin tickets', (engine) => {
  const server = useServer(engine, { env: { HOLD_SWEEP_SECONDS: '86400' } });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 5000 });
    admin = await newUser(server, { role: 'admin', name: 'Anita Admin' });
    manager = await newUser(server, { role: 'manager', name: 'Manoj Manager' });
  });

  async function ticketStatus(id: string): Promise<string> {
    const row = await server.ctx.db
      .selectFrom('tickets')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.status;
  }

  function takenNow(): Promise<number> {
    return countTaken(server.ctx.db, event.id, new Date());
  }

  const paidTickets = (quantity: number, name?: string) => paidTicketsOf(server, event, quantity, name);
  const issue = (body: Record<string, unknown>, token = admin.token) => issueManual(server, token, body);

  describe('search and pagination', () => {
    const tag = randomBytes(3).toString('hex');
    const family = `Zarina${tag}`;

    beforeAll(async () => {
      const users = [0, 1, 2].map((i) =>
        userRow({ name: `${family} Patel ${i}`, email: `${family.toLowerCase()}${i}@patel-family.test` }),
      );
      const fan = userRow({ name: 'Someone Else', email: `${family.toLowerCase()}.fan@elsewhere.test` });
      await insertRows(server.ctx.db, 'users', [...users, fan]);
      const rows = users.flatMap((user, i) => [
        ticketRow({ eventId: event.id, userId: user.id }, { created_at: `2026-11-0${i + 1}T10:00:00.000Z` }),
        ticketRow(
          { eventId: event.id, userId: user.id },
          { status: 'used', created_at: `2026-11-0${i + 1}T11:00:00.000Z` },
        ),
      ]);
      rows.push(
        ticketRow(
          { eventId: event.id, userId: fan.id },
          { status: 'cancelled', ticket_code: `UT-${tag.toUpperCase()}FAN` },
        ),
      );
      await insertRows(server.ctx.db, 'tickets', rows);
    });

    it('search matches the owner name or email, case-insensitively', async () => {
      const byName = await server.request(
        'GET',
        `/api/admin/tickets/management?search=${family.toUpperCase()}`,
        {
          token: manager.token,
        },
      );
      expect(byName.status).toBe(200);
      expect(byName.body.pagination.totalTickets).toBe(7);
      const byEmail = await server.request(
        'GET',
        `/api/admin/tickets/management?search=${family}2@Patel-Family`,
        { token: manager.token },
      );
      expect(byEmail.body.pagination.totalTickets).toBe(2);
      for (const ticket of byEmail.body.tickets)
        expect(ticket.user.email).toBe(`${family.toLowerCase()}2@patel-family.test`);
    });

    it('search finds a ticket by its printed id, and the status filter narrows it', async () => {
      const byCode = await server.request('GET', `/api/admin/tickets/management?search=ut-${tag}fan`, {
        token: manager.token,
      });
      expect(byCode.body.tickets.map((t: { ticketId: string }) => t.ticketId)).toEqual([
        `UT-${tag.toUpperCase()}FAN`,
      ]);
      const cancelled = await server.request(
        'GET',
        `/api/admin/tickets/management?search=${family}&status=cancelled`,
        { token: manager.token },
      );
      expect(cancelled.body.pagination.totalTickets).toBe(1);
      expect(cancelled.body.tickets[0]).toMatchObject({
        status: 'cancelled',
        user: { name: 'Someone Else' },
        eventName: 'Test Garba Night',
        metadata: { issuedByAdmin: false },
      });
    });

    it('search treats % and _ literally', async () => {
      const response = await server.request('GET', '/api/admin/tickets/management?search=%25', {
        token: manager.token,
      });
      expect(response.body.pagination.totalTickets).toBe(0);
    });

    it('pages split the results, newest first, and report current, total, count and totalTickets', async () => {
      const path = `/api/admin/tickets/management?search=${family}&limit=4`;
      const page1 = await server.request('GET', `${path}&page=1`, { token: manager.token });
      const page2 = await server.request('GET', `${path}&page=2`, { token: manager.token });
      expect(page1.body.pagination).toEqual({ current: 1, total: 2, count: 4, totalTickets: 7 });
      expect(page2.body.pagination).toEqual({ current: 2, total: 2, count: 3, totalTickets: 7 });
      const all = [...page1.body.tickets, ...page2.body.tickets];
      expect(new Set(all.map((t: { id: string }) => t.id)).size).toBe(7);
      const created = all.map((t: { createdAt: string }) => t.createdAt);
      expect(created).toEqual([...created].sort().reverse());
    });

    it('GET /tickets/admin/all answers the same list with the same shape', async () => {
      const query = `search=${family}&status=used&limit=2`;
      const management = await server.request('GET', `/api/admin/tickets/management?${query}`, {
        token: admin.token,
      });
      const all = await server.request('GET', `/api/tickets/admin/all?${query}`, { token: admin.token });
      expect(all.body).toEqual(management.body);
      expect(all.body.pagination).toEqual({ current: 1, total: 2, count: 2, totalTickets: 3 });
    });

    it('the page size defaults to 20 and a limit above 100 is a validation error', async () => {
      const response = await server.request('GET', '/api/admin/tickets/management', { token: admin.token });
      expect(response.body.tickets.length).toBeLessThanOrEqual(20);
      const tooMany = await server.request('GET', '/api/admin/tickets/management?limit=101', {
        token: admin.token,
      });
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.details).toEqual([{ field: 'limit', message: 'Limit must be at most 100' }]);
    });
  });

  describe('status changes', () => {
    it('cancelling returns the seat to sale, re-activating takes it back, and both are audited', async () => {
      const { tickets } = await paidTickets(1);
      const id = tickets[0]!.id;
      const before = await availableTickets(server);
      const cancelled = await server.request('PATCH', `/api/tickets/admin/${id}/status`, {
        token: manager.token,
        body: { status: 'cancelled' },
      });
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.body).toMatchObject({
        success: true,
        message: 'Ticket status updated successfully',
        ticket: { id, status: 'cancelled', cancellationReason: 'Cancelled by an administrator' },
      });
      expect(await availableTickets(server)).toBe(before + 1);

      const active = await server.request('PATCH', `/api/tickets/admin/${id}/status`, {
        token: manager.token,
        body: { status: 'active' },
      });
      expect(active.body.ticket).toMatchObject({
        status: 'active',
        cancelledAt: null,
        cancellationReason: null,
      });
      expect(await availableTickets(server)).toBe(before);

      const audit = await server.ctx.db
        .selectFrom('audit_log')
        .select(['action', 'actor_user_id', 'data'])
        .where('entity_id', '=', id)
        .orderBy('created_at')
        .execute();
      expect(audit.map((entry) => JSON.parse(entry.data!))).toMatchObject([
        { from: 'active', to: 'cancelled', bulk: false, before: { cancelled_at: null } },
        {
          from: 'cancelled',
          to: 'active',
          bulk: false,
          before: { cancellation_reason: 'Cancelled by an administrator' },
        },
      ]);
      expect(audit.every((entry) => entry.actor_user_id === manager.user.id)).toBe(true);
    });

    it('a used ticket can be set back to active (an admin correction): its admission is cleared', async () => {
      const { tickets } = await paidTickets(1);
      const id = tickets[0]!.id;
      const used = await server.request('PATCH', `/api/tickets/admin/${id}/status`, {
        token: admin.token,
        body: { status: 'used' },
      });
      expect(used.body.ticket).toMatchObject({ status: 'used', scannedBy: { name: 'Anita Admin' } });
      expect(used.body.ticket.usedAt).toEqual(expect.any(String));
      const back = await server.request('PATCH', `/api/tickets/admin/${id}/status`, {
        token: admin.token,
        body: { status: 'active' },
      });
      expect(back.body.ticket).toMatchObject({ status: 'active', usedAt: null, scannedBy: null });
    });

    it('re-activating a cancelled ticket when nothing is left is refused with 409 SOLD_OUT', async () => {
      const { tickets } = await paidTickets(1);
      const id = tickets[0]!.id;
      await server.request('PATCH', `/api/tickets/admin/${id}/status`, {
        token: admin.token,
        body: { status: 'cancelled' },
      });
      await setTotalTickets(server, event.id, await takenNow());
      try {
        const response = await server.request('PATCH', `/api/tickets/admin/${id}/status`, {
          token: admin.token,
          body: { status: 'used' },
        });
        expect(response.status, response.text).toBe(409);
        expect(response.body.code).toBe('SOLD_OUT');
        expect(await ticketStatus(id)).toBe('cancelled');
      } finally {
        await setTotalTickets(server, event.id, 5000);
      }
    });

    it('a cancelled ticket whose money was refunded cannot be re-activated', async () => {
      const { order, tickets } = await paidTickets(1);
      const ticket = tickets[0]!;
      await server.ctx.db
        .updateTable('tickets')
        .set({ status: 'cancelled' })
        .where('id', '=', ticket.id)
        .execute();
      await insertRefund(server.ctx.db, {
        ticket,
        order,
        status: 'processed',
        processedAt: new Date().toISOString(),
      });
      const response = await server.request('PATCH', `/api/tickets/admin/${ticket.id}/status`, {
        token: admin.token,
        body: { status: 'active' },
      });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({ code: 'CONFLICT', details: [{ field: ticket.id }] });
    });

    it('an unknown status is a validation error', async () => {
      const { tickets } = await paidTickets(1);
      const response = await server.request('PATCH', `/api/tickets/admin/${tickets[0]!.id}/status`, {
        token: admin.token,
        body: { status: 'refunded' },
      });
      expect(response.status).toBe(400);
      expect(response.body.details[0].field).toBe('status');
    });
  });

  describe('bulk update', () => {
    it('changes every ticket in one call and audits each change', async () => {
      const { tickets } = await paidTickets(3);
      const ids = tickets.map((t) => t.id);
      await server.request('PATCH', `/api/tickets/admin/${ids[0]}/status`, {
        token: admin.token,
        body: { status: 'cancelled' },
      });
      const response = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
        token: manager.token,
        body: { ticketIds: ids, status: 'cancelled' },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({
        success: true,
        message: 'Updated 3 tickets successfully',
        modifiedCount: 2,
        matchedCount: 3,
      });
      expect(response.body.tickets.map((t: { status: string }) => t.status)).toEqual([
        'cancelled',
        'cancelled',
        'cancelled',
      ]);
      const audits = await server.ctx.db
        .selectFrom('audit_log')
        .select('data')
        .where('entity_id', 'in', ids)
        .where('action', '=', 'ticket.status_changed')
        .execute();
      expect(audits.filter((a) => JSON.parse(a.data!).bulk === true)).toHaveLength(2);
    });

    it('re-activating beyond the stock refuses the whole update with a reason per ticket, changing nothing', async () => {
      const { tickets } = await paidTickets(3);
      const [a, b, c] = tickets.map((t) => t.id) as [string, string, string];
      await server.request('PATCH', '/api/admin/tickets/bulk-update', {
        token: admin.token,
        body: { ticketIds: [a, b], status: 'cancelled' },
      });
      // One seat left: two re-activations do not fit.
      await setTotalTickets(server, event.id, (await takenNow()) + 1);
      try {
        const refused = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
          token: admin.token,
          body: { ticketIds: [a, b, c], status: 'used' },
        });
        expect(refused.status, refused.text).toBe(409);
        expect(refused.body.code).toBe('SOLD_OUT');
        expect(refused.body.details.map((d: { field: string }) => d.field).sort()).toEqual([a, b].sort());
        expect(refused.body.error).toMatch(/only 1 ticket left for 2 re-activations/);
        // All or nothing: c was active and stays active, a and b stay cancelled.
        expect([await ticketStatus(a), await ticketStatus(b), await ticketStatus(c)]).toEqual([
          'cancelled',
          'cancelled',
          'active',
        ]);

        await setTotalTickets(server, event.id, (await takenNow()) + 2);
        const accepted = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
          token: admin.token,
          body: { ticketIds: [a, b, c], status: 'used' },
        });
        expect(accepted.status, accepted.text).toBe(200);
        expect(accepted.body.modifiedCount).toBe(3);
        expect(await availableTickets(server)).toBe(0);
      } finally {
        await setTotalTickets(server, event.id, 5000);
      }
    });

    it('an unknown id refuses the whole update with 404 naming it', async () => {
      const { tickets } = await paidTickets(1);
      const missing = '00000000-0000-4000-8000-00000000beef';
      const response = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
        token: admin.token,
        body: { ticketIds: [tickets[0]!.id, missing], status: 'cancelled' },
      });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 'TICKET_NOT_FOUND', details: [{ field: missing }] });
      expect(await ticketStatus(tickets[0]!.id)).toBe('active');
    });

    it('needs a selection and a status, and takes at most 500 tickets', async () => {
      for (const body of [{ ticketIds: [], status: 'used' }, { ticketIds: ['x'] }]) {
        const response = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
          token: admin.token,
          body,
        });
        expect(response.status).toBe(400);
        expect(response.body.error).toBe('Please select tickets and status');
      }
      const tooMany = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
        token: admin.token,
        body: { ticketIds: Array.from({ length: 501 }, (_, i) => `id-${i}`), status: 'used' },
      });
      expect(tooMany.status).toBe(400);
    });
  });

  describe('delete', () => {
    it('a manually issued ticket is deleted by an admin, with an audit entry', async () => {
      const issued = await issue({
        userName: 'Delete Me',
        userEmail: `delete.${randomBytes(3).toString('hex')}@x.test`,
      });
      const id = issued.tickets[0].id;
      const response = await server.request('DELETE', `/api/admin/tickets/${id}`, { token: admin.token });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ success: true, message: 'Ticket deleted successfully' });
      expect(
        await server.ctx.db.selectFrom('tickets').select('id').where('id', '=', id).executeTakeFirst(),
      ).toBe(undefined);
      const audit = await server.ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_id', '=', id)
        .where('action', '=', 'ticket.deleted')
        .execute();
      expect(audit).toHaveLength(1);
    });

    it('a ticket bought online is never deleted (409): cancel it instead', async () => {
      const { tickets } = await paidTickets(1);
      const response = await server.request('DELETE', `/api/admin/tickets/${tickets[0]!.id}`, {
        token: admin.token,
      });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('CONFLICT');
      expect(await ticketStatus(tickets[0]!.id)).toBe('active');
    });
  });
});
