import { cancellationWindow } from '@utsav/domain/refunds';
import { addDays, istDate } from '@utsav/domain/time';
import { beforeAll, describe, expect, it } from 'vitest';
import { pollRefunds } from '../../src/modules/refunds/jobs';
import { RazorpayClient } from '../../src/platform/payments/razorpay-client';
import { webhookSignature } from '../../src/platform/payments/signatures';
import { describeEachDatabase } from '../support/databases';
import { newUser, type TestUser } from '../support/factories';
import {
  availableTickets,
  buy,
  EMULATOR,
  emulatorState,
  newEvent,
  outboxRows,
  PURCHASE_ENV,
  setWebhookMode,
  type TestEvent,
} from '../support/purchase';
import { EMULATOR_REFUND_DELAY_MS, type TestServer, useServer } from '../support/server';

// Cancellation and refunds (issue 4) over real HTTP, against the Razorpay emulator (refunds settle after
// 1.5 s and are reported by signed webhooks), on SQLite and PostgreSQL.

const WEBHOOK = '/api/payments/razorpay/webhook';
const PRICE = 299;
const REFUND = PRICE - 20;

// biome-ignore lint/suspicious/noExplicitAny: ticket JSON as the API returns it.
type TicketJson = any;

async function buyTickets(server: TestServer, buyer: TestUser, event: TestEvent, quantity = 1) {
  const { tickets, checkout } = await buy(server, buyer, event, quantity);
  return { tickets: tickets as TicketJson[], paymentId: checkout.razorpay_payment_id as string };
}

function cancel(server: TestServer, who: TestUser, ticketId: string, reason = 'Cannot attend any more') {
  return server.request('PATCH', `/api/tickets/cancel/${ticketId}`, { token: who.token, body: { reason } });
}

async function refundStatus(server: TestServer, who: TestUser, id: string) {
  return server.request('GET', `/api/refunds/status/${id}`, { token: who.token });
}

/** Polls the refund until it reaches `status` (the emulator settles refunds after EMULATOR_REFUND_DELAY_MS, then webhooks). */
async function refundReaches(server: TestServer, who: TestUser, id: string, status: string) {
  await expect
    .poll(async () => (await refundStatus(server, who, id)).body.refund?.status, {
      timeout: 15_000,
      interval: 200,
    })
    .toBe(status);
  return (await refundStatus(server, who, id)).body.refund;
}

