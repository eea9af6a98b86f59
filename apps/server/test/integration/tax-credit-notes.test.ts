import { istDate } from '@utsav/domain/time';
import { beforeAll, expect, it } from 'vitest';
import { reconcileOrders } from '../../src/modules/purchase/jobs';
import { refundOrderInFull } from '../../src/modules/refunds/call-off';
import { issueRefundDocuments } from '../../src/modules/tax-documents/credits';
import { transaction } from '../../src/platform/db/database';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  buy,
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
  saveTaxSettings,
  taxDocuments,
  taxJobsDone,
} from '../../support/tax';

// Credit notes and the documents of fees kept, made by the jobs the refund's, fee's or late payment's own
// transaction queued. Expected figures are worked out here by hand (prices include 18%, Maharashtra to
// Maharashtra): a ₹600 ticket's halves are round(60000 × 9/118) = 4576; three of them on one line,
// round(180000 × 9/118) = 13729; the ₹20 deduction's, round(2000 × 9/118) = 153; the ₹50 transfer fee's, 381.
// What the organiser kept is read from Razorpay's side (paid − refunded), never from our documents.

type Document = Awaited<ReturnType<typeof taxDocuments>>[number];

const figures = (document: Document) => [
  Number(document.taxable_paise),
  Number(document.cgst_paise),
  Number(document.sgst_paise),
  Number(document.igst_paise),
  Number(document.total_paise),
];

const net = netOfDocuments;

