import { istDate } from '@utsav/domain/time';
import { beforeAll, expect, it } from 'vitest';
import { refundOrderInFull, sendCallOffRefunds } from '../../src/modules/refunds/call-off';
import { transaction } from '../../src/platform/db/database';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  createOrder,
  newEvent,
  orderRow,
  PURCHASE_ENV,
  pay,
  settleRefunds,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { cancel } from '../../support/refunds';
import { useServer } from '../../support/server';
import {
  keptAtRazorpay,
  REGISTERED_SETTINGS,
  saveTaxSettings,
  taxDocuments,
  taxJobsDone,
} from '../../support/tax';

// The convenience fee in the organiser's figures, over real HTTP: the dashboard's fee revenue and the month's GST
// export, for ₹299 tickets (exempt) with a 2.5% fee (taxed at 18% all the same). Figures worked out by hand
// (prices include 18%, Maharashtra to Maharashtra):
// - 2.5% of ₹299 is 747.5 paise → 748 a ticket; two tickets ₹14.96: CGST = SGST = round(1496 × 9/118) = 114,
//   taxable 1496 − 228 = 1268;
// - a call-off's credit note gives back one ticket's share, ₹7.48, in the line's proportion: CGST = SGST = 57,
//   taxable 634; the second takes what is left, the same.
// A business buys two and cancels one (the fee is kept); a guest buys two and the organiser refunds the order
// in full (the fee goes back). Fees kept: ₹14.96.

