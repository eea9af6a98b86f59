import { cancellationWindow } from '@utsav/domain/refunds';
import { addDays, istDate } from '@utsav/domain/time';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  availableTickets,
  emulatorState,
  newEvent,
  outboxRows,
  PURCHASE_ENV,
  type TestEvent,
} from '../../support/purchase';
import {
  buyTickets,
  cancel,
  PRICE,
  paymentAtEmulator,
  REFUND,
  refundReaches,
  refundRows,
  refundStatus,
  setEventDate,
  ticketRow,
} from '../../support/refunds';
import { useServer } from '../../support/server';

// Cancellation and refunds over real HTTP, against the Razorpay emulator (refunds settle after
// 1.5 s and are reported by signed webhooks), on SQLite and PostgreSQL. The provider's failures, lost and forged
// webhooks and the polling job are in refund-provider.test.ts.

describeEachDatabase('refunds', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let guest: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500, ticketPrice: PRICE, groupPrice4: 249 });
    guest = await newUser(server, { name: 'Asha Patel' });
    other = await newUser(server, { name: 'Ravi Mehta' });
    admin = await newUser(server, { role: 'admin', name: 'Admin Person' });
    manager = await newUser(server, { role: 'manager', name: 'Manager Person' });
  });

  describe('cancelling', () => {
    it('a guest cancels an active ticket: ticket cancelled, one refund of price − ₹20 sent to Razorpay', async () => {
      const { tickets, paymentId } = await buyTickets(server, guest, event);
      const ticket = tickets[0];
      const response = await cancel(server, guest, ticket.id, '  Family emergency  ');
      expect(response.status, response.text).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.ticket).toMatchObject({
        id: ticket.id,
        status: 'cancelled',
        cancellationReason: 'Family emergency',
      });
      expect(response.body.ticket.cancelledAt).toEqual(expect.any(String));
      const refund = response.body.refund;
      expect(refund).toMatchObject({
        originalAmount: PRICE,
        processingFee: 20,
        refundAmount: REFUND,
        reason: 'Family emergency',
        ticket: { id: ticket.id, ticketId: ticket.ticketId, eventName: event.name },
      });
      expect(refund._id).toBe(refund.id);
      expect(refund.refundId).toMatch(/^RF-[0-9A-Z]{10}$/);
      expect(refund.user).toBeUndefined();
      // Razorpay has accepted it by the time the guest gets the answer.
      expect(refund.status).toBe('processing');
      expect(refund.statusLabel).toBe('Refund is being processed by the payment gateway');

      const row = (await refundRows(server, ticket.id))[0]!;
      expect(row).toMatchObject({
        payment_id: paymentId,
        refund_amount_paise: REFUND * 100,
        idempotency_key: `rf-${row.id}-1`,
      });
      expect(row.razorpay_refund_id).toMatch(/^rfnd_/);
      expect((await outboxRows(server, 'refund-initiated')).some((r) => r.payload.refundId === row.id)).toBe(
        true,
      );
      await refundReaches(server, guest, refund.id, 'processed');
    });

    it('the statusHistory grows pending → processing → processed, with notes, and processedAt is set', async () => {
      const { tickets } = await buyTickets(server, guest, event);
      const created = await cancel(server, guest, tickets[0].id);
      const refund = await refundReaches(server, guest, created.body.refund.id, 'processed');
      expect(refund.statusHistory.map((entry: { status: string }) => entry.status)).toEqual([
        'pending',
        'processing',
        'processed',
      ]);
      expect(refund.statusHistory[0].notes).toBe('Refund request created');
      expect(refund.statusHistory[1].notes).toBe('Sent to payment gateway');
      expect(refund.statusHistory[2].notes).toBe('Refund completed successfully');
      expect(refund.statusLabel).toBe('Refund completed successfully');
      expect(refund.processedAt).toEqual(expect.any(String));
      await expect
        .poll(async () =>
          (await outboxRows(server, 'refund-completed')).some((r) => r.payload.refundId === refund.id),
        )
        .toBe(true);
    });

    it('a cancelled ticket returns to stock: availableTickets goes up by one', async () => {
      const { tickets } = await buyTickets(server, guest, event);
      const before = await availableTickets(server);
      expect((await cancel(server, guest, tickets[0].id)).status).toBe(200);
      expect(await availableTickets(server)).toBe(before + 1);
    });

    it('POST /refunds/create {ticketId, reason} is the same use case', async () => {
      const { tickets } = await buyTickets(server, guest, event);
      const response = await server.request('POST', '/api/refunds/create', {
        token: guest.token,
        body: { ticketId: tickets[0].id, reason: 'Travel plans changed' },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body.refund).toMatchObject({ refundAmount: REFUND, reason: 'Travel plans changed' });
      expect(response.body.ticket.status).toBe('cancelled');
    });

    it('a reason is required (trimmed) and at most 500 characters', async () => {
      const { tickets } = await buyTickets(server, guest, event);
      const blank = await cancel(server, guest, tickets[0].id, '   ');
      expect(blank.status).toBe(400);
      expect(blank.body).toMatchObject({ code: 'VALIDATION_FAILED', error: 'Reason is required' });
      const long = await cancel(server, guest, tickets[0].id, 'x'.repeat(501));
      expect(long.status).toBe(400);
      expect((await ticketRow(server, tickets[0].id)).status).toBe('active');
    });

    it("another user's ticket answers 404 TICKET_NOT_FOUND, exactly like a ticket that does not exist", async () => {
      const { tickets } = await buyTickets(server, guest, event);
      const theirs = await cancel(server, other, tickets[0].id);
      const missing = await cancel(server, other, 'no-such-ticket');
      expect(theirs.status).toBe(404);
      expect(theirs.body).toEqual(missing.body);
      expect(theirs.body.code).toBe('TICKET_NOT_FOUND');
      const viaCreate = await server.request('POST', '/api/refunds/create', {
        token: other.token,
        body: { ticketId: tickets[0].id, reason: 'mine now' },
      });
      expect(viaCreate.status).toBe(404);
      expect((await ticketRow(server, tickets[0].id)).status).toBe('active');
      expect(await refundRows(server, tickets[0].id)).toHaveLength(0);
    });

    it('a ticket issued by an admin cannot be cancelled by its holder: 400 NOT_CANCELLABLE', async () => {
      const { tickets } = await buyTickets(server, guest, event);
      await server.ctx.db
        .updateTable('tickets')
        .set({ issued_by_admin: 1, issued_by_user_id: admin.user.id })
        .where('id', '=', tickets[0].id)
        .execute();
      const response = await cancel(server, guest, tickets[0].id);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'NOT_CANCELLABLE',
        error: 'Tickets issued by an admin cannot be cancelled',
      });
      expect((await ticketRow(server, tickets[0].id)).status).toBe('active');
      expect(await refundRows(server, tickets[0].id)).toHaveLength(0);
    });

    it('a used ticket cannot be cancelled', async () => {
      const { tickets } = await buyTickets(server, guest, event);
      await server.ctx.db
        .updateTable('tickets')
        .set({ status: 'used' })
        .where('id', '=', tickets[0].id)
        .execute();
      const response = await cancel(server, guest, tickets[0].id);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'NOT_CANCELLABLE',
        error: 'Only active tickets can be cancelled',
      });
    });

    it('a double cancel creates one refund: the second call, even at the same moment, is 400 NOT_CANCELLABLE', async () => {
      const { tickets } = await buyTickets(server, guest, event);
      const [first, second] = await Promise.all([
        cancel(server, guest, tickets[0].id),
        cancel(server, guest, tickets[0].id),
      ]);
      expect([first.status, second.status].sort()).toEqual([200, 400]);
      const refused = first.status === 400 ? first : second;
      expect(refused.body.code).toBe('NOT_CANCELLABLE');
      const third = await cancel(server, guest, tickets[0].id);
      expect(third.status).toBe(400);
      expect(await refundRows(server, tickets[0].id)).toHaveLength(1);
    });

    it('a three-ticket order cancelled one at a time gives three partial refunds, never beyond what was paid', async () => {
      const { tickets, paymentId } = await buyTickets(server, guest, event, 3);
      const ids: string[] = [];
      for (const ticket of tickets) {
        const response = await cancel(server, guest, ticket.id);
        expect(response.status, response.text).toBe(200);
        expect(response.body.refund.refundAmount).toBe(REFUND);
        ids.push(response.body.refund.id);
      }
      for (const id of ids) await refundReaches(server, guest, id, 'processed');
      const payment = await paymentAtEmulator(server, paymentId);
      expect(payment.amount).toBe(3 * PRICE * 100);
      expect(payment.amount_refunded).toBe(3 * REFUND * 100);
      expect(payment.refund_status).toBe('partial');
      const atRazorpay = (await emulatorState(server)).refunds.filter(
        (refund: { payment_id: string }) => refund.payment_id === paymentId,
      );
      expect(atRazorpay.map((refund: { amount: number }) => refund.amount)).toEqual([
        REFUND * 100,
        REFUND * 100,
        REFUND * 100,
      ]);
    });
  });

  describe('the cancellation window', () => {
    it('inside 10 days: 400 CANCELLATION_WINDOW_CLOSED with the product message, and the ticket is unchanged', async () => {
      const { tickets } = await buyTickets(server, guest, event);
      const date = addDays(istDate(new Date()), 5);
      await setEventDate(server, event.id, date);
      try {
        const before = await availableTickets(server);
        const response = await cancel(server, guest, tickets[0].id);
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('CANCELLATION_WINDOW_CLOSED');
        const window = cancellationWindow(date, new Date());
        expect(window.open).toBe(false);
        expect(response.body.error).toBe(
          `Tickets can only be cancelled at least 10 days before the event. Only ${window.daysRemaining} days remaining until the event.`,
        );
        expect(response.body.error).toMatch(/Only [45] days remaining until the event\.$/);
        const row = await ticketRow(server, tickets[0].id);
        expect(row).toMatchObject({ status: 'active', cancelled_at: null, cancellation_reason: null });
        expect(await refundRows(server, tickets[0].id)).toHaveLength(0);
        expect(await availableTickets(server)).toBe(before);
      } finally {
        await setEventDate(server, event.id, '2099-10-01');
      }
    });

    it('10 whole days ahead (rounded up) is still open', async () => {
      const { tickets } = await buyTickets(server, guest, event);
      await setEventDate(server, event.id, addDays(istDate(new Date()), 10));
      try {
        expect((await cancel(server, guest, tickets[0].id)).status).toBe(200);
      } finally {
        await setEventDate(server, event.id, '2099-10-01');
      }
    });
  });

  describe('reading refunds', () => {
    let mine: string;

    beforeAll(async () => {
      const { tickets } = await buyTickets(server, other, event);
      mine = (await cancel(server, other, tickets[0].id, 'Ravi cannot come')).body.refund.id;
    });

    it('my-refunds lists only my own refunds, newest first, with amounts and history', async () => {
      const response = await server.request('GET', '/api/refunds/my-refunds', { token: other.token });
      expect(response.status).toBe(200);
      expect(response.body.success).toBe(true);
      expect(response.body.refunds.map((refund: { id: string }) => refund.id)).toEqual([mine]);
      expect(response.body.refunds[0]).toMatchObject({
        refundAmount: REFUND,
        reason: 'Ravi cannot come',
        resale: false,
      });
      const guests = await server.request('GET', '/api/refunds/my-refunds', { token: guest.token });
      expect(guests.body.refunds.some((refund: { id: string }) => refund.id === mine)).toBe(false);
    });

    it('status/:id answers the owner and staff; anyone else gets 404 REFUND_NOT_FOUND', async () => {
      expect((await refundStatus(server, other, mine)).status).toBe(200);
      const stranger = await refundStatus(server, guest, mine);
      expect(stranger.status).toBe(404);
      expect(stranger.body.code).toBe('REFUND_NOT_FOUND');
      const staff = await refundStatus(server, manager, mine);
      expect(staff.status).toBe(200);
      expect(staff.body.refund.user).toEqual({ name: 'Ravi Mehta', email: other.email });
    });

    it('guests cannot call the admin refund routes: 403', async () => {
      for (const path of ['/api/refunds/admin/all', '/api/refunds/admin/stats']) {
        const response = await server.request('GET', path, { token: guest.token });
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('FORBIDDEN');
      }
      expect((await server.request('GET', '/api/refunds/admin/all')).status).toBe(401);
    });

    it('staff list refunds with search by name, email or ticket id, a status filter and pages', async () => {
      const all = await server.request('GET', '/api/refunds/admin/all', { token: manager.token });
      expect(all.status, all.text).toBe(200);
      const total = all.body.pagination.totalRefunds;
      expect(total).toBeGreaterThanOrEqual(10);
      expect(all.body.pagination).toEqual({
        current: 1,
        total: Math.ceil(total / 20),
        count: Math.min(total, 20),
        totalRefunds: total,
      });
      expect(all.body.refunds[0].user).toEqual(expect.objectContaining({ name: expect.any(String) }));

      const byName = await server.request('GET', '/api/refunds/admin/all?search=ravi', {
        token: manager.token,
      });
      expect(byName.body.refunds.map((refund: { id: string }) => refund.id)).toEqual([mine]);
      const byEmail = await server.request(
        'GET',
        `/api/refunds/admin/all?search=${encodeURIComponent(other.email.toUpperCase())}`,
        { token: manager.token },
      );
      expect(byEmail.body.pagination.totalRefunds).toBe(1);
      const ticketCode = (await refundStatus(server, other, mine)).body.refund.ticket.ticketId as string;
      const byTicket = await server.request('GET', `/api/refunds/admin/all?search=${ticketCode.slice(-8)}`, {
        token: admin.token,
      });
      expect(byTicket.body.refunds.map((refund: { id: string }) => refund.id)).toEqual([mine]);
      const wildcard = await server.request('GET', '/api/refunds/admin/all?search=%25', {
        token: admin.token,
      });
      expect(wildcard.body.pagination.totalRefunds).toBe(0);

      const page2 = await server.request('GET', '/api/refunds/admin/all?page=2&limit=3', {
        token: admin.token,
      });
      expect(page2.body.pagination).toMatchObject({ current: 2, total: Math.ceil(total / 3), count: 3 });
      const page1 = await server.request('GET', '/api/refunds/admin/all?page=1&limit=3', {
        token: admin.token,
      });
      const ids = new Set(
        [...page1.body.refunds, ...page2.body.refunds].map((refund: { id: string }) => refund.id),
      );
      expect(ids.size).toBe(6);
      expect(
        (await server.request('GET', '/api/refunds/admin/all?limit=101', { token: admin.token })).status,
      ).toBe(400);

      const processed = await server.request('GET', '/api/refunds/admin/all?status=processed&limit=100', {
        token: admin.token,
      });
      expect(processed.body.refunds.length).toBeGreaterThan(0);
      expect(
        processed.body.refunds.every((refund: { status: string }) => refund.status === 'processed'),
      ).toBe(true);
      const everything = await server.request('GET', '/api/refunds/admin/all?status=all', {
        token: admin.token,
      });
      expect(everything.body.pagination.totalRefunds).toBe(total);
    });

    it('stats count refunds by status; the total refunded counts processed refunds only, in rupees', async () => {
      const response = await server.request('GET', '/api/refunds/admin/stats', { token: manager.token });
      expect(response.status).toBe(200);
      const { stats } = response.body;
      const rows = await server.ctx.db
        .selectFrom('refunds')
        .select(['status', 'refund_amount_paise'])
        .execute();
      const count = (status: string) => rows.filter((row) => row.status === status).length;
      expect(stats).toEqual({
        total: rows.length,
        pending: count('pending'),
        processing: count('processing'),
        processed: count('processed'),
        failed: count('failed'),
        cancelled: count('cancelled'),
        totalRefundAmount:
          rows
            .filter((row) => row.status === 'processed')
            .reduce((sum, row) => sum + row.refund_amount_paise, 0) / 100,
      });
      expect(stats.processed).toBeGreaterThan(0);
    });
  });
});