describeEachDatabase('credit notes and fee documents', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let buyer: TestUser;
  let checker: TestUser;
  let gold: string;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
    buyer = await newUser(server, { name: 'Asha Patel' });
    checker = await newUser(server, { role: 'qrchecker' });
    await saveTaxSettings(server, admin.token);
    const type = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: { name: 'Gold pass', price: 600 },
    });
    expect(type.status, type.text).toBe(200);
    gold = type.body.ticketType.id;
  });

  async function buyGold(quantity: number, who = buyer) {
    const order = await server.request('POST', '/api/tickets/create-order', {
      token: who.token,
      body: { eventId: event.id, amount: 600 * quantity, items: [{ ticketTypeId: gold, quantity }] },
    });
    expect(order.status, order.text).toBe(200);
    const checkout = await pay(server, order.body.orderId);
    const verified = await verify(server, who, checkout);
    expect(verified.status, verified.text).toBe(200);
    const row = await orderRow(server, order.body.orderId);
    return {
      orderId: row.id,
      razorpayOrderId: order.body.orderId as string,
      paymentId: checkout.razorpay_payment_id,
      tickets: verified.body.tickets as Array<{ id: string; qrCode: string }>,
    };
  }

  const documentsOf = async (orderId: string) =>
    (await taxDocuments(server)).filter((document) => document.order_id === orderId);

  it('two tickets of three cancelled: two credit notes on the sale, two invoices of ₹20, and it adds up', async () => {
    const { orderId, razorpayOrderId, paymentId, tickets } = await buyGold(3);
    await taxJobsDone(server);
    const [sale] = await documentsOf(orderId);
    expect(sale).toMatchObject({ kind: 'tax-invoice', number: expect.stringMatching(/^UTSAV\/I\d\d\/1$/) });
    expect(figures(sale!)).toEqual([152_542, 13_729, 13_729, 0, 180_000]);

    for (const ticket of tickets.slice(0, 2)) {
      const response = await cancel(server, buyer, ticket.id);
      expect(response.status, response.text).toBe(200);
    }
    await taxJobsDone(server);
    const documents = await documentsOf(orderId);
    const credits = documents.filter((document) => document.kind === 'credit-note');
    const fees = documents.filter((document) => document.source.startsWith('cancellation-fee:'));
    expect(credits.map((credit) => credit.number.replace(/\d\d\//, 'yy/'))).toEqual([
      'UTSAV/Cyy/1',
      'UTSAV/Cyy/2',
    ]);
    for (const credit of credits) {
      expect(credit.refers_to).toBe(sale!.id);
      expect(credit).toMatchObject({ buyer_name: 'Asha Patel', place_of_supply: '27' });
      expect(figures(credit)).toEqual([50_848, 4_576, 4_576, 0, 60_000]);
      expect(credit.lines).toEqual([
        expect.objectContaining({ description: 'Admission to a cultural event: Gold pass', creditsLine: 0 }),
      ]);
    }
    expect(fees).toHaveLength(2);
    for (const fee of fees) {
      expect(fee.kind).toBe('tax-invoice');
      expect(fee.series).toBe('I');
      expect(figures(fee)).toEqual([1_694, 153, 153, 0, 2_000]);
      expect(fee.lines[0]).toMatchObject({ kind: 'fee', rateBasisPoints: 1800, sacCode: '9996' });
    }
    expect(net(documents)).toBe(await keptAtRazorpay(server, paymentId));

    // The third ticket empties the line: its credit note takes the paisa the others left.
    expect((await cancel(server, buyer, tickets[2]!.id)).status).toBe(200);
    await taxJobsDone(server);
    const all = await documentsOf(orderId);
    const last = all.filter((document) => document.kind === 'credit-note')[2]!;
    expect(figures(last)).toEqual([50_846, 4_577, 4_577, 0, 60_000]);
    expect(net(all)).toBe(await keptAtRazorpay(server, paymentId));
    expect(net(all)).toBe(3 * 2_000);

    // The buyer reads each of the order's documents: the list, and a credit note by its number.
    const url = `/api/tickets/orders/${razorpayOrderId}/document?format=json`;
    const listed = await server.request('GET', url, { token: buyer.token });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.document.number).toBe(sale!.number);
    expect(listed.body.documents).toHaveLength(7);
    expect(listed.body.documents[0]).toMatchObject({
      kind: 'tax-invoice',
      number: sale!.number,
      total: 1800,
    });
    const credit = await server.request('GET', `${url}&number=${encodeURIComponent(last.number)}`, {
      token: buyer.token,
    });
    expect(credit.status, credit.text).toBe(200);
    expect(credit.body.document).toMatchObject({
      kind: 'credit-note',
      number: last.number,
      refersTo: sale!.number,
      cgst: 45.77,
      total: 600,
    });
    const pdf = await server.request(
      'GET',
      `/api/tickets/orders/${razorpayOrderId}/document?number=${encodeURIComponent(last.number)}`,
      {
        token: buyer.token,
      },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    const stranger = await server.request('GET', `${url}&number=${encodeURIComponent(last.number)}`, {
      token: (await newUser(server)).token,
    });
    expect(stranger.status).toBe(404);
    const unknown = await server.request('GET', `${url}&number=UTSAV%2FC99%2F1`, { token: buyer.token });
    expect(unknown.status).toBe(404);
  });

  it('credit notes of many refunds at once, two issuers each: one per refund, numbered without gap or repeat', async () => {
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push(await buyGold(3));
    await taxJobsDone(server);
    const before = (await taxDocuments(server)).filter((document) => document.series === 'C').length;
    for (const order of orders) {
      for (const ticket of order.tickets) expect((await cancel(server, buyer, ticket.id)).status).toBe(200);
    }
    const refunds = await server.ctx.db
      .selectFrom('refunds')
      .select('id')
      .where(
        'order_id',
        'in',
        orders.map((order) => order.orderId),
      )
      .execute();
    expect(refunds).toHaveLength(12);
    // Every refund's documents issued twice at once, as two instances' jobs would, before the outbox runs.
    await Promise.all([...refunds, ...refunds].map((refund) => issueRefundDocuments(server.ctx, refund.id)));
    await taxJobsDone(server);
    const credits = (await taxDocuments(server)).filter((document) => document.series === 'C');
    const serials = credits.map((credit) => Number(credit.serial)).sort((a, b) => a - b);
    expect(serials).toEqual(Array.from({ length: before + 12 }, (_, i) => i + 1));
    expect(new Set(credits.map((credit) => credit.source)).size).toBe(credits.length);
    for (const order of orders) {
      const documents = await documentsOf(order.orderId);
      const mine = documents.filter((document) => document.kind === 'credit-note');
      expect(mine).toHaveLength(3);
      // The three credits reverse the line exactly, whichever came first.
      const sum = (key: 'cgst_paise' | 'taxable_paise') => mine.reduce((s, d) => s + Number(d[key]), 0);
      expect([sum('taxable_paise'), sum('cgst_paise')]).toEqual([152_542, 13_729]);
      expect(net(documents)).toBe(await keptAtRazorpay(server, order.paymentId));
    }
  });

  it('a transfer fee paid gets its invoice; a transfer that fails gets the invoice and its credit note', async () => {
    const transferOf = async (
      owner: TestUser,
      ticket: { id: string; qrCode: string },
      scanFirst: boolean,
    ) => {
      const started = await server.request('POST', `/api/tickets/${ticket.id}/transfer`, {
        token: owner.token,
        body: { recipientEmail: `bina.${ticket.id}@example.com`, recipientName: 'Bina Rao' },
      });
      expect(started.status, started.text).toBe(200);
      if (scanFirst) {
        const used = await server.request('POST', '/api/tickets/mark-used', {
          token: checker.token,
          body: { qrCode: ticket.qrCode },
        });
        expect(used.status, used.text).toBe(200);
      }
      const checkout = await pay(server, started.body.orderId);
      await server.request('POST', '/api/tickets/transfer/verify-payment', {
        token: owner.token,
        body: checkout,
      });
      const row = await server.ctx.db
        .selectFrom('ticket_transfers')
        .selectAll()
        .where('razorpay_order_id', '=', started.body.orderId)
        .executeTakeFirstOrThrow();
      return { transferId: row.id, status: row.status, paymentId: checkout.razorpay_payment_id };
    };
    const owner = await newUser(server, { name: 'Kiran Shah' });
    const { tickets } = await buyGold(2, owner);
    const completed = await transferOf(owner, tickets[0]!, false);
    const failed = await transferOf(owner, tickets[1]!, true);
    expect([completed.status, failed.status]).toEqual(['completed', 'failed']);
    await taxJobsDone(server);
    const documents = await taxDocuments(server);
    const bySource = (source: string) => documents.find((document) => document.source === source);

    const fee = bySource(`transfer-fee:${completed.transferId}`)!;
    expect(fee).toMatchObject({ kind: 'tax-invoice', buyer_name: 'Kiran Shah', order_id: null });
    expect(figures(fee)).toEqual([4_238, 381, 381, 0, 5_000]);
    expect(fee.lines[0]).toMatchObject({ description: 'Ticket transfer fee', kind: 'fee' });
    expect(bySource(`transfer-fee-refund:${completed.transferId}`)).toBeUndefined();
    expect(5_000).toBe(await keptAtRazorpay(server, completed.paymentId));

    const failedFee = bySource(`transfer-fee:${failed.transferId}`)!;
    const credit = bySource(`transfer-fee-refund:${failed.transferId}`)!;
    expect(credit).toMatchObject({ kind: 'credit-note', refers_to: failedFee.id });
    expect(figures(credit)).toEqual(figures(failedFee));
    expect(net([failedFee, credit])).toBe(await keptAtRazorpay(server, failed.paymentId));
    expect(net([failedFee, credit])).toBe(0);

    // The sender's card of the failed transfer offers both, the invoice first, and the credit note opens by its number for the sender
    // and staff (JSON naming its original, and the PDF); for another guest there is no such document.
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: owner.token });
    const card = mine.body.tickets.find((ticket: { id: string }) => ticket.id === tickets[1]!.id);
    expect(card.documents).toEqual([
      { number: failedFee.number, kind: 'tax-invoice', of: 'transfer-fee' },
      { number: credit.number, kind: 'credit-note', of: 'transfer-fee-refund' },
    ]);
    const byNumber = (token: string, format = '&format=json') =>
      server.request('GET', `/api/tickets/documents?number=${encodeURIComponent(credit.number)}${format}`, {
        token,
      });
    const read = await byNumber(owner.token);
    expect(read.status, read.text).toBe(200);
    expect(read.body.document).toMatchObject({
      kind: 'credit-note',
      number: credit.number,
      refersTo: failedFee.number,
      buyer: { name: 'Kiran Shah' },
      total: 50,
    });
    expect((await byNumber(admin.token)).status).toBe(200);
    const stranger = await newUser(server);
    const refused = await byNumber(stranger.token);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('NOT_FOUND');
    const pdf = await fetch(
      `${server.url}/api/tickets/documents?number=${encodeURIComponent(credit.number)}`,
      { headers: { authorization: `Bearer ${owner.token}` } },
    );
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(`${credit.number.replaceAll('/', '-')}.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('the month’s export lists every credit note with the document it corrects, and the series without a gap', async () => {
    const documents = await taxDocuments(server);
    const credits = documents.filter((document) => document.kind === 'credit-note');
    // The month the documents were issued in (IST), read from the first credit note itself.
    const month = istDate(new Date(credits[0]!.issued_at)).slice(0, 7);
    const response = await server.request('GET', `/api/admin/gst/export?month=${month}`, {
      token: admin.token,
    });
    expect(response.status, response.text).toBe(200);
    const exported = response.body.export;
    const inMonth = credits.filter((credit) => istDate(new Date(credit.issued_at)).startsWith(month));
    expect(exported.creditNotes).toHaveLength(inMonth.length);
    const numberOf = new Map(documents.map((document) => [document.id, document.number]));
    for (const credit of inMonth) {
      expect(exported.creditNotes).toContainEqual({
        number: credit.number,
        date: istDate(new Date(credit.issued_at)),
        refersTo: numberOf.get(credit.refers_to!),
        buyerGstin: null,
        placeOfSupply: '27-Maharashtra',
        // Each of these credits one line, so one rate: the note is one row.
        ratePercent: credit.lines[0].rateBasisPoints / 100,
        taxableValue: Number(credit.taxable_paise) / 100,
        cgst: Number(credit.cgst_paise) / 100,
        sgst: Number(credit.sgst_paise) / 100,
        igst: Number(credit.igst_paise) / 100,
        total: Number(credit.total_paise) / 100,
      });
    }
    const series = exported.series.find((row: { series: string }) => row.series === 'C');
    expect(series).toMatchObject({ count: inMonth.length, missing: [] });
  });
});

describeEachDatabase('credit note of a late payment given back', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 299, groupPrice4: 249 });
    await saveTaxSettings(server, (await newUser(server, { role: 'admin' })).token);
    // The payment's webhook would fulfil the order before its hold runs out: the late payment is made by hand.
    await setWebhookMode(server, 'drop');
  });

  const documentsOf = async (orderId: string) =>
    (await taxDocuments(server)).filter((document) => document.order_id === orderId);

  it('a late payment given back whole: its sale is documented and a credit note reverses all of it', async () => {
    const { order, checkout, row } = await latePaymentWithSeatsGone(server, event);
    await reconcileOrders(server.ctx);
    expect((await orderRow(server, order.body.orderId)).status).toBe('refunded');
    await taxJobsDone(server);
    const documents = await documentsOf(row.id);
    expect(documents.map((document) => document.kind)).toEqual(['bill-of-supply', 'credit-note']);
    const [sale, credit] = documents;
    expect(sale!.source).toBe(`order:${row.id}`);
    expect(figures(sale!)).toEqual([29_900, 0, 0, 0, 29_900]);
    expect(credit).toMatchObject({ source: `late-refund:${row.id}`, refers_to: sale!.id });
    expect(figures(credit!)).toEqual(figures(sale!));
    expect(net(documents)).toBe(await keptAtRazorpay(server, checkout.razorpay_payment_id));
    expect(net(documents)).toBe(0);
  });

  it('a called-off night refunds an order in full: a credit note per ticket, no deduction, nothing kept', async () => {
    await setWebhookMode(server, 'normal');
    // The late payment's test left the night sold out.
    await leaveSeats(server, event.id, 5);
    const { order } = await buy(server, await newUser(server), event, 2);
    const row = await orderRow(server, order.orderId);
    const refunds = await transaction(server.ctx.db, (trx) => refundOrderInFull(trx, row.id, new Date()));
    expect(refunds).toHaveLength(2);
    await taxJobsDone(server);
    const documents = await documentsOf(row.id);
    expect(documents.map((document) => document.kind)).toEqual([
      'bill-of-supply',
      'credit-note',
      'credit-note',
    ]);
    // What goes back, from the refund rows themselves: everything paid.
    const back = await server.ctx.db
      .selectFrom('refunds')
      .select('refund_amount_paise')
      .where('order_id', '=', row.id)
      .execute();
    const kept =
      Number(row.amount_paise) - back.reduce((sum, refund) => sum + Number(refund.refund_amount_paise), 0);
    expect(net(documents)).toBe(kept);
    expect(kept).toBe(0);
  });
});
