import { beforeAll, expect, it } from 'vitest';
import { reconcileOrders } from '../../src/modules/purchase/jobs';
import { refundOrderInFull, sendCallOffRefunds } from '../../src/modules/refunds/call-off';
import { transaction } from '../../src/platform/db/database';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  createOrder,
  emulatorState,
  expireHoldNow,
  latePaymentWithSeatsGone,
  leaveSeats,
  newEvent,
  orderRow,
  PURCHASE_ENV,
  pay,
  setWebhookMode,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { cancel } from '../../support/refunds';
import { useServer } from '../../support/server';
import {
  keptAtRazorpay,
  netOfDocuments,
  REGISTERED_SETTINGS,
  saveTaxSettings,
  taxDocuments,
  taxJobsDone,
} from '../../support/tax';
import { checkoutOffer, joinWaitlist, sweep } from '../../support/waitlist';

// The convenience fee over real HTTP: charged on top through Razorpay (create-order, verify, reconciliation agree to
// the paisa), its own line on the sale's document taxed at 18% whatever the tickets, and what becomes of it on each
// refund. Expected figures are worked out by hand (prices include 18%, Maharashtra to Maharashtra):
// - two ₹600 Gold passes, ₹1,200: CGST = SGST = round(120000 × 9/118) = 9153, taxable 101694;
// - their fee, ₹20 each, ₹40: CGST = SGST = round(4000 × 9/118) = 305, taxable 3390;
// - 2.5% of a ₹299 ticket is 747.5 paise → 748; two of them ₹14.96: CGST = SGST = round(1496 × 9/118) = 114.

type Document = Awaited<ReturnType<typeof taxDocuments>>[number];

const figures = (document: Pick<Document, 'taxable_paise' | 'cgst_paise' | 'sgst_paise' | 'total_paise'>) => [
  Number(document.taxable_paise),
  Number(document.cgst_paise),
  Number(document.sgst_paise),
  Number(document.total_paise),
];

const net = netOfDocuments;

function feeSettings(basis: 'fixed' | 'percent', amount: number, paidBy: 'buyer' | 'organiser' = 'buyer') {
  return {
    ...REGISTERED_SETTINGS,
    convenienceFeeBasis: basis,
    convenienceFeeAmount: amount,
    convenienceFeePaidBy: paidBy,
  };
}

