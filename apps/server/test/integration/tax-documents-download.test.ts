import { execFileSync } from 'node:child_process';
import { beforeAll, expect, it } from 'vitest';
import { issueManual } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { pdfText } from '../../support/pdf-text';
import { newEvent, PURCHASE_ENV, pay, type TestEvent, verify } from '../../support/purchase';
import { useServer } from '../../support/server';
import { saveTaxSettings, taxJobsDone } from '../../support/tax';

// GET /tickets/orders/{orderId}/document: the order's buyer or staff get its document, as JSON in rupees and as
// a PDF whose text carries the supplier's GSTIN, the SAC code, each tax and the total; anyone else is told there
// is no such order. The document is made on demand when its job has not run yet, and only once.
// GET /tickets/documents?number=…: documents without an order (a transfer's fee, tickets staff issued with payment
// received) for whoever they were issued to, and staff.

const OCTOBER = new Date('2026-10-10T06:30:00Z');
const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describeEachDatabase('downloading an order’s tax document', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV, now: () => OCTOBER });
  let event: TestEvent;
  let admin: TestUser;
  let buyer: TestUser;
  let orderId: string;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 100, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
    buyer = await newUser(server, { name: 'Asha Patel' });
    await saveTaxSettings(server, admin.token);
    const type = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: { name: 'Gold pass', price: 1180 },
    });
    const order = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: {
        eventId: event.id,
        amount: 2 * 1180,
        items: [{ ticketTypeId: type.body.ticketType.id, quantity: 2 }],
        buyerGstin: '29AAGCB7383J1Z4',
        buyerLegalName: 'Bengaluru Dance Company Pvt Ltd',
        buyerAddress: '1 MG Road, Bengaluru 560001',
      },
    });
    expect(order.status, order.text).toBe(200);
    orderId = order.body.orderId;
    expect((await verify(server, buyer, await pay(server, orderId))).status).toBe(200);
  });

  const documentOf = (token: string, format = '') =>
    server.request('GET', `/api/tickets/orders/${orderId}/document${format}`, { token });

  it('the buyer gets it as JSON in rupees, made on demand before its job ran, and the job then makes no other', async () => {
    const response = await documentOf(buyer.token, '?format=json');
    expect(response.status, response.text).toBe(200);
    expect(response.body.document).toEqual({
      kind: 'tax-invoice',
      number: 'UTSAV/I26/1',
      date: '2026-10-10',
      placeOfSupply: '27-Maharashtra',
      refersTo: null,
      supplier: {
        gstin: '27AAPFU0939F1ZV',
        legalName: 'Navratri Nights Events LLP',
        address: '12 Marine Drive, Mumbai 400020',
      },
      buyer: {
        name: 'Asha Patel',
        gstin: '29AAGCB7383J1Z4',
        legalName: 'Bengaluru Dance Company Pvt Ltd',
        address: '1 MG Road, Bengaluru 560001',
      },
      lines: [
        {
          description: 'Admission to a cultural event: Gold pass',
          sacCode: '9996',
          quantity: 2,
          unitPrice: 1180,
          taxableValue: 2000,
          cgst: 180,
          sgst: 180,
          igst: 0,
          total: 2360,
        },
      ],
      taxableValue: 2000,
      cgst: 180,
      sgst: 180,
      igst: 0,
      total: 2360,
    });
    await taxJobsDone(server);
    const rows = await server.ctx.db.selectFrom('tax_documents').select('number').execute();
    expect(rows.map((row) => row.number)).toEqual(['UTSAV/I26/1']);
  });

  it('staff may read it; another guest is told there is no such order', async () => {
    const manager = await newUser(server, { role: 'manager' });
    const stranger = await newUser(server);
    expect((await documentOf(manager.token, '?format=json')).status).toBe(200);
    const refused = await documentOf(stranger.token, '?format=json');
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('ORDER_NOT_FOUND');
  });

  it.skipIf(!hasPdftotext)(
    'the PDF names the supplier’s GSTIN, the SAC code, each tax and the total',
    async () => {
      const response = await fetch(`${server.url}/api/tickets/orders/${orderId}/document`, {
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain('UTSAV-I26-1.pdf');
      const text = pdfText(new Uint8Array(await response.arrayBuffer()));
      for (const expected of [
        'TAX INVOICE',
        'UTSAV/I26/1',
        'GSTIN 27AAPFU0939F1ZV',
        'GSTIN 29AAGCB7383J1Z4',
        '27-Maharashtra',
        '9996',
        'CGST',
        'SGST',
        '180.00',
        '2000.00',
        '2360.00',
      ]) {
        expect(text).toContain(expected);
      }
    },
  );

  it.skipIf(!hasPdftotext)(
    'the PDF carries the buyer’s language beside the English labels, whoever downloads it',
    async () => {
      const chosen = await server.request('PUT', '/api/auth/language', {
        token: buyer.token,
        body: { language: 'gu' },
      });
      expect(chosen.status, chosen.text).toBe(200);
      try {
        for (const token of [buyer.token, admin.token]) {
          const response = await fetch(`${server.url}/api/tickets/orders/${orderId}/document`, {
            headers: { authorization: `Bearer ${token}` },
          });
          expect(response.status).toBe(200);
          const text = pdfText(new Uint8Array(await response.arrayBuffer()));
          for (const expected of [
            'TAX INVOICE / ટેક્સ ઇન્વૉઇસ',
            'Supplier / પુરવઠો આપનાર',
            'Bill to / ખરીદનાર',
            'GSTIN 27AAPFU0939F1ZV',
            '9996',
            '2360.00',
          ]) {
            expect(text).toContain(expected);
          }
        }
      } finally {
        await server.request('PUT', '/api/auth/language', { token: buyer.token, body: { language: 'en' } });
      }
    },
  );

  const numberOf = async (source: string) =>
    (
      await server.ctx.db
        .selectFrom('tax_documents')
        .select('number')
        .where('source', '=', source)
        .executeTakeFirstOrThrow()
    ).number;
  const byNumber = (token: string, number: string, format = '&format=json') =>
    server.request('GET', `/api/tickets/documents?number=${encodeURIComponent(number)}${format}`, { token });

  it('a transfer fee’s invoice, which has no order, is read by number by the sender who paid it and by staff', async () => {
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: buyer.token });
    const ticket = mine.body.tickets.find((candidate: { status: string }) => candidate.status === 'active');
    const recipient = await newUser(server, { name: 'Bina Rao' });
    const started = await server.request('POST', `/api/tickets/${ticket.id}/transfer`, {
      token: buyer.token,
      body: { recipientEmail: recipient.email, recipientName: 'Bina Rao' },
    });
    expect(started.status, started.text).toBe(200);
    const paid = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: buyer.token,
      body: await pay(server, started.body.orderId),
    });
    expect(paid.status, paid.text).toBe(200);
    await taxJobsDone(server);
    const transfer = await server.ctx.db
      .selectFrom('ticket_transfers')
      .select('id')
      .where('razorpay_order_id', '=', started.body.orderId)
      .executeTakeFirstOrThrow();
    const number = await numberOf(`transfer-fee:${transfer.id}`);
    // The sender's My Tickets offers it on the ticket they sent; the recipient's new ticket offers nothing.
    const sent = (
      await server.request('GET', '/api/tickets/my-tickets', { token: buyer.token })
    ).body.tickets.find((candidate: { id: string }) => candidate.id === ticket.id);
    expect(sent.documents).toEqual([{ number, kind: 'tax-invoice', of: 'transfer-fee' }]);
    const received = await server.request('GET', '/api/tickets/my-tickets', { token: recipient.token });
    expect(
      received.body.tickets.flatMap((candidate: { documents: unknown[] }) => candidate.documents),
    ).toEqual([]);

    const read = await byNumber(buyer.token, number);
    expect(read.status, read.text).toBe(200);
    expect(read.body.document).toMatchObject({ kind: 'tax-invoice', number, buyer: { name: 'Asha Patel' } });
    expect(read.body.document.lines[0]).toMatchObject({ description: 'Ticket transfer fee' });
    expect((await byNumber(admin.token, number)).status).toBe(200);
    // The recipient paid nothing: for them, as for anyone else, there is no such document.
    const refused = await byNumber(recipient.token, number);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('NOT_FOUND');
    const pdf = await fetch(`${server.url}/api/tickets/documents?number=${encodeURIComponent(number)}`, {
      headers: { authorization: `Bearer ${buyer.token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(`${number.replaceAll('/', '-')}.pdf`);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('tickets staff issued with payment received: their owner and staff read the document by number', async () => {
    const owner = await newUser(server, { name: 'Dev Shah' });
    await issueManual(server, admin.token, {
      userName: 'Dev Shah',
      userEmail: owner.email,
      quantity: 2,
      paymentDone: true,
    });
    await taxJobsDone(server);
    const issued = await server.ctx.db
      .selectFrom('tax_documents')
      .select(['number', 'kind'])
      .where('source', 'like', 'issuance:%')
      .executeTakeFirstOrThrow();
    // Both tickets of the issuance carry the one document, on the owner's My Tickets and on the staff's list.
    const shown = [{ number: issued.number, kind: issued.kind, of: 'issuance' }];
    const own = await server.request('GET', '/api/tickets/my-tickets', { token: owner.token });
    expect(own.body.tickets.map((ticket: { documents: unknown }) => ticket.documents)).toEqual([
      shown,
      shown,
    ]);
    const listed = await server.request(
      'GET',
      `/api/admin/tickets/management?search=${encodeURIComponent(owner.email)}`,
      {
        token: admin.token,
      },
    );
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.tickets.map((ticket: { documents: unknown }) => ticket.documents)).toEqual([
      shown,
      shown,
    ]);
    // Issued unpaid, tickets have no document to offer.
    await issueManual(server, admin.token, { userName: 'Dev Shah', userEmail: owner.email, quantity: 1 });
    await taxJobsDone(server);
    const again = await server.request('GET', '/api/tickets/my-tickets', { token: owner.token });
    expect(
      again.body.tickets.map((ticket: { documents: unknown[] }) => ticket.documents.length).sort(),
    ).toEqual([0, 1, 1]);
    const read = await byNumber(owner.token, issued.number);
    expect(read.status, read.text).toBe(200);
    expect(read.body.document).toMatchObject({ number: issued.number, buyer: { name: 'Dev Shah' } });
    expect((await byNumber(admin.token, issued.number)).status).toBe(200);
    expect((await byNumber(buyer.token, issued.number)).status).toBe(404);
    expect((await byNumber(owner.token, 'UTSAV/I26/999')).status).toBe(404);
  });
});
