import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, type TestUser, uniqueEmail } from '../../support/factories';
import { buy, newEvent, PURCHASE_ENV, pay, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// The server's own sentences in the reader's language (Accept-Language): success messages, limits filled in
// from the schema's refusal, and the refusals whose numbers need plural forms. English stays as the product words
// it; codes never change.
describeEachDatabase('server replies in the reader language', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  const realNow = () => new Date();
  let event: TestEvent;
  let admin: TestUser;
  let guest: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { startTime: '19:00' }); // 2099-10-01 19:00 IST = 13:30Z
    admin = await newUser(server, { role: 'admin' });
    guest = await newUser(server, { name: 'Priya Shah' });
  });
  afterEach(() => {
    server.ctx.now = realNow;
  });

  const ticketIds = async (quantity: number) =>
    (await buy(server, guest, event, quantity)).tickets.map((ticket: { id: string }) => ticket.id);

  it('a too-long event name or venue names its own limit in Hindi, Gujarati and English', async () => {
    const save = (language: string | null) =>
      server.request('PUT', '/api/event', {
        token: admin.token,
        headers: language ? { 'accept-language': language } : {},
        body: newEventBody({ name: 'n'.repeat(201), venue: 'v'.repeat(301) }),
      });
    const field = (body: { details: { field: string; message: string }[] }, name: string) =>
      body.details.find((detail) => detail.field === name)?.message;
    const hi = await save('hi');
    expect(hi.status).toBe(400);
    expect(hi.body.code).toBe('VALIDATION_FAILED');
    expect(field(hi.body, 'name')).toBe('ज़्यादा से ज़्यादा 200 अक्षर हो सकते हैं');
    expect(field(hi.body, 'venue')).toBe('ज़्यादा से ज़्यादा 300 अक्षर हो सकते हैं');
    const gu = await save('gu');
    expect(field(gu.body, 'venue')).toBe('વધુમાં વધુ 300 અક્ષર હોઈ શકે');
    const en = await save(null);
    expect(field(en.body, 'name')).toBe('Must be at most 200 characters');
    expect(field(en.body, 'venue')).toBe('Must be at most 300 characters');
  });

  it('a quantity out of range is refused in Hindi and Gujarati with the cap, in English as the schema words it', async () => {
    const order = (language: string | null, quantity: unknown) =>
      server.request('POST', '/api/tickets', {
        token: guest.token,
        headers: language ? { 'accept-language': language } : {},
        body: { quantity },
      });
    const hi = await order('hi', 0);
    expect(hi.status).toBe(400);
    expect(hi.body.code).toBe('VALIDATION_FAILED');
    expect(hi.body.error).toBe('कृपया 1 से 20 के बीच टिकट चुनें');
    expect(hi.body.details).toEqual([{ field: 'quantity', message: 'कृपया 1 से 20 के बीच टिकट चुनें' }]);
    const gu = await order('gu', 2.5);
    expect(gu.body.error).toBe('કૃપા કરીને 1 થી 20 વચ્ચે ટિકિટ પસંદ કરો');
    const en = await order(null, 21);
    expect(en.status).toBe(400);
    expect(en.body.error).toBe('Please choose between 1 and 20 tickets');
  });

  it('a bulk update of more than 500 tickets is refused with the limit in Gujarati', async () => {
    const body = { ticketIds: Array.from({ length: 501 }, (_, i) => `t-${i}`), status: 'used' };
    const gu = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
      token: admin.token,
      headers: { 'accept-language': 'gu' },
      body,
    });
    expect(gu.status).toBe(400);
    expect(gu.body.details).toEqual([{ field: 'ticketIds', message: 'એક વખતે વધુમાં વધુ 500 ટિકિટ' }]);
    const en = await server.request('PATCH', '/api/admin/tickets/bulk-update', { token: admin.token, body });
    expect(en.body.error).toBe('At most 500 tickets at a time');
  });

  it('a bulk update says how many changed in Hindi with its plural, and in the product’s English', async () => {
    const ids = await ticketIds(2);
    const hi = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
      token: admin.token,
      headers: { 'accept-language': 'hi' },
      body: { ticketIds: ids, status: 'used' },
    });
    expect(hi.status).toBe(200);
    expect(hi.body.message).toBe('2 टिकट बदल दिए गए');
    const one = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
      token: admin.token,
      body: { ticketIds: ids.slice(0, 1), status: 'active' },
    });
    // The product's toast, word for word.
    expect(one.body.message).toBe('Updated 1 tickets successfully');
  });

  it('a single status change and a delete answer in Gujarati', async () => {
    const [id] = await ticketIds(1);
    const changed = await server.request('PATCH', `/api/tickets/admin/${id}/status`, {
      token: admin.token,
      headers: { 'accept-language': 'gu' },
      body: { status: 'used' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('ટિકિટની સ્થિતિ બદલાઈ ગઈ');
    const issued = await server.request('POST', '/api/tickets/admin/issue-manual', {
      token: admin.token,
      body: { userId: guest.user.id, quantity: 1 },
    });
    const deleted = await server.request('DELETE', `/api/admin/tickets/${issued.body.tickets[0].id}`, {
      token: admin.token,
      headers: { 'accept-language': 'hi' },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('टिकट हटा दिया गया');
  });

  it('manual issuance names the count and the recipient in Gujarati; English says ticket or tickets', async () => {
    const gu = await server.request('POST', '/api/tickets/admin/issue-manual', {
      token: admin.token,
      headers: { 'accept-language': 'gu' },
      body: { userId: guest.user.id, quantity: 2 },
    });
    expect(gu.status).toBe(200);
    expect(gu.body.message).toBe('Priya Shah ને 2 ટિકિટો આપવામાં આવી');
    const en = await server.request('POST', '/api/tickets/admin/issue-manual', {
      token: admin.token,
      body: { userId: guest.user.id, quantity: 1 },
    });
    expect(en.body.message).toBe('Issued 1 ticket to Priya Shah');
  });

  it('inside 24 hours the transfer refusal says the hours left in Hindi, then the minutes in Gujarati', async () => {
    const [id] = await ticketIds(1);
    const transfer = (language: string) =>
      server.request('POST', `/api/tickets/${id}/transfer`, {
        token: guest.token,
        headers: { 'accept-language': language },
        body: { recipientEmail: uniqueEmail(), recipientName: 'Bina Rao' },
      });
    server.ctx.now = () => new Date('2099-10-01T08:10:00.000Z'); // 5 h 20 min before the start
    const hi = await transfer('hi');
    expect(hi.status).toBe(400);
    expect(hi.body.code).toBe('TRANSFER_WINDOW_CLOSED');
    expect(hi.body.error).toBe(
      'कार्यक्रम से 24 घंटे पहले ट्रांसफ़र बंद हो जाते हैं। कार्यक्रम 5 घंटे में शुरू होगा, इसलिए यह टिकट अब ट्रांसफ़र नहीं हो सकता।',
    );
    server.ctx.now = () => new Date('2099-10-01T13:29:00.000Z'); // one minute before
    const gu = await transfer('gu');
    expect(gu.body.error).toBe(
      'કાર્યક્રમના 24 કલાક પહેલાં ટ્રાન્સફર બંધ થઈ જાય છે. કાર્યક્રમ 1 મિનિટમાં શરૂ થશે, તેથી આ ટિકિટ હવે ટ્રાન્સફર થઈ શકે નહીં.',
    );
    const en = await transfer('en');
    expect(en.body.error).toBe(
      'Transfers close 24 hours before the event. The event starts in 1 minute, so this ticket can no longer be transferred.',
    );
  });

  it('inside 10 days the cancellation refusal says the days left in Hindi; English is the product’s', async () => {
    const [id] = await ticketIds(1);
    server.ctx.now = () => new Date('2099-09-30T06:00:00.000Z'); // the day before: 1 day left
    const cancel = (language: string | null) =>
      server.request('PATCH', `/api/tickets/cancel/${id}`, {
        token: guest.token,
        headers: language ? { 'accept-language': language } : {},
        body: { reason: 'Cannot come' },
      });
    const hi = await cancel('hi');
    expect(hi.status).toBe(400);
    expect(hi.body.code).toBe('CANCELLATION_WINDOW_CLOSED');
    expect(hi.body.error).toBe(
      'टिकट कार्यक्रम से कम से कम 10 दिन पहले ही रद्द किए जा सकते हैं। कार्यक्रम में अब सिर्फ़ 1 दिन बचा है।',
    );
    expect((await cancel(null)).body.error).toBe(
      'Tickets can only be cancelled at least 10 days before the event. Only 1 days remaining until the event.',
    );
  });

  it('the CSV words the reasons the server wrote in Hindi: a transfer, an admin cancellation', async () => {
    const [given, cancelled] = await ticketIds(2);
    const started = await server.request('POST', `/api/tickets/${given}/transfer`, {
      token: guest.token,
      body: { recipientEmail: uniqueEmail(), recipientName: 'Bina Rao' },
    });
    expect(started.status, started.text).toBe(200);
    const verified = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: guest.token,
      body: await pay(server, started.body.orderId),
    });
    expect(verified.status, verified.text).toBe(200);
    const cancel = await server.request('PATCH', `/api/tickets/admin/${cancelled}/status`, {
      token: admin.token,
      body: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    const csv = async (language: string | null) => {
      const response = await server.request('GET', '/api/admin/tickets/export?format=csv', {
        token: admin.token,
        headers: language ? { 'accept-language': language } : {},
      });
      return response.text.split('\r\n');
    };
    const codes = await server.ctx.db
      .selectFrom('tickets')
      .select(['id', 'ticket_code'])
      .where('id', 'in', [given!, cancelled!])
      .execute();
    const code = (id: string) => codes.find((row) => row.id === id)!.ticket_code;
    // The reason column is followed by the ticket type's columns.
    const hi = await csv('hi');
    expect(hi.find((line) => line.startsWith(code(given!)))).toMatch(/,Bina Rao को ट्रांसफ़र किया गया,/);
    expect(hi.find((line) => line.startsWith(code(cancelled!)))).toMatch(/,एक एडमिन ने रद्द किया,/);
    const en = await csv(null);
    expect(en.find((line) => line.startsWith(code(given!)))).toMatch(/,Transferred to Bina Rao,/);
    expect(en.find((line) => line.startsWith(code(cancelled!)))).toMatch(/,Cancelled by an administrator,/);
  });
});
