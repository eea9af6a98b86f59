import { beforeAll, describe, expect, it } from 'vitest';
import { pollRefunds } from '../../src/modules/refunds/jobs';
import { RazorpayClient } from '../../src/platform/payments/razorpay-client';
import { webhookSignature } from '../../src/platform/payments/signatures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  EMULATOR,
  emulatorState,
  newEvent,
  outboxRows,
  PURCHASE_ENV,
  settleRefunds,
  setWebhookMode,
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
  WEBHOOK,
} from '../../support/refunds';
import { useServer } from '../../support/server';

// Refunds when Razorpay misbehaves, over real HTTP against the emulator, on SQLite and PostgreSQL:
// forged and lost webhooks, the polling fallback, an outage, a refund that fails and its retry.

describeEachDatabase('refunds when the provider misbehaves', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let guest: TestUser;
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500, ticketPrice: PRICE, groupPrice4: 249 });
    guest = await newUser(server, { name: 'Asha Patel' });
    admin = await newUser(server, { role: 'admin', name: 'Admin Person' });
    manager = await newUser(server, { role: 'manager', name: 'Manager Person' });
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
        // Razorpay settles it; its webhook is dropped, so we still think it is on its way.
        expect(await settleRefunds(server)).toBeGreaterThanOrEqual(1);
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
      expect(retried.body.refund.status).toBe('processing');
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
});