describeEachDatabase('the convenience fee', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let buyer: TestUser;
  let gold: string;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
    buyer = await newUser(server, { name: 'Asha Patel' });
    const type = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: { name: 'Gold pass', price: 600 },
    });
    expect(type.status, type.text).toBe(200);
    gold = type.body.ticketType.id;
  });

  const documentsOf = async (orderId: string) =>
    (await taxDocuments(server)).filter((document) => document.order_id === orderId);

  async function orderGold(quantity: number, body: Record<string, unknown> = {}, who = buyer) {
    return server.request('POST', '/api/tickets/create-order', {
      token: who.token,
      body: { eventId: event.id, amount: 600 * quantity, items: [{ ticketTypeId: gold, quantity }], ...body },
    });
  }

  async function buyGold(quantity: number, body: Record<string, unknown> = {}) {
    const order = await orderGold(quantity, body);
    expect(order.status, order.text).toBe(200);
    const checkout = await pay(server, order.body.orderId);
    const verified = await verify(server, buyer, checkout);
    expect(verified.status, verified.text).toBe(200);
    const row = await orderRow(server, order.body.orderId);
    return { order: order.body, row, checkout, tickets: verified.body.tickets as Array<{ id: string }> };
  }

  it('is refused with a message under its amount when outside its basis, and shown by GET /event', async () => {
    const refused = await server.request('PUT', '/api/admin/tax-settings', {
      token: admin.token,
      body: feeSettings('percent', 80),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([
      {
        field: 'convenienceFeeAmount',
        message: 'A percentage fee is from 0.01% to 50% of the ticket price, with at most two decimals',
      },
    ]);
    await saveTaxSettings(server, admin.token, feeSettings('fixed', 20));
    const settings = await server.request('GET', '/api/admin/tax-settings', { token: admin.token });
    expect(settings.body.settings).toMatchObject({
      convenienceFeeBasis: 'fixed',
      convenienceFeeAmount: 20,
      convenienceFeePaidBy: 'buyer',
    });
    const shown = await server.request('GET', '/api/event');
    expect(shown.body.data.convenienceFee).toEqual({ basis: 'fixed', amount: 20, paidBy: 'buyer' });
  });

  it('paid on top: Razorpay charges the tickets and the fee, and the document has the fee as its own taxed line', async () => {
    // A fee other than the server's is a price the buyer was not shown: refused, nothing held.
    const wrong = await orderGold(2, { convenienceFee: 30 });
    expect(wrong.status).toBe(409);
    expect(wrong.body.code).toBe('PRICE_CHANGED');

    const { order, row, checkout } = await buyGold(2, { convenienceFee: 40 });
    expect(order).toMatchObject({ amount: 1240, amountPaise: 124_000, total: 1240, convenienceFee: 40 });
    expect(row).toMatchObject({ amount_paise: 124_000, convenience_fee_paise: 4_000, status: 'paid' });
    const payment = (await emulatorState(server)).payments.find(
      (p: { id: string }) => p.id === checkout.razorpay_payment_id,
    );
    expect(payment.amount).toBe(124_000);

    await taxJobsDone(server);
    const [sale] = await documentsOf(row.id);
    expect(sale!.kind).toBe('tax-invoice');
    expect(sale!.lines).toEqual([
      expect.objectContaining({ kind: 'admission', quantity: 2, totalPaise: 120_000, cgstPaise: 9_153 }),
      expect.objectContaining({
        kind: 'fee',
        description: 'Convenience fee',
        quantity: 2,
        unitPricePaise: 2_000,
        rateBasisPoints: 1_800,
        taxablePaise: 3_390,
        cgstPaise: 305,
        sgstPaise: 305,
        totalPaise: 4_000,
      }),
    ]);
    expect(figures(sale!)).toEqual([105_084, 9_458, 9_458, 124_000]);
    const json = await server.request('GET', `/api/tickets/orders/${order.orderId}/document?format=json`, {
      token: buyer.token,
    });
    expect(json.status, json.text).toBe(200);
    expect(json.body.document).toMatchObject({ total: 1240, cgst: 94.58 });
    expect(json.body.document.lines[1]).toMatchObject({
      description: 'Convenience fee',
      total: 40,
      cgst: 3.05,
    });
  });

  it("a guest's cancellation keeps the fee: the credit note reverses the ticket only", async () => {
    const { row, checkout, tickets } = await buyGold(2);
    const cancelled = await cancel(server, buyer, tickets[0]!.id);
    expect(cancelled.status, cancelled.text).toBe(200);
    await taxJobsDone(server);
    const documents = await documentsOf(row.id);
    const credit = documents.find((document) => document.kind === 'credit-note')!;
    expect(credit.lines).toEqual([expect.objectContaining({ creditsLine: 0, totalPaise: 60_000 })]);
    // Kept: one ticket, the whole fee and the ₹20 deduction.
    expect(net(documents)).toBe(60_000 + 4_000 + 2_000);
    expect(net(documents)).toBe(await keptAtRazorpay(server, checkout.razorpay_payment_id));
  });

  it('a called-off night gives everything back, the fee too: each credit note reverses a ticket and its fee', async () => {
    const { row, checkout } = await buyGold(2);
    const refunds = await transaction(server.ctx.db, (trx) => refundOrderInFull(trx, row.id, new Date()));
    expect(refunds).toHaveLength(2);
    expect(await sendCallOffRefunds(server.ctx, row.id)).toMatchObject({ sent: 2 });
    const rows = await server.ctx.db
      .selectFrom('refunds')
      .select(['refund_amount_paise', 'convenience_fee_paise'])
      .where('order_id', '=', row.id)
      .execute();
    expect(
      rows.map((refund) => [Number(refund.refund_amount_paise), Number(refund.convenience_fee_paise)]),
    ).toEqual([
      [62_000, 2_000],
      [62_000, 2_000],
    ]);
    await taxJobsDone(server);
    const documents = await documentsOf(row.id);
    const [sale, ...credits] = documents;
    expect(credits.map((credit) => credit.kind)).toEqual(['credit-note', 'credit-note']);
    for (const credit of credits) {
      expect(credit.lines.map((line: { creditsLine: number }) => line.creditsLine)).toEqual([0, 1]);
      expect(Number(credit.total_paise)).toBe(62_000);
    }
    // The two credit notes reverse the sale exactly, tax and all.
    const summed = (key: 'taxable_paise' | 'cgst_paise' | 'sgst_paise' | 'total_paise') =>
      credits.reduce((sum, credit) => sum + Number(credit[key]), 0);
    expect([
      summed('taxable_paise'),
      summed('cgst_paise'),
      summed('sgst_paise'),
      summed('total_paise'),
    ]).toEqual(figures(sale!));
    expect(net(documents)).toBe(0);
    expect(await keptAtRazorpay(server, checkout.razorpay_payment_id)).toBe(0);
  });

  it('a percentage on the single price: rounded per ticket, and reconciliation issues what the dialog showed', async () => {
    await saveTaxSettings(server, admin.token, feeSettings('percent', 2.5));
    await setWebhookMode(server, 'drop');
    try {
      // The product's payload, with the fee the dialog showed: 2 × 748 paise.
      const order = await createOrder(server, buyer, event, 2, { convenienceFee: 14.96 });
      expect(order.status, order.text).toBe(200);
      expect(order.body).toMatchObject({ amountPaise: 61_296, convenienceFee: 14.96 });
      // Paid, but never verified and the webhook lost: once the hold runs out, the reconciliation finds the payment
      // (its amount must be the order's, to the paisa) and issues the tickets, the seats being still there.
      await pay(server, order.body.orderId);
      await expireHoldNow(server, (await orderRow(server, order.body.orderId)).id);
      const report = await reconcileOrders(server.ctx);
      expect(report.fulfilled).toBe(1);
      const row = await orderRow(server, order.body.orderId);
      expect(row).toMatchObject({ status: 'paid', amount_paise: 61_296, convenience_fee_paise: 1_496 });
      await taxJobsDone(server);
      const [sale] = await documentsOf(row.id);
      // The ₹299 tickets are exempt; the fee is taxed all the same, so the document is a tax invoice.
      expect(sale!.kind).toBe('tax-invoice');
      expect(sale!.lines[0]).toMatchObject({ rateBasisPoints: 0, totalPaise: 59_800 });
      expect(sale!.lines[1]).toMatchObject({
        kind: 'fee',
        cgstPaise: 114,
        taxablePaise: 1_268,
        totalPaise: 1_496,
      });
      expect(Number(sale!.total_paise)).toBe(61_296);
    } finally {
      await setWebhookMode(server, 'normal');
    }
  });

  it('a late payment given back whole gives the fee back: its credit note reverses both lines', async () => {
    await setWebhookMode(server, 'drop');
    try {
      const { order, checkout, row } = await latePaymentWithSeatsGone(server, event);
      expect(order.body.convenienceFee).toBe(7.48);
      await reconcileOrders(server.ctx);
      expect((await orderRow(server, order.body.orderId)).status).toBe('refunded');
      await taxJobsDone(server);
      const documents = await documentsOf(row.id);
      expect(documents.map((document) => document.kind)).toEqual(['tax-invoice', 'credit-note']);
      expect(documents[1]!.lines.map((line: { creditsLine: number }) => line.creditsLine)).toEqual([0, 1]);
      expect(net(documents)).toBe(0);
      expect(await keptAtRazorpay(server, checkout.razorpay_payment_id)).toBe(0);
    } finally {
      await setWebhookMode(server, 'normal');
    }
  });

  it('absorbed by the organiser: the buyer pays the tickets alone and the document has no fee line', async () => {
    await server.ctx.db
      .updateTable('events')
      .set({ total_tickets: 1000 })
      .where('id', '=', event.id)
      .execute();
    await saveTaxSettings(server, admin.token, feeSettings('fixed', 20, 'organiser'));
    const shown = await server.request('GET', '/api/event');
    expect(shown.body.data.convenienceFee).toEqual({ basis: 'fixed', amount: 20, paidBy: 'organiser' });
    const { order, row } = await buyGold(2, { convenienceFee: 0 });
    expect(order).toMatchObject({ amountPaise: 120_000, convenienceFee: 0 });
    expect(row.convenience_fee_paise).toBeNull();
    await taxJobsDone(server);
    const [sale] = await documentsOf(row.id);
    expect(sale!.lines).toHaveLength(1);
    expect(Number(sale!.total_paise)).toBe(120_000);
  });
  it('a waitlist offer carries the fee a checkout would: its hold charges it and its document has the line', async () => {
    await saveTaxSettings(server, admin.token, feeSettings('fixed', 20));
    await leaveSeats(server, event.id, 0);
    const waiting = await newUser(server);
    expect((await joinWaitlist(server, waiting, 2)).status).toBe(200);
    await leaveSeats(server, event.id, 2);
    expect(await sweep(server)).toMatchObject({ offered: 1 });
    const checkout = await checkoutOffer(server, waiting);
    expect(checkout.status, checkout.text).toBe(200);
    // Two ₹299 tickets and ₹20 on each.
    expect(checkout.body).toMatchObject({ amount: 638, amountPaise: 63_800, convenienceFee: 40 });
    const paid = await verify(server, waiting, await pay(server, checkout.body.orderId));
    expect(paid.status, paid.text).toBe(200);
    await taxJobsDone(server);
    const [sale] = await documentsOf((await orderRow(server, checkout.body.orderId)).id);
    expect(sale!.lines[1]).toMatchObject({ kind: 'fee', description: 'Convenience fee', totalPaise: 4_000 });
    expect(Number(sale!.total_paise)).toBe(63_800);
  });
});
