import { afterEach, beforeAll, expect, it } from 'vitest';
import { followTransferFeeRefunds } from '../../src/modules/transfers/fee-refunds';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, uniqueEmail } from '../../support/factories';
import {
  buy,
  EMULATOR,
  emulatorState,
  newEvent,
  PURCHASE_ENV,
  pay,
  settleRefunds,
  type TestEvent,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// A transfer that cannot complete (the ticket was scanned at the gate while its fee was being paid) refunds the
// Rs 50 fee. When that refund was never recorded, or fails at the bank, the refund job sends it again.

const FEE_PAISE = 5000;

interface EmulatorRefund {
  id: string;
  status: string;
  payment_id: string;
}

describeEachDatabase('transfer fee refunds', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  const realNow = () => new Date();
  let event: TestEvent;
  let checker: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { startTime: '19:00' });
    checker = await newUser(server, { role: 'qrchecker' });
  });
  afterEach(() => {
    server.ctx.now = realNow;
  });

  /** A transfer whose fee is paid after its ticket was admitted at the gate: it fails and owes the fee back. */
  async function failedTransfer() {
    const owner = await newUser(server);
    const [ticket] = (await buy(server, owner, event, 1)).tickets;
    const started = await server.request('POST', `/api/tickets/${ticket.id}/transfer`, {
      token: owner.token,
      body: { recipientEmail: uniqueEmail(), recipientName: 'Bina Rao' },
    });
    expect(started.status, started.text).toBe(200);
    const used = await server.request('POST', '/api/tickets/mark-used', {
      token: checker.token,
      body: { qrCode: ticket.qrCode },
    });
    expect(used.status, used.text).toBe(200);
    const checkout = await pay(server, started.body.orderId);
    const verified = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: owner.token,
      body: checkout,
    });
    expect(verified.status).toBeGreaterThanOrEqual(400);
    const paymentId = checkout.razorpay_payment_id as string;
    await webhooksHandled(paymentId);
    return { paymentId, orderId: started.body.orderId as string };
  }

  /**
   * The emulator's payment.captured and order.paid deliveries reach the server after verify-payment answered;
   * each may still be sending (and recording) the fee refund. A test that rewrites the transfer row waits for
   * them, or an in-flight delivery writes its refund id back over the rewrite.
   */
  async function webhooksHandled(paymentId: string): Promise<void> {
    await expect
      .poll(
        async () =>
          (
            await server.ctx.db
              .selectFrom('payment_events')
              .select('event')
              .where('razorpay_payment_id', '=', paymentId)
              .where('event', 'in', ['payment.captured', 'order.paid'])
              .execute()
          ).length,
        { timeout: 15_000, interval: 50 },
      )
      .toBe(2);
  }

  function transferRow(orderId: string) {
    return server.ctx.db
      .selectFrom('ticket_transfers')
      .selectAll()
      .where('razorpay_order_id', '=', orderId)
      .executeTakeFirstOrThrow();
  }

  async function refundsOf(paymentId: string): Promise<EmulatorRefund[]> {
    return (await emulatorState(server)).refunds.filter((r: EmulatorRefund) => r.payment_id === paymentId);
  }

  /** Razorpay settles the refunds it holds; then the refund is in `status` there. */
  async function refundReaches(refundId: string, status: string): Promise<void> {
    await settleRefunds(server);
    const refund = (await emulatorState(server)).refunds.find((r: EmulatorRefund) => r.id === refundId);
    expect(refund?.status).toBe(status);
  }

  /** Eleven minutes on: sent refunds are looked at again after ten. */
  function laterOn(): void {
    const at = Date.now() + 11 * 60_000;
    server.ctx.now = () => new Date(at);
  }

  it('a fee refund that was never recorded is sent by the job, once', async () => {
    const { paymentId, orderId } = await failedTransfer();
    expect((await transferRow(orderId)).status).toBe('failed');
    // As if the call to Razorpay had failed: nothing recorded.
    await server.ctx.db
      .updateTable('ticket_transfers')
      .set({ razorpay_refund_id: null })
      .where('razorpay_order_id', '=', orderId)
      .execute();

    const [first, second] = await Promise.all([
      followTransferFeeRefunds(server.ctx),
      followTransferFeeRefunds(server.ctx),
    ]);
    expect(first.sent + second.sent).toBeGreaterThanOrEqual(1);
    const row = await transferRow(orderId);
    expect(row.razorpay_refund_id).toMatch(/^rfnd_/);
    // Two instances at once, and the refund sent after the failure before: one refund at Razorpay.
    expect(await refundsOf(paymentId)).toHaveLength(1);
    expect((await followTransferFeeRefunds(server.ctx)).sent).toBe(0);
  });

  it('a fee refund that fails at the bank is sent again, and the whole fee comes back once', async () => {
    await server.request('POST', `${EMULATOR}/_test/refunds/fail-next`, { body: { count: 1 } });
    const { paymentId, orderId } = await failedTransfer();
    // Sent right after the failure (by verify-payment or the webhook, whichever settled it).
    await expect.poll(async () => (await transferRow(orderId)).razorpay_refund_id).toMatch(/^rfnd_/);
    const first = (await transferRow(orderId)).razorpay_refund_id!;
    await refundReaches(first, 'failed');

    // Just sent: not asked about yet.
    expect((await followTransferFeeRefunds(server.ctx)).checked).toBe(0);
    laterOn();
    const report = await followTransferFeeRefunds(server.ctx);
    // The other test's transfer, long processed, is looked at too; only this one is sent again.
    expect(report).toMatchObject({ sent: 1, errors: 0 });
    expect(report.checked).toBeGreaterThanOrEqual(1);
    const second = (await transferRow(orderId)).razorpay_refund_id!;
    expect(second).not.toBe(first);
    await refundReaches(second, 'processed');

    // Looked at again later: processed, so nothing more is sent.
    server.ctx.now = () => new Date(Date.now() + 30 * 60_000);
    expect(await followTransferFeeRefunds(server.ctx)).toMatchObject({ sent: 0, errors: 0 });
    const payment = (await emulatorState(server)).payments.find((p: { id: string }) => p.id === paymentId);
    expect(payment.amount_refunded).toBe(FEE_PAISE);
    expect((await refundsOf(paymentId)).map((r) => r.status).sort()).toEqual(['failed', 'processed']);
  });
});
