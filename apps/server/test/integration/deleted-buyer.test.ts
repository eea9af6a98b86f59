import { beforeAll, expect, it } from 'vitest';
import { reconcileOrders } from '../../src/modules/purchase/jobs';
import { booksProblems, checkBooks, NO_PROBLEMS } from '../../support/cluster-books';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  availableTickets,
  createOrder,
  emulatorState,
  newEvent,
  orderRow,
  outboxRows,
  PURCHASE_ENV,
  pay,
  setWebhookMode,
  type TestEvent,
  ticketCount,
  webhooksDelivered,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// Deleting a user kept their live holds, and a payment they made afterwards issued
// tickets to the anonymised row (mail to an undeliverable address; the guest had neither tickets nor refund).
// Now deletion ends their checkouts at once, and a payment that still arrives is refunded in full through the
// late-payment path, with nothing mailed, and the books add up.

describeEachDatabase('a deleted buyer', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: 300, groupPrice4: 250 });
    admin = await newUser(server, { role: 'admin' });
  });

  async function deleteAccount(person: TestUser): Promise<void> {
    const response = await server.request('DELETE', `/api/admin/users/${person.user.id}`, {
      token: admin.token,
    });
    expect(response.status, response.text).toBe(200);
  }

  async function mailsOf(orderId: string) {
    const kinds = ['tickets-confirmation', 'late-payment-refunded'];
    const rows = (await Promise.all(kinds.map((kind) => outboxRows(server, kind)))).flat();
    return rows.filter((row) => row.payload.orderId === orderId);
  }

  async function expectRefundedInFull(razorpayOrderId: string, paymentId: string) {
    const order = await orderRow(server, razorpayOrderId);
    expect(order.status).toBe('refunded');
    expect(order.razorpay_refund_id).toMatch(/^rfnd_/);
    expect(await ticketCount(server, order.id)).toBe(0);
    const refunds = (await emulatorState(server)).refunds.filter(
      (refund: { payment_id: string }) => refund.payment_id === paymentId,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(order.amount_paise);
    expect(await mailsOf(order.id)).toEqual([]);
  }

  it('deleting a user puts the seats of their unpaid checkouts back on sale at once', async () => {
    const buyer = await newUser(server);
    const before = await availableTickets(server);
    const order = await createOrder(server, buyer, event, 4);
    expect(order.status).toBe(200);
    expect(await availableTickets(server)).toBe(before - 4);

    await deleteAccount(buyer);
    expect(await availableTickets(server)).toBe(before);
    const row = await orderRow(server, order.body.orderId);
    expect(row.status).toBe('expired');
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'data'])
      .where('entity_id', '=', row.id)
      .where('action', '=', 'order.expired')
      .execute();
    expect(audit.map((entry) => JSON.parse(entry.data ?? '{}'))).toEqual([{ reason: 'owner-deleted' }]);
  });

  it('a payment whose webhook arrives after the buyer was deleted is refunded in full, nothing issued or mailed', async () => {
    await setWebhookMode(server, 'normal');
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 3);
    await deleteAccount(buyer);

    const checkout = await pay(server, order.body.orderId);
    await webhooksDelivered(server);
    await expectRefundedInFull(order.body.orderId, checkout.razorpay_payment_id);
  });

  it('the same when only the reconciliation job finds the payment (every webhook lost)', async () => {
    await setWebhookMode(server, 'drop');
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 2);
    await deleteAccount(buyer);

    const checkout = await pay(server, order.body.orderId);
    const report = await reconcileOrders(server.ctx);
    expect(report.refunded).toBeGreaterThanOrEqual(1);
    await expectRefundedInFull(order.body.orderId, checkout.razorpay_payment_id);
    // Asked again, nothing changes: one refund, still no tickets.
    await reconcileOrders(server.ctx);
    await expectRefundedInFull(order.body.orderId, checkout.razorpay_payment_id);
  });

  it('the books add up: every captured payment has its tickets or a full refund, nothing twice', async () => {
    const books = await checkBooks(server.ctx.db, event.id, await emulatorState(server));
    expect(books.capturedPayments).toBeGreaterThanOrEqual(2);
    expect(booksProblems(books)).toEqual(NO_PROBLEMS);
  });
});