describeEachDatabase('the convenience fee in the figures', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let business: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 100, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
    business = await newUser(server, { name: 'Meera Shah' });
    guest = await newUser(server, { name: 'Asha Patel' });
    await saveTaxSettings(server, admin.token, {
      ...REGISTERED_SETTINGS,
      convenienceFeeBasis: 'percent',
      convenienceFeeAmount: 2.5,
      convenienceFeePaidBy: 'buyer',
    });
  });

  async function buyTwo(who: TestUser, body: Record<string, unknown> = {}) {
    const order = await createOrder(server, who, event, 2, { convenienceFee: 14.96, ...body });
    expect(order.status, order.text).toBe(200);
    expect(order.body).toMatchObject({ amountPaise: 61_296, convenienceFee: 14.96 });
    const checkout = await pay(server, order.body.orderId);
    const verified = await verify(server, who, checkout);
    expect(verified.status, verified.text).toBe(200);
    const row = await orderRow(server, order.body.orderId);
    return {
      row,
      paymentId: checkout.razorpay_payment_id,
      tickets: verified.body.tickets as Array<{ id: string }>,
    };
  }

  let businessSale: { row: { id: string }; paymentId: string };
  let guestSale: { row: { id: string }; paymentId: string };

  it('fee revenue: fees on the documents less those credit notes gave back, beside the ticket sales, to the paisa', async () => {
    businessSale = await buyTwo(business, {
      buyerGstin: '29AAGCB7383J1Z4',
      buyerLegalName: 'Bengaluru Dance Company Pvt Ltd',
      buyerAddress: '4 MG Road, Bengaluru 560001',
    });
    const { tickets } = businessSale as typeof businessSale & { tickets: Array<{ id: string }> };
    // The business cancels one ticket: its price less the ₹20 deduction goes back, the fee is kept.
    const cancelled = await cancel(server, business, tickets[0]!.id);
    expect(cancelled.status, cancelled.text).toBe(200);
    // The guest's order is refunded in full by the organiser: each ticket with its own fee share.
    guestSale = await buyTwo(guest);
    await transaction(server.ctx.db, (trx) => refundOrderInFull(trx, guestSale.row.id, new Date()));
    expect(await sendCallOffRefunds(server.ctx, guestSale.row.id)).toMatchObject({ sent: 2 });
    await taxJobsDone(server);
    // Every refund settled at Razorpay and its news recorded (its webhook lands after the settle answers), so the
    // dashboard's refunds are the documents' refunds.
    await expect
      .poll(async () => {
        await settleRefunds(server);
        const rows = await server.ctx.db
          .selectFrom('refunds')
          .select('status')
          .where('order_id', 'in', [businessSale.row.id, guestSale.row.id])
          .execute();
        return rows.map((row) => row.status);
      })
      .toEqual(['processed', 'processed', 'processed']);
    expect(await keptAtRazorpay(server, businessSale.paymentId)).toBe(61_296 - 27_900);
    expect(await keptAtRazorpay(server, guestSale.paymentId)).toBe(0);

    // Read from the documents themselves: the sales' fee lines less the credit notes' fee lines.
    const documents = await taxDocuments(server);
    let feesPaise = 0;
    for (const document of documents) {
      for (const line of document.lines as Array<{ description: string; totalPaise: number }>) {
        if (line.description !== 'Convenience fee') continue;
        feesPaise += (document.kind === 'credit-note' ? -1 : 1) * line.totalPaise;
      }
    }
    expect(feesPaise).toBe(1_496);

    const dashboard = await server.request('GET', '/api/admin/analytics/dashboard', { token: admin.token });
    expect(dashboard.status, dashboard.text).toBe(200);
    expect(dashboard.body.data.revenue).toMatchObject({
      // The business's ₹612.96 less the ₹299 ticket cancelled (₹20 of it kept as the deduction); the guest's
      // order is all given back.
      ticketSales: 313.96,
      cancellationFees: 20,
      refunded: 279 + 612.96,
      convenienceFees: 14.96,
    });
    // Per day too, each document on the IST day it was issued: the days add up to the whole, to the paisa.
    const daily = dashboard.body.data.salesChart as Array<{ _id: string; convenienceFees: number }>;
    const byDay = new Map<string, number>();
    for (const document of documents) {
      const day = istDate(new Date(document.issued_at));
      for (const line of document.lines as Array<{ description: string; totalPaise: number }>) {
        if (line.description !== 'Convenience fee') continue;
        byDay.set(day, (byDay.get(day) ?? 0) + (document.kind === 'credit-note' ? -1 : 1) * line.totalPaise);
      }
    }
    expect(
      daily
        .filter((bucket) => bucket.convenienceFees !== 0)
        .map((bucket) => [bucket._id, bucket.convenienceFees]),
    ).toEqual(
      [...byDay]
        .filter(([, paise]) => paise !== 0)
        .sort()
        .map(([day, paise]) => [day, paise / 100]),
    );
    expect(Math.round(daily.reduce((sum, bucket) => sum + bucket.convenienceFees, 0) * 100)).toBe(1_496);
  });

  it("the month's export: the exempt tickets and the taxed fee apart, on the sale and on its credit notes", async () => {
    const documents = await taxDocuments(server);
    const saleOf = (orderId: string) =>
      documents.find((document) => document.order_id === orderId && document.kind === 'tax-invoice')!;
    const businessInvoice = saleOf(businessSale.row.id);
    const guestInvoice = saleOf(guestSale.row.id);
    const month = istDate(new Date(guestInvoice.issued_at)).slice(0, 7);
    const response = await server.request('GET', `/api/admin/gst/export?month=${month}`, {
      token: admin.token,
    });
    expect(response.status, response.text).toBe(200);
    const exported = response.body.export;
    const date = istDate(new Date(businessInvoice.issued_at));

    // The business's invoice: its exempt tickets under exempt B2B supplies, its fee a B2B row at 18%.
    expect(exported.b2b).toContainEqual({
      number: businessInvoice.number,
      date,
      buyerGstin: '29AAGCB7383J1Z4',
      buyerLegalName: 'Bengaluru Dance Company Pvt Ltd',
      placeOfSupply: '27-Maharashtra',
      ratePercent: 18,
      taxableValue: 12.68,
      cgst: 1.14,
      sgst: 1.14,
      igst: 0,
      total: 14.96,
    });
    expect(
      exported.b2b.filter((row: { number: string }) => row.number === businessInvoice.number),
    ).toHaveLength(1);
    // The guest's tickets are exempt B2C supplies; the business's, exempt B2B.
    expect(exported.exempt).toEqual({ b2b: 598, b2c: 598 });
    // The ₹20 deduction kept from the business's cancellation is invoiced to the business (the sale's buyer), a
    // B2B row of its own: CGST = SGST = round(2000 × 9/118) = 153, taxable 1694.
    const deduction = documents.find((document) => document.source.startsWith('cancellation-fee:'))!;
    expect(exported.b2b).toContainEqual(
      expect.objectContaining({ number: deduction.number, ratePercent: 18, taxableValue: 16.94, cgst: 1.53 }),
    );
    // Taxed B2C supplies: the guest's fee alone, at 18%; its tickets are nowhere at a rate.
    expect(exported.b2c).toEqual([
      {
        placeOfSupply: '27-Maharashtra',
        ratePercent: 18,
        taxableValue: 12.68,
        cgst: 1.14,
        sgst: 1.14,
        igst: 0,
      },
    ]);

    // The call-off's credit notes: each the exempt ticket at 0% and its fee share at 18%, in rows of their own.
    const guestCredits = exported.creditNotes.filter(
      (row: { refersTo: string }) => row.refersTo === guestInvoice.number,
    );
    const numbers = [...new Set(guestCredits.map((row: { number: string }) => row.number))];
    expect(numbers).toHaveLength(2);
    for (const number of numbers) {
      const rows = guestCredits.filter((row: { number: string }) => row.number === number);
      const row = (ratePercent: number, taxableValue: number, tax: number, total: number) => ({
        refersTo: guestInvoice.number,
        buyerGstin: null,
        placeOfSupply: '27-Maharashtra',
        ratePercent,
        taxableValue,
        cgst: tax,
        sgst: tax,
        igst: 0,
        total,
      });
      expect(rows.map(({ number: _, date: __, ...rest }: Record<string, unknown>) => rest)).toEqual([
        row(0, 299, 0, 299),
        row(18, 6.34, 0.57, 7.48),
      ]);
    }
    // The business's cancellation reverses its exempt ticket only: one row at 0%, the fee untouched.
    const businessCredits = exported.creditNotes.filter(
      (row: { refersTo: string }) => row.refersTo === businessInvoice.number,
    );
    expect(businessCredits).toEqual([
      expect.objectContaining({
        buyerGstin: '29AAGCB7383J1Z4',
        ratePercent: 0,
        taxableValue: 299,
        total: 299,
      }),
    ]);

    const csv = await server.request('GET', `/api/admin/gst/export?month=${month}&format=csv`, {
      token: admin.token,
    });
    expect(csv.text).toContain('Number,Date,Against,Buyer GSTIN,Place of supply,Rate %,Taxable value');
    expect(csv.text).toContain(`${guestInvoice.number},,27-Maharashtra,18,6.34,0.57,0.57,0,7.48`);
  });
});
