import { attendeeExportResponseSchema } from '@utsav/domain/api/attendees';
import { beforeAll, expect, it } from 'vitest';
import { insertRows, ticketCount, ticketRow, userRow } from '../../support/admin-fixtures';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { createOrder, newEvent, PURCHASE_ENV, pay, type TestEvent, verify } from '../../support/purchase';
import { useServer } from '../../support/server';

// The attendee export: one row per ticket with who holds it, how to reach them, what was paid, whether they are
// in, and their checkout answers (one column per question, headed in the admin's language); CSV and JSON, streamed;
// staff who may export tickets only.

/** RFC 4180 records of a CSV text (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i++;
    } else cell += char;
  }
  return records;
}

describeEachDatabase('attendee export', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;
  let checker: TestUser;
  let guest: TestUser;
  let ids: Record<string, string>;
  let tickets: { id: string; ticketId: string }[];

  const exportAs = (who: TestUser, format: 'csv' | 'json', language = 'en') =>
    server.request('GET', `/api/admin/attendees/export?format=${format}`, {
      token: who.token,
      headers: { 'accept-language': language },
    });

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 5000 });
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
    checker = await newUser(server, { role: 'qrchecker' });
    guest = await newUser(server, { name: 'Hetal Desai' });
    const saved = await server.request('PUT', '/api/admin/checkout-questions', {
      token: admin.token,
      body: {
        questions: [
          { kind: 'phone', label: 'Mobile number', labelHi: 'मोबाइल नंबर', required: true, perTicket: true },
          { kind: 'age-18', label: 'I confirm I am 18 or older', required: true, perTicket: false },
          { kind: 'text', label: 'Group name', labelGu: 'જૂથનું નામ', required: false, perTicket: false },
        ],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    ids = Object.fromEntries(saved.body.questions.map((q: { kind: string; id: string }) => [q.kind, q.id]));
    const order = await createOrder(server, guest, event, 2, {
      ticketNames: ['Hetal Desai', 'Riya Desai'],
      answers: [
        { questionId: ids.phone, value: '98765 43210', ticketIndex: 0 },
        { questionId: ids.phone, value: '91234 56789', ticketIndex: 1 },
        { questionId: ids['age-18'], value: true },
        // Typed by a buyer, opened by the organiser in a spreadsheet: must never run as a formula there.
        { questionId: ids.text, value: '=HYPERLINK("http://x","Garba, club")' },
      ],
    });
    expect(order.status, order.text).toBe(200);
    const verified = await verify(server, guest, await pay(server, order.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    tickets = verified.body.tickets;
  });

  it('writes one CSV row per ticket: holder, buyer, contact, type, price, code, status, entry, answers', async () => {
    const response = await exportAs(manager, 'csv');
    expect(response.status, response.text).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="attendees.csv"');
    const [header, ...rows] = parseCsv(response.text.replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'Holder Name',
      'Buyer',
      'Email',
      'Phone',
      'Ticket Type',
      'Price Paid (INR)',
      'Ticket ID',
      'Status',
      'Entry Time (IST)',
      'Mobile number',
      'I confirm I am 18 or older',
      'Group name',
    ]);
    const second = rows.find((row) => row[6] === tickets[1]!.ticketId)!;
    expect(second.slice(0, 3)).toEqual(['Riya Desai', 'Hetal Desai', guest.email]);
    // A phone starts with '+', which a spreadsheet would read as a formula: it is written as text, like any other.
    expect(second.slice(3, 5)).toEqual(["'+91 91234 56789", 'Entry']);
    expect(second[5]).toBe(String(event.ticketPrice));
    expect(second.slice(7, 12)).toEqual([
      'active',
      '',
      "'+91 91234 56789",
      'Yes',
      `'=HYPERLINK("http://x","Garba, club")`,
    ]);
    const first = rows.find((row) => row[6] === tickets[0]!.ticketId)!;
    expect(first[3]).toBe("'+91 98765 43210");
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('heads the columns and says the words in the admin’s language', async () => {
    const response = await exportAs(admin, 'csv', 'hi');
    const [header, ...rows] = parseCsv(response.text.replace(/^\uFEFF/, ''));
    expect(header!.slice(0, 4)).toEqual(['धारक का नाम', 'ख़रीदार', 'ईमेल', 'फ़ोन']);
    // A label written in Hindi is used; one that was not falls back to English.
    expect(header!.slice(9)).toEqual(['मोबाइल नंबर', 'I confirm I am 18 or older', 'Group name']);
    const row = rows.find((r) => r[6] === tickets[0]!.ticketId)!;
    expect(row[7]).toBe('सक्रिय');
    expect(row[10]).toBe('हाँ');
  });

  it('the JSON export has the same rows, with each ticket’s answers', async () => {
    const response = await exportAs(admin, 'json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="attendees.json"');
    const parsed = attendeeExportResponseSchema.parse(JSON.parse(response.text));
    const row = parsed.attendees.find((attendee) => attendee.id === tickets[1]!.id)!;
    expect(row).toMatchObject({
      code: tickets[1]!.ticketId,
      holderName: 'Riya Desai',
      buyerName: 'Hetal Desai',
      email: guest.email,
      phone: '+91 91234 56789',
      ticketType: 'Entry',
      pricePaid: event.ticketPrice,
      status: 'active',
      entryTime: null,
    });
    expect(row.answers.map((answer) => [answer.questionId, answer.value])).toEqual([
      [ids.phone, '+91 91234 56789'],
      [ids['age-18'], 'Yes'],
      [ids.text, '=HYPERLINK("http://x","Garba, club")'],
    ]);
    expect(response.text).not.toContain('UT1.');
  });

  it('is refused to a guest and to gate staff, and to a bad format on its field', async () => {
    for (const who of [guest, checker]) {
      const refused = await exportAs(who, 'csv');
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    expect((await server.request('GET', '/api/admin/attendees/export?format=csv')).status).toBe(401);
    const bad = await server.request('GET', '/api/admin/attendees/export?format=xls', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual([{ field: 'format', message: 'Format must be csv or json' }]);
  });

  it('streams a few thousand tickets, each exactly once, with the entry time of those in', async () => {
    const owner = userRow({ name: 'Bulk Owner', phone: '+919812345678' });
    await insertRows(server.ctx.db, 'users', [owner]);
    // Several tickets share one timestamp: the (created_at, id) cursor must not skip or repeat them.
    const stamp = '2026-11-10T12:00:00.000Z';
    await insertRows(
      server.ctx.db,
      'tickets',
      Array.from({ length: 3000 }, (_, i) =>
        ticketRow(
          { eventId: event.id, userId: owner.id },
          {
            created_at: i % 3 === 0 ? stamp : new Date(Date.parse(stamp) + i).toISOString(),
            ...(i === 7 ? { status: 'used' as const, used_at: '2026-11-10T14:30:00.000Z' } : {}),
          },
        ),
      ),
    );
    const total = await ticketCount(server.ctx.db);
    const response = await fetch(`${server.url}/api/admin/attendees/export?format=csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(response.headers.get('transfer-encoding')).toBe('chunked');
    expect(response.headers.get('content-length')).toBe(null);
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, '')).slice(1);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row[6])).size).toBe(total);
    const bulk = rows.filter((row) => row[1] === 'Bulk Owner');
    expect(bulk).toHaveLength(3000);
    // The account's own phone where no answer gave one; the first admission in IST.
    expect(bulk[0]![3]).toBe("'+91 98123 45678");
    expect(bulk.filter((row) => row[7] === 'used').map((row) => row[8])).toEqual([
      '2026-11-10T20:00:00+05:30',
    ]);
  });
});