async function ticketRow(server: TestServer, id: string) {
  return server.ctx.db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function refundRows(server: TestServer, ticketId: string) {
  return server.ctx.db.selectFrom('refunds').selectAll().where('ticket_id', '=', ticketId).execute();
}

async function setEventDate(server: TestServer, eventId: string, date: string) {
  await server.ctx.db.updateTable('events').set({ date }).where('id', '=', eventId).execute();
}

async function paymentAtEmulator(server: TestServer, paymentId: string) {
  const state = await emulatorState(server);
  return state.payments.find((payment: { id: string }) => payment.id === paymentId);
}

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
    it('inside 10 days: 400 CANCELLATION_WINDOW_CLOSED with the spec message, and the ticket is unchanged', async () => {
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

  describe('webhooks, failures and the polling fallback', () => {
    it('a refund webhook with a bad signature is rejected and nothing changes', async () => {
      await setWebhookMode(server, 'drop');
      try {
        const { tickets } = await buyTickets(server, guest, event);
        const created = await cancel(server, guest, tickets[0].id);
        const row = (await refundRows(server, tickets[0].id))[0]!;
        const body = JSON.stringify({
          entity: 'event',
          account_id: 'acc_test',
          event: 'refund.processed',
          contains: ['refund'],
          payload: {
            refund: {
              entity: {
                id: row.razorpay_refund_id,
                payment_id: row.payment_id,
                status: 'processed',
                notes: {},
              },
            },
          },
          created_at: Math.floor(Date.now() / 1000),
        });
        const forged = await server.request('POST', WEBHOOK, {
          body,
          headers: {
            'x-razorpay-signature': webhookSignature(body, 'not-the-secret'),
            'x-razorpay-event-id': 'evt_forged1',
          },
        });
        expect(forged.status).toBe(400);
        const after = (await refundRows(server, tickets[0].id))[0]!;
        expect(after.status).toBe('processing');
        expect(after.updated_at).toBe(row.updated_at);
        const refund = (await refundStatus(server, guest, created.body.refund.id)).body.refund;
        expect(refund.statusHistory).toHaveLength(2);
      } finally {
        await setWebhookMode(server, 'normal');
      }
    });

    it('lost webhooks: the polling job asks Razorpay and completes the refund; replays change nothing', async () => {
      await setWebhookMode(server, 'drop');
      let refundId: string;
      try {
        const { tickets } = await buyTickets(server, guest, event);
        const created = await cancel(server, guest, tickets[0].id);
        refundId = created.body.refund.id;
        // Past the emulator's settling (its webhook is dropped), with the same margin as before.
        await new Promise((resolve) => setTimeout(resolve, EMULATOR_REFUND_DELAY_MS + 700));
        expect((await refundStatus(server, guest, refundId)).body.refund.status).toBe('processing');
        const report = await pollRefunds(server.ctx, { processingAfterMs: 0 });
        expect(report.checked).toBeGreaterThanOrEqual(1);
      } finally {
        await setWebhookMode(server, 'normal');
      }
      const refund = (await refundStatus(server, guest, refundId)).body.refund;
      expect(refund.status).toBe('processed');
      await pollRefunds(server.ctx, { processingAfterMs: 0 });
      const again = (await refundStatus(server, guest, refundId)).body.refund;
      expect(again.statusHistory).toHaveLength(3);
    });

    it('a provider outage leaves the refund pending with the error; the job sends it later, never twice', async () => {
      const { tickets } = await buyTickets(server, guest, event);
      const real = server.ctx.razorpay;
      server.ctx.razorpay = () =>
        new RazorpayClient({ baseUrl: 'http://127.0.0.1:9/v1', keyId: 'k', keySecret: 's', timeoutMs: 500 });
      let refundId: string;
      try {
        const response = await cancel(server, guest, tickets[0].id);
        expect(response.status).toBe(200);
        expect(response.body.refund.status).toBe('pending');
        expect(response.body.ticket.status).toBe('cancelled');
        refundId = response.body.refund.id;
        const row = (await refundRows(server, tickets[0].id))[0]!;
        expect(row.last_error).toMatch(/NETWORK_ERROR/);
      } finally {
        server.ctx.razorpay = real;
      }
      // Too young: the request that created it may still be sending it.
      expect((await pollRefunds(server.ctx)).sent).toBe(0);
      const report = await pollRefunds(server.ctx, { unsentAfterMs: 0 });
      expect(report.sent).toBeGreaterThanOrEqual(1);
      await refundReaches(server, guest, refundId, 'processed');
      const row = (await refundRows(server, tickets[0].id))[0]!;
      const atRazorpay = (await emulatorState(server)).refunds.filter(
        (refund: { payment_id: string }) => refund.payment_id === row.payment_id,
      );
      expect(atRazorpay).toHaveLength(1);
    });

    it('a refund that fails at Razorpay is marked failed; an admin retry with a new key completes it', async () => {
      const { tickets, paymentId } = await buyTickets(server, guest, event);
      const forced = await server.request('POST', `${EMULATOR}/_test/refunds/fail-next`, {
        body: { count: 1 },
      });
      expect(forced.status).toBe(200);
      const created = await cancel(server, guest, tickets[0].id);
      const failed = await refundReaches(server, guest, created.body.refund.id, 'failed');
      expect(failed.statusLabel).toBe('Refund processing failed - manual intervention required');
      expect(failed.statusHistory.at(-1).notes).toMatch(/^Refund failed at the payment gateway/);
      await expect
        .poll(async () =>
          (await outboxRows(server, 'refund-failed')).some((r) => r.payload.refundId === failed.id),
        )
        .toBe(true);

      // Only admins retry.
      const asGuest = await server.request('POST', `/api/refunds/admin/${failed.id}/retry`, {
        token: guest.token,
      });
      expect(asGuest.status).toBe(403);
      const asManager = await server.request('POST', `/api/refunds/admin/${failed.id}/retry`, {
        token: manager.token,
      });
      expect(asManager.status).toBe(403);

      const retried = await server.request('POST', `/api/refunds/admin/${failed.id}/retry`, {
        token: admin.token,
      });
      expect(retried.status, retried.text).toBe(200);
      expect(['processing', 'processed']).toContain(retried.body.refund.status);
      expect(retried.body.refund.attempts).toBe(2);
      const done = await refundReaches(server, guest, failed.id, 'processed');
      expect(done.statusHistory.map((entry: { status: string }) => entry.status)).toEqual([
        'pending',
        'processing',
        'failed',
        'pending',
        'processing',
        'processed',
      ]);
      const row = (await refundRows(server, tickets[0].id))[0]!;
      expect(row.idempotency_key).toBe(`rf-${row.id}-2`);
      const payment = await paymentAtEmulator(server, paymentId);
      expect(payment.amount_refunded).toBe(REFUND * 100);

      const again = await server.request('POST', `/api/refunds/admin/${failed.id}/retry`, {
        token: admin.token,
      });
      expect(again.status).toBe(400);
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
      expect(response.body.refunds[0]).toMatchObject({ refundAmount: REFUND, reason: 'Ravi cannot come' });
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
