import { TICKET_STATUSES } from '@utsav/domain/admin-tickets-schema';
import {
  allowedStatusChanges,
  bulkChangeAllowed,
  pastOfShown,
  statusChangeMoney,
  ticketDeletionRefusal,
} from '@utsav/domain/ticket-status-change';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, uniqueEmail } from '../../support/factories';
import { buy, newEvent, PURCHASE_ENV, pay, type TestEvent } from '../../support/purchase';
import { cancel } from '../../support/refunds';
import { useServer } from '../../support/server';

// The status menu offers what the server allows: for a ticket in every state the staff list can show (active,
// used, cancelled by staff, refunded, transferred, received by transfer, issued by hand), every change the
// domain's rule offers from the list's own fields is accepted, and every other is refused; the same for bulk
// changes and for deletion. The screens read the same functions, so they never offer what is then refused.

// biome-ignore lint/suspicious/noExplicitAny: the staff list's ticket JSON.
type Listed = any;

describeEachDatabase('the status menu and the server agree', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let listed: Listed[];

  beforeAll(async () => {
    event = await newEvent(server);
    admin = await newUser(server, { role: 'admin' });
    const checker = await newUser(server, { role: 'qrchecker' });
    const guest = await newUser(server, { name: 'Asha Patel' });
    const [active, used, staffCancelled, refunded, given] = (await buy(server, guest, event, 5)).tickets;
    const scanned = await server.request('POST', '/api/tickets/mark-used', {
      token: checker.token,
      body: { qrCode: used.qrCode },
    });
    expect(scanned.status, scanned.text).toBe(200);
    const byStaff = await server.request('PATCH', `/api/tickets/admin/${staffCancelled.id}/status`, {
      token: admin.token,
      body: { status: 'cancelled' },
    });
    expect(byStaff.status, byStaff.text).toBe(200);
    expect((await cancel(server, guest, refunded.id)).status).toBe(200);
    const started = await server.request('POST', `/api/tickets/${given.id}/transfer`, {
      token: guest.token,
      body: { recipientEmail: uniqueEmail('friend'), recipientName: 'Chetan Desai' },
    });
    const completed = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: guest.token,
      body: await pay(server, started.body.orderId),
    });
    expect(completed.status, completed.text).toBe(200);
    const issued = await server.request('POST', '/api/tickets/admin/issue-manual', {
      token: admin.token,
      body: { userName: 'Cash Guest', userEmail: uniqueEmail('cash'), quantity: 1, paymentDone: true },
    });
    expect(issued.status, issued.text).toBe(200);
    listed = (await server.request('GET', '/api/admin/tickets/management?limit=100', { token: admin.token }))
      .body.tickets;
    expect(listed.map((ticket) => ticket.status).sort()).toEqual(
      ['active', 'active', 'active', 'cancelled', 'cancelled', 'transferred', 'used'].sort(),
    );
    expect(active).toBeDefined();
  });

  const pastOf = (ticket: Listed) => pastOfShown({ status: ticket.status, refunded: ticket.refunded });

  it('a single change is accepted exactly when the rule offers it, and then undone', async () => {
    let tried = 0;
    for (const ticket of listed) {
      const past = pastOf(ticket);
      const offered = allowedStatusChanges(past);
      for (const to of TICKET_STATUSES.filter((status) => status !== past.status)) {
        tried++;
        const response = await server.request('PATCH', `/api/tickets/admin/${ticket.id}/status`, {
          token: admin.token,
          body: { status: to, expectedStatus: past.status },
        });
        const label = `${ticket.status}${ticket.refunded ? ' (refunded)' : ''} -> ${to}`;
        expect({ label, status: response.status }).toEqual({
          label,
          status: offered.includes(to) ? 200 : 409,
        });
        if (response.status !== 200) continue;
        const undone = await server.request('POST', `/api/tickets/admin/${ticket.id}/status/undo`, {
          token: admin.token,
          body: { changeId: response.body.changeId },
        });
        expect(undone.status, undone.text).toBe(200);
        expect(undone.body.ticket.status).toBe(ticket.status);
      }
    }
    expect(tried).toBe(14);
  });

  it('the money the audit records for a change is the rule statusChangeMoney', async () => {
    const cash = listed.find((ticket) => ticket.metadata.issuedByAdmin);
    const changed = await server.request('PATCH', `/api/tickets/admin/${cash.id}/status`, {
      token: admin.token,
      body: { status: 'cancelled', expectedStatus: 'active' },
    });
    const entry = await server.ctx.db
      .selectFrom('audit_log')
      .select('data')
      .where('id', '=', changed.body.changeId)
      .executeTakeFirstOrThrow();
    const expected = statusChangeMoney(
      { pricePaise: cash.price * 100, issuedByAdmin: true, paymentReceived: cash.paymentReceived },
      'active',
      'cancelled',
    );
    expect(JSON.parse(entry.data!)).toMatchObject(expected);
    expect(expected.revenuePaise).toBe(-cash.price * 100);
    await server.request('POST', `/api/tickets/admin/${cash.id}/status/undo`, {
      token: admin.token,
      body: { changeId: changed.body.changeId },
    });
  });

  describe('bulk', () => {
    it('refuses, changing nothing, every selection the rule refuses', async () => {
      const revoked = listed.filter((ticket) => allowedStatusChanges(pastOf(ticket)).length === 0);
      expect(revoked).toHaveLength(2);
      for (const to of TICKET_STATUSES) {
        const selection = [...revoked, listed.find((ticket) => ticket.status === 'active')];
        if (bulkChangeAllowed(selection.map(pastOf), to)) continue;
        const response = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
          token: admin.token,
          body: { ticketIds: selection.map((ticket) => ticket.id), status: to },
        });
        expect({ to, status: response.status }).toEqual({ to, status: 409 });
      }
    });

    it('accepts a selection the rule accepts, and its undo puts the tickets back as they were, all or nothing', async () => {
      const selection = listed.filter((ticket) => ticket.status === 'active');
      expect(bulkChangeAllowed(selection.map(pastOf), 'used')).toBe(true);
      const response = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
        token: admin.token,
        body: { ticketIds: selection.map((ticket) => ticket.id), status: 'used' },
      });
      expect(response.status, response.text).toBe(200);
      const changes: { ticketId: string; changeId: string }[] = response.body.changes;
      expect(changes.map((change) => change.ticketId).sort()).toEqual(
        selection.map((ticket) => ticket.id).sort(),
      );

      // One ticket moves on meanwhile: an undo naming it is refused whole, and changes nothing.
      const [moved, ...rest] = changes;
      const cancelled = await server.request('PATCH', `/api/tickets/admin/${moved!.ticketId}/status`, {
        token: admin.token,
        body: { status: 'cancelled', expectedStatus: 'used' },
      });
      expect(cancelled.status, cancelled.text).toBe(200);
      const refused = await server.request('POST', '/api/admin/tickets/bulk-update/undo', {
        token: admin.token,
        body: { changes },
      });
      expect([refused.status, refused.body.code]).toEqual([409, 'TICKET_CHANGED']);
      const statusOf = async (id: string) =>
        (
          await server.request('GET', '/api/admin/tickets/management?limit=100', { token: admin.token })
        ).body.tickets.find((ticket: Listed) => ticket.id === id);
      for (const change of rest) expect((await statusOf(change.ticketId)).status).toBe('used');

      // The others come back exactly as they were: active, no admission.
      const undone = await server.request('POST', '/api/admin/tickets/bulk-update/undo', {
        token: admin.token,
        body: { changes: rest },
      });
      expect(undone.status, undone.text).toBe(200);
      for (const change of rest) {
        const ticket = await statusOf(change.ticketId);
        expect([ticket.status, ticket.usedAt]).toEqual(['active', null]);
      }
      // Undone once only.
      const again = await server.request('POST', '/api/admin/tickets/bulk-update/undo', {
        token: admin.token,
        body: { changes: rest },
      });
      expect([again.status, again.body.code]).toEqual([409, 'TICKET_CHANGED']);
    });
  });

  it('deletes exactly the tickets the rule lets go', async () => {
    for (const ticket of listed) {
      const refusal = ticketDeletionRefusal({
        fromOrder: ticket.fromOrder,
        transferred: ticket.status === 'transferred',
        receivedByTransfer: ticket.receivedByTransfer,
      });
      const response = await server.request('DELETE', `/api/admin/tickets/${ticket.id}`, {
        token: admin.token,
      });
      expect({ id: ticket.id, status: response.status }).toEqual({
        id: ticket.id,
        status: refusal ? 409 : 200,
      });
    }
  });
});
