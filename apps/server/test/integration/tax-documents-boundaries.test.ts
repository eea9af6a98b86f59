import { afterEach, beforeAll, expect, it } from 'vitest';
import { issueOrderDocument } from '../../src/modules/tax-documents/sale';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { pdfText } from '../../support/pdf-text';
import { newEvent, orderRow, PURCHASE_ENV, pay, verify } from '../../support/purchase';
import { useServer } from '../../support/server';
import { REGISTERED_SETTINGS, saveTaxSettings, taxDocuments, taxJobsDone } from '../../support/tax';

// The edges of the rules, end to end (create-order, Razorpay, verify, the job): ₹500.00 a person is exempt and
// ₹500.01 taxed, for a single and a couple pass; an organiser registered in another state than the event's
// charges IGST; the financial year turns at midnight IST on 1 April, read from the clock when the document is
// issued. Figures worked out by hand: 18% taken out of the price, halves round(price × 9/118).

// A GSTIN of Gujarat (24), its check character computed by hand from the same PAN as the Maharashtra one.
const GUJARAT_GSTIN = '24AAPFU0939F1Z1';

describeEachDatabase('tax documents at the edges', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  const realNow = () => new Date();
  let admin: TestUser;
  let buyer: TestUser;
  let eventId: string;

  beforeAll(async () => {
    eventId = (await newEvent(server, { totalTickets: 1000, ticketPrice: 299, groupPrice4: 249 })).id;
    admin = await newUser(server, { role: 'admin' });
    buyer = await newUser(server, { name: 'Asha Patel' });
    await saveTaxSettings(server, admin.token);
  });
  afterEach(() => {
    server.ctx.now = realNow;
  });

  async function newType(name: string, price: number, admits = 1): Promise<string> {
    const response = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: { name, price, admits },
    });
    expect(response.status, response.text).toBe(200);
    return response.body.ticketType.id;
  }

  /** Buys one ticket of a type; the order's id (ours). */
  async function buyOne(ticketTypeId: string, price: number): Promise<string> {
    const order = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: { eventId, amount: price, items: [{ ticketTypeId, quantity: 1 }] },
    });
    expect(order.status, order.text).toBe(200);
    expect((await verify(server, buyer, await pay(server, order.body.orderId))).status).toBe(200);
    return (await orderRow(server, order.body.orderId)).id;
  }

  async function documentOf(orderId: string) {
    await taxJobsDone(server);
    const documents = (await taxDocuments(server)).filter((document) => document.order_id === orderId);
    expect(documents).toHaveLength(1);
    return documents[0]!;
  }

  const figures = (document: Awaited<ReturnType<typeof documentOf>>) => [
    document.kind,
    Number(document.taxable_paise),
    Number(document.cgst_paise),
    Number(document.sgst_paise),
    Number(document.igst_paise),
    Number(document.total_paise),
  ];

  it('₹500.00 a person is a bill of supply; ₹500.01 a tax invoice with halves of round(50001 × 9/118) = 3814', async () => {
    const exactly = await buyOne(await newType('Five hundred', 500), 500);
    expect(figures(await documentOf(exactly))).toEqual(['bill-of-supply', 50_000, 0, 0, 0, 50_000]);
    const above = await buyOne(await newType('Five hundred and a paisa', 500.01), 500.01);
    expect(figures(await documentOf(above))).toEqual(['tax-invoice', 42_373, 3_814, 3_814, 0, 50_001]);
  });

  it('a couple pass: ₹1,000 for two is exempt; ₹1,000.02 for two is taxed, halves round(100002 × 9/118) = 7627', async () => {
    const exactly = await buyOne(await newType('Couple', 1000, 2), 1000);
    expect(figures(await documentOf(exactly))).toEqual(['bill-of-supply', 100_000, 0, 0, 0, 100_000]);
    const above = await buyOne(await newType('Couple plus', 1000.02, 2), 1000.02);
    expect(figures(await documentOf(above))).toEqual(['tax-invoice', 84_748, 7_627, 7_627, 0, 100_002]);
  });

  it('an organiser registered in Gujarat, the event in Maharashtra: IGST round(59000 × 18/118) = 9000', async () => {
    const type = await newType('Gold', 590);
    await saveTaxSettings(server, admin.token, {
      ...REGISTERED_SETTINGS,
      gstin: GUJARAT_GSTIN,
      placeOfSupplyStateCode: '27',
    });
    try {
      const document = await documentOf(await buyOne(type, 590));
      expect(figures(document)).toEqual(['tax-invoice', 50_000, 0, 0, 9_000, 59_000]);
      expect(document).toMatchObject({
        place_of_supply: '27',
        supplier: { gstin: GUJARAT_GSTIN, stateCode: '24' },
      });
      expect(document.lines[0]).toMatchObject({ igstPaise: 9_000, cgstPaise: 0, rateBasisPoints: 1800 });
      const view = await server.request(
        'GET',
        `/api/tickets/orders/${await razorpayIdOf(document.order_id!)}/document?format=json`,
        {
          token: buyer.token,
        },
      );
      expect(view.status, view.text).toBe(200);
      expect(view.body.document).toMatchObject({
        placeOfSupply: '27-Maharashtra',
        igst: 90,
        cgst: 0,
        sgst: 0,
        total: 590,
      });
      // The PDF an accountant files says the same: the Gujarat GSTIN, Maharashtra as the place, ₹90.00 of IGST.
      const pdf = await fetch(
        `${server.url}/api/tickets/orders/${await razorpayIdOf(document.order_id!)}/document`,
        {
          headers: { authorization: `Bearer ${buyer.token}` },
        },
      );
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const text = pdfText(new Uint8Array(await pdf.arrayBuffer()));
      for (const expected of [
        'TAX INVOICE',
        `GSTIN ${GUJARAT_GSTIN}`,
        '27-Maharashtra',
        '9996',
        'IGST',
        '90.00',
        '590.00',
      ])
        expect(text).toContain(expected);
    } finally {
      await saveTaxSettings(server, admin.token);
    }
  });

  it('rounding over many lines: each line’s halves are round(line × 9/118), and the document is what was paid', async () => {
    // Prices chosen so that no line's tax comes out whole; one line exempt (₹333.33 a person).
    const lines = [
      { name: 'Odd A', price: 501.37, quantity: 1 },
      { name: 'Odd B', price: 777.77, quantity: 1 },
      { name: 'Odd C', price: 999.99, quantity: 2 },
      { name: 'Odd D', price: 1234.56, quantity: 1 },
      { name: 'Odd E', price: 650.05, quantity: 1 },
      { name: 'Odd F', price: 333.33, quantity: 1 },
      { name: 'Odd G', price: 1499.54, quantity: 1 },
    ];
    const items = [];
    for (const line of lines)
      items.push({ ticketTypeId: await newType(line.name, line.price), quantity: line.quantity });
    const paise = (rupees: number) => Math.round(rupees * 100);
    const amountPaise = lines.reduce((sum, line) => sum + line.quantity * paise(line.price), 0);
    const shopper = await newUser(server, { name: 'Meera Iyer' });
    const order = await server.request('POST', '/api/tickets/create-order', {
      token: shopper.token,
      body: { eventId, amount: amountPaise / 100, items },
    });
    expect(order.status, order.text).toBe(200);
    expect((await verify(server, shopper, await pay(server, order.body.orderId))).status).toBe(200);
    const document = await documentOf((await orderRow(server, order.body.orderId)).id);
    // Worked out here, not by the domain: 18% inside the price, a half of it per tax, rounded per line.
    const expected = lines.map((line) => {
      const total = line.quantity * paise(line.price);
      const half = paise(line.price) <= 50_000 ? 0 : Math.round((total * 9) / 118);
      return [line.quantity, total - 2 * half, half, half, 0, total];
    });
    expect(
      document.lines.map((line: Record<string, number>) => [
        line.quantity,
        line.taxablePaise,
        line.cgstPaise,
        line.sgstPaise,
        line.igstPaise,
        line.totalPaise,
      ]),
    ).toEqual(expected);
    const sum = (index: number) => expected.reduce((total, line) => total + line[index]!, 0);
    expect(figures(document)).toEqual(['tax-invoice', sum(1), sum(2), sum(3), 0, amountPaise]);
    // The tax of the whole (round(sum × 9/118) a half) is not what the lines add up to: rounding is per line.
    expect(sum(2)).not.toBe(Math.round(((amountPaise - paise(333.33)) * 9) / 118));
  });

  async function razorpayIdOf(orderId: string): Promise<string> {
    const row = await server.ctx.db
      .selectFrom('orders')
      .select('razorpay_order_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    return row.razorpay_order_id!;
  }

  // Last: it moves the app's clock to March and April 2027.
  it('31 March 23:59 IST is the old financial year, 1 April 00:00 IST a new series from 1', async () => {
    const type = await newType('Year end', 600);
    const march = await buyOne(type, 600);
    const april = await buyOne(type, 600);
    const lastBefore = (await taxDocuments(server)).filter(
      (document) => document.series === 'I' && Number(document.financial_year) === 2026,
    ).length;
    // The job runs when the clock says: the document is dated, and numbered, by the instant it is issued.
    server.ctx.now = () => new Date('2027-03-31T18:29:59Z');
    const first = await issueOrderDocument(server.ctx, march);
    server.ctx.now = () => new Date('2027-03-31T18:30:00Z');
    const second = await issueOrderDocument(server.ctx, april);
    expect(first).toMatchObject({ number: `UTSAV/I26/${lastBefore + 1}`, financial_year: 2026 });
    expect(second).toMatchObject({ number: 'UTSAV/I27/1', financial_year: 2027 });
    // The queued jobs find both made.
    await taxJobsDone(server);
    expect((await documentOf(march)).number).toBe(first!.number);
    expect((await documentOf(april)).number).toBe('UTSAV/I27/1');
  });

  it('analytics splits each type’s revenue into gross, GST and net under the current settings', async () => {
    const response = await server.request('GET', '/api/admin/analytics/sales-breakdown', {
      token: admin.token,
    });
    expect(response.status, response.text).toBe(200);
    const byName = new Map(
      response.body.data.types.map((type: { name: string }) => [type.name, type] as const),
    );
    // One ticket of each, two of "Year end"; Maharashtra's settings again (the Gujarat one was restored).
    const expected: Record<string, [number, number]> = {
      'Five hundred': [500, 0],
      'Five hundred and a paisa': [500.01, 76.28],
      Couple: [1000, 0],
      'Couple plus': [1000.02, 152.54],
      // round(59000 × 9/118) = 4500 a half.
      Gold: [590, 90],
      // 2 × round(120000 × 9/118) = 2 × 9153.
      'Year end': [1200, 183.06],
    };
    for (const [name, [gross, tax]] of Object.entries(expected)) {
      expect(byName.get(name), name).toMatchObject({
        gross,
        tax,
        net: Math.round((gross - tax) * 100) / 100,
      });
    }
    const totals = response.body.data.totals;
    expect(Math.round(totals.gross * 100)).toBe(Math.round(totals.revenue * 100));
    expect(Math.round((totals.gross - totals.tax - totals.net) * 100)).toBe(0);
  });
});
