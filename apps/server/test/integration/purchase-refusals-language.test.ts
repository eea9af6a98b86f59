import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { leaveSeats, newEvent, orderPayload, PURCHASE_ENV, type TestEvent } from '../../support/purchase';
import { type TestServer, useServer } from '../../support/server';

// The refusals the purchase dialog shows the guest come in the guest's language: the app sends
// Accept-Language, the server words PRICE_CHANGED, SOLD_OUT, PERSON_LIMIT_REACHED and SALES_NOT_OPEN in it,
// with the numbers, amounts and dates in place; `code` never changes.

function order(server: TestServer, buyer: TestUser, body: object, language: string) {
  return server.request('POST', '/api/tickets/create-order', {
    token: buyer.token,
    body,
    headers: { 'accept-language': language },
  });
}

describeEachDatabase('purchase refusals in the guest’s language', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 100 });
  });

  it('a moved price is explained in Hindi with the new amounts', async () => {
    const refused = await order(
      server,
      await newUser(server),
      orderPayload(event, 2, { amount: 1, pricePerTicket: 0.5 }),
      'hi',
    );
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PRICE_CHANGED');
    const total = `₹${(event.ticketPrice * 2).toLocaleString('en-IN')}`;
    expect(refused.body.error).toBe(
      `क़ीमत बदल गई है: 2 टिकट अब ${total} के हैं (हर टिकट ₹${event.ticketPrice.toLocaleString('en-IN')})। कृपया नई क़ीमत देखकर फिर से कोशिश करें। आपसे कोई पैसा नहीं लिया गया है।`,
    );
  });

  it('a person at the cap reads why in Gujarati, and in English without a language', async () => {
    const buyer = await newUser(server);
    const held = await order(server, buyer, orderPayload(event, 19), 'en');
    expect(held.status, held.text).toBe(200);
    const gu = await order(server, buyer, orderPayload(event, 2), 'gu');
    expect(gu.status).toBe(409);
    expect(gu.body.code).toBe('PERSON_LIMIT_REACHED');
    expect(gu.body.error).toBe(
      'આ કાર્યક્રમ માટે એક વ્યક્તિ વધુમાં વધુ 20 ટિકિટો ખરીદી શકે છે. તમે હજી 1 ખરીદી શકો છો. કૃપા કરીને 1 ટિકિટ પસંદ કરો.',
    );
    const en = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: orderPayload(event, 2),
    });
    expect(en.body.error).toBe(
      'One person may buy at most 20 tickets for this event. You may buy 1 more. Please choose 1 ticket.',
    );
  });

  it('the last seats are counted in Gujarati and Hindi, singular and plural', async () => {
    await leaveSeats(server, event.id, 3);
    const gu = await order(server, await newUser(server), orderPayload(event, 4), 'gu');
    expect(gu.body.code).toBe('SOLD_OUT');
    expect(gu.body.error).toBe('ફક્ત 3 ટિકિટો બાકી છે. કૃપા કરીને 3 કે તેથી ઓછી પસંદ કરો.');
    await leaveSeats(server, event.id, 1);
    const hi = await order(server, await newUser(server), orderPayload(event, 2), 'hi');
    expect(hi.body.code).toBe('SOLD_OUT');
    expect(hi.body.error).toBe('सिर्फ़ 1 टिकट बचा है। कृपया 1 टिकट चुनें।');
  });
});

describeEachDatabase('sales not open, in the guest’s language', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  // Tuesday, 5 January 2027, 7:00 PM in Mumbai.
  const opensAt = new Date('2027-01-05T13:30:00.000Z');

  beforeAll(async () => {
    event = await newEvent(server, { salesOpenAt: opensAt.toISOString() });
  });

  it('the opening date and time are written in Hindi and Gujarati; English keeps its sentence', async () => {
    const buyer = await newUser(server);
    const hi = await order(server, buyer, orderPayload(event, 1), 'hi');
    expect(hi.body.code).toBe('SALES_NOT_OPEN');
    expect(hi.body.error).toBe('टिकटों की बिक्री मंगलवार, 5 जनवरी 2027, शाम 7:00 IST से शुरू होगी।');
    const gu = await order(server, buyer, orderPayload(event, 1), 'gu');
    expect(gu.body.error).toBe('ટિકિટોનું વેચાણ મંગળવાર, 5 જાન્યુઆરી, 2027, સાંજે 7:00 IST થી શરૂ થશે.');
    const en = await order(server, buyer, orderPayload(event, 1), 'en');
    expect(en.body.error).toBe('Ticket sales open on Tuesday, 5 January 2027 at 7:00 PM IST.');
  });

  it('joining the line too early says when sales and the line open, in Gujarati', async () => {
    const joined = await server.request('POST', '/api/queue/join', {
      token: (await newUser(server)).token,
      headers: { 'accept-language': 'gu' },
    });
    expect(joined.status).toBe(409);
    expect(joined.body.code).toBe('SALES_NOT_OPEN');
    expect(joined.body.error).toBe(
      'ટિકિટોનું વેચાણ મંગળવાર, 5 જાન્યુઆરી, 2027, સાંજે 7:00 IST થી શરૂ થશે. કતાર મંગળવાર, 5 જાન્યુઆરી, 2027, સાંજે 6:30 IST થી ખૂલશે; ત્યારે આવીને તમારી જગ્યા લઈ લો.',
    );
  });
});
