import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { availableTickets, newEvent, PURCHASE_ENV, pay, verify } from '../../support/purchase';
import { ticketRow } from '../../support/refunds';
import { useServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { decodeHeader, parseMime, textOf } from '../unit/mail/mime';

// A transferred ticket is the same pass in new hands: the recipient's ticket keeps the sender's type, price
// phase, code use, admits, discount and price, the event's people and the type's, phase's and code's counts do not
// move, and the recipient's My Tickets and mail name the pass as the sender's did.

describeEachDatabase('a transfer keeps the ticket type', (engine) => {
  const smtp = useSmtp();
  const server = useServer(engine, {
    env: PURCHASE_ENV,
    adjust: deliverTo(smtp),
  });
  let eventId: string;
  let couple: string;
  let admin: TestUser;

  beforeAll(async () => {
    eventId = (await newEvent(server, { ticketPrice: 299, totalTickets: 200 })).id;
    admin = await newUser(server, { role: 'admin' });
    const type = await server.request('POST', '/api/admin/ticket-types', {
      token: admin.token,
      body: {
        name: 'Couple pass',
        nameHi: 'कपल पास',
        price: 699,
        admits: 2,
        colour: '#047857',
        phases: [{ label: 'Early bird', price: 549, quantity: 100 }],
      },
    });
    expect(type.status, type.text).toBe(200);
    couple = type.body.ticketType.id;
    const code = await server.request('POST', '/api/admin/promo-codes', {
      token: admin.token,
      body: { code: 'PAIR-50', kind: 'amount', value: 50, ticketTypeIds: [couple] },
    });
    expect(code.status, code.text).toBe(200);
  });

  /** Sales of the couple pass per type, phase and code, as the Promo Codes panel and the types list count them. */
  async function counts() {
    const codes = await server.request('GET', '/api/admin/promo-codes', { token: admin.token });
    const types = await server.request('GET', '/api/admin/ticket-types', { token: admin.token });
    const type = types.body.ticketTypes.find((candidate: { id: string }) => candidate.id === couple);
    const breakdown = await server.request('GET', '/api/admin/analytics/sales-breakdown', {
      token: admin.token,
    });
    const analysed = breakdown.body.data.codes.find(
      (candidate: { code: string }) => candidate.code === 'PAIR-50',
    );
    return {
      analysed: { tickets: analysed.tickets, orders: analysed.orders, revenue: analysed.revenue },
      people: await availableTickets(server),
      code: codes.body.promoCodes.find((candidate: { code: string }) => candidate.code === 'PAIR-50').use,
      type: { sold: type.sold, phases: type.phases.map((phase: { sold: number }) => phase.sold) },
    };
  }

  it("the recipient's ticket keeps the type, phase, code, admits, discount and price; nothing is counted twice", async () => {
    const sender = await newUser(server, { name: 'Ravi Sharma' });
    const recipient = await newUser(server, { name: 'Priya Patel' });
    await server.request('PUT', '/api/auth/language', { token: recipient.token, body: { language: 'hi' } });
    const order = await server.request('POST', '/api/tickets/create-order', {
      token: sender.token,
      body: { eventId, items: [{ ticketTypeId: couple, quantity: 1 }], promoCode: 'PAIR-50', amount: 499 },
    });
    expect(order.status, order.text).toBe(200);
    const verified = await verify(server, sender, await pay(server, order.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    const [bought] = verified.body.tickets;
    const before = await counts();
    expect(before.code).toMatchObject({ tickets: 1, orders: 1, discount: 50, revenue: 499 });
    expect(before.analysed).toEqual({ tickets: 1, orders: 1, revenue: 499 });

    const started = await server.request('POST', `/api/tickets/${bought.id}/transfer`, {
      token: sender.token,
      body: { recipientEmail: recipient.email, recipientName: 'Priya Patel' },
    });
    expect(started.status, started.text).toBe(200);
    const done = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: sender.token,
      body: await pay(server, started.body.orderId),
    });
    expect(done.status, done.text).toBe(200);

    const theirs = await server.request('GET', '/api/tickets/my-tickets', {
      token: recipient.token,
      headers: { 'accept-language': 'hi' },
    });
    expect(theirs.body.tickets).toHaveLength(1);
    const received = theirs.body.tickets[0];
    expect(received).toMatchObject({
      price: 499,
      status: 'active',
      ticketType: { id: couple, name: 'कपल पास', colour: '#047857', admits: 2 },
    });
    const [oldRow, newRow] = [await ticketRow(server, bought.id), await ticketRow(server, received.id)];
    expect(oldRow.phase_id).not.toBeNull();
    expect(oldRow.promo_code_id).not.toBeNull();
    for (const column of [
      'ticket_type_id',
      'phase_id',
      'promo_code_id',
      'admits',
      'discount_paise',
      'price_paise',
    ] as const) {
      expect({ column, value: newRow[column] }).toEqual({ column, value: oldRow[column] });
    }
    expect(newRow).toMatchObject({ admits: 2, discount_paise: 5_000, price_paise: 49_900 });
    // The pass changed hands, not the sales: the same people, type, phase and code figures.
    expect(await counts()).toEqual(before);

    await server.app.outbox.drain();
    const mail = smtp.received
      .filter((candidate) => candidate.to.includes(recipient.email))
      .map((candidate) => parseMime(candidate.raw));
    expect(mail).toHaveLength(1);
    expect(decodeHeader(mail[0]!.headers.get('subject') ?? '')).toContain('Ravi Sharma');
    const html = textOf(mail[0]!, 'text/html') ?? '';
    expect(html).toContain('कपल पास · 2 लोगों का प्रवेश');
    expect(html).toContain('इससे 2 लोगों का एक बार प्रवेश होता है।');
  });
});
