import { beforeAll, expect, it } from 'vitest';
import { countTaken } from '../../src/stores/events';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, type TestUser } from '../../support/factories';
import { newEvent, setTotalTickets, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// The admin panels show the server's refusals as they come: in the reader's language (Accept-Language),
// with the numbers in them and the stable codes unchanged (docs/decisions/1012-no-english-left.md).
describeEachDatabase('admin refusals in the reader language', (engine) => {
  const server = useServer(engine, { env: { HOLD_SWEEP_SECONDS: '86400' } });
  let event: TestEvent;
  let admin: TestUser;
  let buyer: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 5000 });
    admin = await newUser(server, { role: 'admin', name: 'Anita Admin' });
    buyer = await newUser(server, { name: 'Priya Ramesh Shah' });
  });

  const taken = () => countTaken(server.ctx.db, event.id, new Date());
  const tickets = (quantity: number) =>
    issuePaidTickets(server.ctx, { eventId: event.id, userId: buyer.user.id, quantity });

  it('a status confirmed on a stale view is refused in Hindi, code TICKET_CHANGED', async () => {
    const [ticket] = await tickets(1);
    const response = await server.request('PATCH', `/api/tickets/admin/${ticket!.id}/status`, {
      token: admin.token,
      headers: { 'accept-language': 'hi' },
      body: { status: 'cancelled', expectedStatus: 'used' },
    });
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'TICKET_CHANGED',
      error: 'इस बीच यह टिकट बदल गया है। सूची रीफ़्रेश करके फिर से कोशिश करें।',
      details: [{ field: ticket!.id, message: 'इस बीच यह टिकट बदल गया है' }],
    });
  });

  it('a bulk re-activation beyond the stock says how many are left in Gujarati, with its plural', async () => {
    const [a, b] = await tickets(2);
    const ids = [a!.id, b!.id];
    await server.request('PATCH', '/api/admin/tickets/bulk-update', {
      token: admin.token,
      body: { ticketIds: ids, status: 'cancelled' },
    });
    await setTotalTickets(server, event.id, (await taken()) + 1);
    try {
      const response = await server.request('PATCH', '/api/admin/tickets/bulk-update', {
        token: admin.token,
        headers: { 'accept-language': 'gu' },
        body: { ticketIds: ids, status: 'active' },
      });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('SOLD_OUT');
      expect(response.body.error).toBe(
        'બધી વેચાઈ ગઈ: 2 ટિકિટ ફરી સક્રિય કરવાની છે, પણ ફક્ત 1 ટિકિટ બાકી છે. કંઈ બદલાયું નથી.',
      );
    } finally {
      await setTotalTickets(server, event.id, 5000);
    }
  });

  it('lowering the total below what is taken names the number in Gujarati on the field', async () => {
    await tickets(2);
    const now = await taken();
    const response = await server.request('PUT', '/api/event', {
      token: admin.token,
      headers: { 'accept-language': 'gu' },
      body: newEventBody({ name: event.name, totalTickets: 1 }),
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      {
        field: 'totalTickets',
        message: `કુલ ટિકિટો પહેલેથી વેચાયેલી કે રોકાયેલી ${now} ટિકિટો કરતાં ઓછી ન હોઈ શકે`,
      },
    ]);
  });

  it('issuing more than are left says how many in Hindi', async () => {
    await setTotalTickets(server, event.id, (await taken()) + 1);
    try {
      const response = await server.request('POST', '/api/tickets/admin/issue-manual', {
        token: admin.token,
        headers: { 'accept-language': 'hi' },
        body: { userId: buyer.user.id, quantity: 3 },
      });
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        code: 'SOLD_OUT',
        error: 'जारी करने के लिए सिर्फ़ 1 टिकट उपलब्ध है।',
      });
      const english = await server.request('POST', '/api/tickets/admin/issue-manual', {
        token: admin.token,
        body: { userId: buyer.user.id, quantity: 3 },
      });
      expect(english.body.error).toBe('Only 1 ticket is available to issue.');
    } finally {
      await setTotalTickets(server, event.id, 5000);
    }
  });

  it("a CSV export names its columns and words in the admin's language; English unchanged", async () => {
    await tickets(1);
    const csvIn = async (language?: string) => {
      const response = await server.request('GET', '/api/admin/tickets/export?format=csv', {
        token: admin.token,
        headers: language ? { 'accept-language': language } : {},
      });
      expect(response.status).toBe(200);
      return response.text.replace(/^\uFEFF/, '').split('\r\n');
    };
    const hi = await csvIn('hi');
    expect(hi[0]).toBe(
      'टिकट आईडी,टिकट UUID,धारक का नाम,उपयोगकर्ता का नाम,उपयोगकर्ता का ईमेल,कार्यक्रम,क़ीमत (₹),स्थिति,भुगतान,एडमिन ने जारी किया,जारी करने वाले,टिप्पणी,Razorpay ऑर्डर संख्या,बनने का समय (IST),इस्तेमाल का समय (IST),स्कैन करने वाले,रद्द होने का समय (IST),रद्द करने का कारण,टिकट का प्रकार,प्रवेश (लोग),मूल्य चरण,प्रोमो कोड,छूट (₹)',
    );
    const hiLine = hi.find((line) => line.includes('Priya Ramesh Shah'));
    expect(hiLine).toMatch(/,(ऑनलाइन भुगतान हुआ|मिल गया|बाकी),(हाँ|नहीं),/);
    const gu = await csvIn('gu');
    expect(gu[0]).toBe(
      'ટિકિટ આઈડી,ટિકિટ UUID,ધારકનું નામ,વપરાશકર્તાનું નામ,વપરાશકર્તાનો ઇમેઇલ,કાર્યક્રમ,કિંમત (₹),સ્થિતિ,ચુકવણી,એડમિને જારી કરી,જારી કરનાર,નોંધ,Razorpay ઓર્ડર નંબર,બન્યાનો સમય (IST),ઉપયોગનો સમય (IST),સ્કેન કરનાર,રદ થયાનો સમય (IST),રદ કરવાનું કારણ,ટિકિટનો પ્રકાર,પ્રવેશ (લોકો),કિંમતનો તબક્કો,પ્રોમો કોડ,છૂટ (₹)',
    );
    expect(gu.find((line) => line.includes('Priya Ramesh Shah'))).toMatch(
      /,(ઓનલાઇન ચૂકવાયું|મળી ગયું|બાકી),(હા|ના),/,
    );
    const en = await csvIn();
    expect(en[0]).toMatch(/^Ticket ID,Ticket UUID,Holder Name,/);
    expect(en.find((line) => line.includes('Priya Ramesh Shah'))).toMatch(
      /,(Paid online|Received|Pending),(Yes|No),/,
    );
  });
});
