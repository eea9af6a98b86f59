import { unzipSync } from 'fflate';
import { beforeAll, expect, it } from 'vitest';
import { issueManual } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  createOrder,
  emulatorState,
  newEvent,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { useServer } from '../../support/server';
import { saveTaxSettings, taxDocuments, taxJobsDone } from '../../support/tax';

// Every paid sale gets one document after its payment is verified, made by the job its payment's transaction
// queued: a tax invoice when a line is taxed, a bill of supply when none is; the buyer's GSTIN on it when given at
// checkout; its total what Razorpay captured, to the paisa. Expected figures are worked out here by hand: prices
// include 18% tax, so the tax of a taxed line is total × 18/118, half CGST and half SGST (Maharashtra to
// Maharashtra); admission at ₹500 or less per person is exempt.

// 10 October 2026, noon IST: financial year 2026-27.
const OCTOBER = new Date('2026-10-10T06:30:00Z');

describeEachDatabase('tax documents of sales', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV, now: () => OCTOBER });
  let event: TestEvent;
  let admin: TestUser;
  let buyer: TestUser;
  let gold: string;
  let couple: string;
  let female: string;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
    buyer = await newUser(server, { name: 'Asha Patel' });
    await saveTaxSettings(server, admin.token);
    const newType = async (body: Record<string, unknown>) => {
      const response = await server.request('POST', '/api/admin/ticket-types', { token: admin.token, body });
      expect(response.status, response.text).toBe(200);
      return response.body.ticketType.id as string;
    };
    gold = await newType({ name: 'Gold pass', price: 1180 });
    couple = await newType({ name: 'Couple pass', price: 900, admits: 2 });
    female = await newType({ name: 'Female pass', price: 590 });
    const code = await server.request('POST', '/api/admin/promo-codes', {
      token: admin.token,
      body: { code: 'GIRLS-10', kind: 'percent', value: 10, ticketTypeIds: [female] },
    });
    expect(code.status, code.text).toBe(200);
  });

  async function buyItems(body: Record<string, unknown>) {
    const order = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: { eventId: event.id, ...body },
    });
    expect(order.status, order.text).toBe(200);
    const verified = await verify(server, buyer, await pay(server, order.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    await taxJobsDone(server);
    const row = await server.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('razorpay_order_id', '=', order.body.orderId)
      .executeTakeFirstOrThrow();
    return { razorpayOrderId: order.body.orderId as string, orderId: row.id };
  }

  const documentsOf = async (orderId: string) =>
    (await taxDocuments(server)).filter((document) => document.order_id === orderId);

  it('a taxed pass, an exempt couple pass and two discounted taxed passes: one tax invoice, exact to the paisa', async () => {
    const { razorpayOrderId, orderId } = await buyItems({
      amount: 1180 + 900 + 2 * 531,
      items: [
        { ticketTypeId: gold, quantity: 1 },
        { ticketTypeId: couple, quantity: 1 },
        { ticketTypeId: female, quantity: 2 },
      ],
      promoCode: 'GIRLS-10',
      buyerGstin: '29AAGCB7383J1Z4',
      buyerLegalName: 'Bengaluru Dance Company Pvt Ltd',
      buyerAddress: '1 MG Road, Bengaluru 560001',
    });
    const [document, ...others] = await documentsOf(orderId);
    expect(others).toEqual([]);
    expect(document).toMatchObject({
      kind: 'tax-invoice',
      number: 'UTSAV/I26/1',
      series: 'I',
      place_of_supply: '27',
      buyer_name: 'Asha Patel',
      buyer_gstin: '29AAGCB7383J1Z4',
      buyer_legal_name: 'Bengaluru Dance Company Pvt Ltd',
      buyer_address: '1 MG Road, Bengaluru 560001',
      supplier: { gstin: '27AAPFU0939F1ZV', legalName: 'Navratri Nights Events LLP', stateCode: '27' },
    });
    // ₹1,180 → ₹1,000 + ₹90 + ₹90; ₹900 for two people is ₹450 each: exempt; 2 × ₹531 → ₹900 + ₹81 + ₹81.
    expect(
      document!.lines.map((line: Record<string, unknown>) => [
        line.description,
        line.sacCode,
        line.quantity,
        line.taxablePaise,
        line.cgstPaise,
        line.sgstPaise,
        line.igstPaise,
        line.totalPaise,
      ]),
    ).toEqual([
      ['Admission to a cultural event: Gold pass', '9996', 1, 100_000, 9_000, 9_000, 0, 118_000],
      ['Admission to a cultural event: Couple pass', '9996', 1, 90_000, 0, 0, 0, 90_000],
      ['Admission to a cultural event: Female pass', '9996', 2, 90_000, 8_100, 8_100, 0, 106_200],
    ]);
    expect([
      Number(document!.taxable_paise),
      Number(document!.cgst_paise),
      Number(document!.sgst_paise),
      Number(document!.igst_paise),
      Number(document!.total_paise),
    ]).toEqual([280_000, 17_100, 17_100, 0, 314_200]);
    const captured = (await emulatorState(server)).payments.find(
      (payment: { order_id: string }) => payment.order_id === razorpayOrderId,
    );
    expect(captured).toMatchObject({ status: 'captured', amount: Number(document!.total_paise) });
  });

  it('an order of exempt tickets gets a bill of supply in its own series; draining again makes nothing more', async () => {
    const order = await createOrder(server, buyer, event, 2);
    expect(order.status, order.text).toBe(200);
    expect((await verify(server, buyer, await pay(server, order.body.orderId))).status).toBe(200);
    await taxJobsDone(server);
    await taxJobsDone(server);
    const documents = await taxDocuments(server);
    expect(documents.map((document) => document.number).sort()).toEqual(['UTSAV/B26/1', 'UTSAV/I26/1']);
    const bill = documents.find((document) => document.series === 'B')!;
    expect(bill).toMatchObject({ kind: 'bill-of-supply', buyer_gstin: null });
    expect(Number(bill.total_paise)).toBe(59_800);
    expect(Number(bill.cgst_paise) + Number(bill.sgst_paise)).toBe(0);
  });

  it('a buyer GSTIN that does not check out, or one without its legal name and address, is refused per field', async () => {
    const bad = await createOrder(server, buyer, event, 1, { buyerGstin: '29AAGCB7383J1Z5' });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([
      { field: 'buyerGstin', message: 'This GSTIN does not check out: please look for a mistyped character' },
    ]);
    const bare = await createOrder(server, buyer, event, 1, { buyerGstin: '29AAGCB7383J1Z4' });
    expect(bare.status).toBe(400);
    expect(bare.body.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      'buyerAddress',
      'buyerLegalName',
    ]);
  });

  it('staff issuance with payment received gets a document; without payment, none', async () => {
    const before = (await taxDocuments(server)).length;
    await issueManual(server, admin.token, {
      userName: 'Dev Shah',
      userEmail: 'dev.shah@example.com',
      quantity: 2,
      paymentDone: false,
    });
    await taxJobsDone(server);
    expect(await taxDocuments(server)).toHaveLength(before);
    await issueManual(server, admin.token, {
      userName: 'Dev Shah',
      userEmail: 'dev.shah@example.com',
      quantity: 3,
      paymentDone: true,
    });
    await taxJobsDone(server);
    const documents = await taxDocuments(server);
    expect(documents).toHaveLength(before + 1);
    const staff = documents.find((document) => document.number === 'UTSAV/B26/2');
    expect(staff).toMatchObject({
      kind: 'bill-of-supply',
      number: 'UTSAV/B26/2',
      order_id: null,
      buyer_name: 'Dev Shah',
    });
    expect(Number(staff!.total_paise)).toBe(89_700);
  });

  it('the month’s export: B2B by buyer GSTIN and rate, exempt supplies, and each series without a gap', async () => {
    const guest = await newUser(server);
    expect(
      (await server.request('GET', '/api/admin/gst/export?month=2026-10', { token: guest.token })).status,
    ).toBe(403);
    expect(
      (await server.request('GET', '/api/admin/gst/export?month=2026-13', { token: admin.token })).status,
    ).toBe(400);
    const response = await server.request('GET', '/api/admin/gst/export?month=2026-10', {
      token: admin.token,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.export).toEqual({
      month: '2026-10',
      // The gold pass and the two female passes, at 18%; the couple pass is exempt.
      b2b: [
        {
          number: 'UTSAV/I26/1',
          date: '2026-10-10',
          buyerGstin: '29AAGCB7383J1Z4',
          buyerLegalName: 'Bengaluru Dance Company Pvt Ltd',
          placeOfSupply: '27-Maharashtra',
          ratePercent: 18,
          taxableValue: 1900,
          cgst: 171,
          sgst: 171,
          igst: 0,
          total: 2242,
        },
      ],
      b2c: [],
      // ₹598 online and ₹897 at the desk, both ₹299 a person.
      exempt: { b2b: 900, b2c: 1495 },
      creditNotes: [],
      series: expect.arrayContaining([
        {
          series: 'B',
          financialYear: 2026,
          first: 'UTSAV/B26/1',
          last: 'UTSAV/B26/2',
          count: 2,
          cancelled: 0,
          missing: [],
        },
        {
          series: 'I',
          financialYear: 2026,
          first: 'UTSAV/I26/1',
          last: 'UTSAV/I26/1',
          count: 1,
          cancelled: 0,
          missing: [],
        },
      ]),
    });
    const csv = await server.request('GET', '/api/admin/gst/export?month=2026-10&format=csv', {
      token: admin.token,
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.text).toContain('UTSAV/I26/1,2026-10-10,29AAGCB7383J1Z4');
    expect(csv.text).toContain('Series,Financial year,First,Last,Count,Cancelled,Missing');
    expect(csv.text).toContain('I,2026,UTSAV/I26/1,UTSAV/I26/1,1,0,');
    const september = await server.request('GET', '/api/admin/gst/export?month=2026-09', {
      token: admin.token,
    });
    expect(september.body.export.series).toEqual([]);
  });

  it('the month’s documents as PDFs in one zip, each named by its number, for staff', async () => {
    const response = await fetch(`${server.url}/api/admin/gst/export?month=2026-10&format=zip`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const numbers = (await taxDocuments(server)).map((document) => document.number);
    expect(Object.keys(files).sort()).toEqual(
      numbers.map((number) => `${number.replaceAll('/', '-')}.pdf`).sort(),
    );
    for (const bytes of Object.values(files))
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    const guest = await server.request('GET', '/api/admin/gst/export?month=2026-10&format=zip', {
      token: buyer.token,
    });
    expect(guest.status).toBe(403);
  });
});
