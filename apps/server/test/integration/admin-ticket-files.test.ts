import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  insertRows,
  issueManual,
  paidTicketsOf,
  ticketCount,
  ticketRow,
  userRow,
} from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

describeEachDatabase('admin ticket exports and PDFs', (engine) => {
  const server = useServer(engine, { env: { HOLD_SWEEP_SECONDS: '86400' } });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 5000 });
    admin = await newUser(server, { role: 'admin', name: 'Anita Admin' });
    manager = await newUser(server, { role: 'manager', name: 'Manoj Manager' });
  });

  const paidTickets = (quantity: number, name?: string) => paidTicketsOf(server, event, quantity, name);
  const issue = (body: Record<string, unknown>, token = admin.token) => issueManual(server, token, body);

  describe('export', () => {
    it('a CSV export escapes a formula in a name and quotes it as RFC 4180 asks', async () => {
      await paidTickets(1, '=HYPERLINK("http://x","y")');
      const response = await server.request('GET', '/api/admin/tickets/export?format=csv', {
        token: manager.token,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="tickets.csv"');
      const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
      expect(lines[0]).toBe(
        'Ticket ID,Ticket UUID,Holder Name,User Name,User Email,Event,Price (INR),Status,Payment,Issued By Admin,Issued By,Notes,Razorpay Order ID,Created At (IST),Used At (IST),Scanned By,Cancelled At (IST),Cancellation Reason,Ticket Type,Admits,Price Phase,Promo Code,Discount (INR)',
      );
      const line = lines.find((l) => l.includes('HYPERLINK'));
      expect(line).toContain(`,"'=HYPERLINK(""http://x"",""y"")",`);
      expect(lines.some((l) => /(^|,)=/.test(l))).toBe(false);
      expect(response.text).not.toContain('UT1.');
    });

    it('a JSON export is one object with every ticket and no QR tokens', async () => {
      const response = await server.request('GET', '/api/admin/tickets/export?format=json', {
        token: admin.token,
      });
      expect(response.headers.get('content-disposition')).toBe('attachment; filename="tickets.json"');
      expect(response.body.success).toBe(true);
      const total = await server.ctx.db
        .selectFrom('tickets')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(response.body.tickets).toHaveLength(Number(total.count));
      expect(response.body.tickets[0]).toEqual(
        expect.objectContaining({
          ticketId: expect.any(String),
          user: expect.any(Object),
          status: expect.any(String),
        }),
      );
      expect(response.text).not.toContain('qrCode');
    });

    it('streams a few thousand tickets across keyset pages, each exactly once', async () => {
      const owner = userRow({ name: 'Bulk Owner' });
      await insertRows(server.ctx.db, 'users', [owner]);
      // Several tickets share one timestamp: the (created_at, id) cursor must not skip or repeat them.
      const stamp = '2026-11-10T12:00:00.000Z';
      await insertRows(
        server.ctx.db,
        'tickets',
        Array.from({ length: 3000 }, (_, i) =>
          ticketRow(
            { eventId: event.id, userId: owner.id },
            { created_at: i % 3 === 0 ? stamp : new Date(Date.parse(stamp) + i).toISOString() },
          ),
        ),
      );
      const total = await ticketCount(server.ctx.db);
      const response = await fetch(`${server.url}/api/admin/tickets/export?format=csv`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      expect(response.headers.get('content-length')).toBe(null);
      const text = await response.text();
      // The tickets, then a blank row and the totals under them.
      const lines = text.split('\r\n');
      const rows = lines.slice(1, lines.indexOf(''));
      expect(rows).toHaveLength(total);
      expect(lines[lines.indexOf('') + 1]).toBe('Totals');
      expect(new Set(rows.map((row) => row.split(',')[1])).size).toBe(total);
    });
  });

  describe('PDFs', () => {
    it('generate-pdf answers one PDF with a page per ticket', async () => {
      const issued = await issue({
        userName: 'Pdf Family',
        userEmail: `pdf.${randomBytes(3).toString('hex')}@x.test`,
        quantity: 2,
      });
      const response = await fetch(`${server.url}/api/tickets/admin/generate-pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ticketIds: issued.tickets.map((t: { id: string }) => t.id) }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    });

    it('generate-separate-pdfs answers a zip of one PDF per ticket, named after the recipient and the IST date', async () => {
      const issued = await issue({
        userName: 'Asha Patel',
        userEmail: `zip.${randomBytes(3).toString('hex')}@x.test`,
        quantity: 3,
        ticketNames: ['Riya', '', 'Dev'],
      });
      const response = await fetch(`${server.url}/api/tickets/admin/generate-separate-pdfs`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ ticketIds: issued.tickets.map((t: { id: string }) => t.id) }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="Utsav-Tickets-Asha-Patel-\d{4}-\d{2}-\d{2}\.zip"$/,
      );
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
      const names = Object.keys(files);
      expect(names).toHaveLength(3);
      expect(names.some((n) => n.endsWith('-Riya.pdf'))).toBe(true);
      expect(names.some((n) => n.endsWith('-Asha-Patel.pdf'))).toBe(true);
    });
  });
});
