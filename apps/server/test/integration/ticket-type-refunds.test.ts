import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { availableTickets, emulatorState, newEvent, PURCHASE_ENV, pay, verify } from '../../support/purchase';
import { cancel, paymentAtEmulator, refundReaches, refundRows } from '../../support/refunds';
import { useServer } from '../../support/server';

// Cancelling a ticket of a type refunds what was paid for that ticket after any discount, less the ₹20 fee: a
// couple pass its own price, a discounted ticket its discounted price, and an order's refunds never more than
// Razorpay captured. A ticket that cost nothing (a 100% code; a ₹0 order has no payment at all) is cancelled
// without a refund: its place and its code's use come back and the guest is told so in their language.

type Ticket = { id: string; price: number; ticketType: { id: string } };

describeEachDatabase('refunds of ticket types and codes', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let eventId: string;
  let couple: string;
  let female: string;

  beforeAll(async () => {
    eventId = (await newEvent(server, { ticketPrice: 299, totalTickets: 300 })).id;
    const admin = await newUser(server, { role: 'admin' });
    const post = async (path: string, body: Record<string, unknown>) => {
      const response = await server.request('POST', path, { token: admin.token, body });
      expect(response.status, response.text).toBe(200);
      return response.body;
    };
    couple = (await post('/api/admin/ticket-types', { name: 'Couple pass', price: 599, admits: 2 }))
      .ticketType.id;
    female = (await post('/api/admin/ticket-types', { name: 'Female pass', price: 400 })).ticketType.id;
    await post('/api/admin/promo-codes', {
      code: 'FEMALE-25',
      kind: 'percent',
      value: 25,
      ticketTypeIds: [female],
    });
    await post('/api/admin/promo-codes', { code: 'FREE-ONE', kind: 'percent', value: 100, maxUses: 1 });
  });

  /** An order of `items` with `promoCode`, paid when there is anything to pay; its tickets and payment id. */
  async function order(
    buyer: TestUser,
    items: { ticketTypeId: string; quantity: number }[],
    promoCode: string,
    amount: number,
  ): Promise<{ tickets: Ticket[]; paymentId: string | null }> {
    const created = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      body: { eventId, items, promoCode, amount },
    });
    expect(created.status, created.text).toBe(200);
    if (created.body.free) {
      const mine = await server.request('GET', '/api/tickets/my-tickets', { token: buyer.token });
      return { tickets: mine.body.tickets, paymentId: null };
    }
    const checkout = await pay(server, created.body.orderId);
    const verified = await verify(server, buyer, checkout);
    expect(verified.status, verified.text).toBe(200);
    return { tickets: verified.body.tickets, paymentId: checkout.razorpay_payment_id };
  }

  it('a couple pass and a discounted line in one order each refund their own price less ₹20, never more than was captured', async () => {
    const buyer = await newUser(server);
    const { tickets, paymentId } = await order(
      buyer,
      [
        { ticketTypeId: couple, quantity: 1 },
        { ticketTypeId: female, quantity: 2 },
      ],
      'FEMALE-25',
      599 + 2 * 300,
    );
    const pass = tickets.find((ticket) => ticket.ticketType.id === couple)!;
    const discounted = tickets.filter((ticket) => ticket.ticketType.id === female);
    // The ticket's price is what was paid for it, after the code.
    expect(pass.price).toBe(599);
    expect(discounted.map((ticket) => ticket.price)).toEqual([300, 300]);

    const refundOf = async (ticket: Ticket) => {
      const response = await cancel(server, buyer, ticket.id);
      expect(response.status, response.text).toBe(200);
      return response.body.refund;
    };
    expect(await refundOf(pass)).toMatchObject({ originalAmount: 599, processingFee: 20, refundAmount: 579 });
    expect(await refundOf(discounted[0]!)).toMatchObject({
      originalAmount: 300,
      processingFee: 20,
      refundAmount: 280,
    });
    const rows = [...(await refundRows(server, pass.id)), ...(await refundRows(server, discounted[0]!.id))];
    expect(rows.map((row) => row.refund_amount_paise)).toEqual([57_900, 28_000]);

    for (const row of rows) await refundReaches(server, buyer, row.id, 'processed');
    const payment = await paymentAtEmulator(server, paymentId!);
    expect(payment.amount).toBe(119_900);
    expect(payment.amount_refunded).toBe(57_900 + 28_000);
    expect(payment.amount_refunded).toBeLessThanOrEqual(payment.amount);
  });

  it('a free ticket in a paid order is cancelled without a refund; its code and place come back', async () => {
    const buyer = await newUser(server);
    const { tickets, paymentId } = await order(
      buyer,
      [
        { ticketTypeId: couple, quantity: 1 },
        { ticketTypeId: female, quantity: 1 },
      ],
      'FREE-ONE',
      // The code's one use frees the first ticket it may: the couple pass.
      400,
    );
    const free = tickets.find((ticket) => ticket.price === 0)!;
    const paid = tickets.find((ticket) => ticket.price > 0)!;
    expect(free.ticketType.id).toBe(couple);
    const before = await availableTickets(server);

    const response = await server.request('PATCH', `/api/tickets/cancel/${free.id}`, {
      token: buyer.token,
      headers: { 'accept-language': 'gu' },
      body: { reason: 'Plans changed' },
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      refund: null,
      ticket: { id: free.id, status: 'cancelled' },
      message: 'તમારી ટિકિટ રદ થઈ ગઈ. તે મફત હતી, તેથી કોઈ રિફંડ મોકલવાનું નથી, અને તેની જગ્યા ફરી વેચાણ પર છે.',
    });
    expect(await refundRows(server, free.id)).toEqual([]);
    // A couple pass gives both its places back, and the code's one use is free again.
    expect(await availableTickets(server)).toBe(before + 2);
    const check = await server.request('POST', '/api/promo-codes/check', {
      token: (await newUser(server)).token,
      body: { code: 'FREE-ONE', items: [{ ticketTypeId: female, quantity: 1 }] },
    });
    expect(check.body).toMatchObject({ valid: true, total: 0 });

    const refund = (await cancel(server, buyer, paid.id)).body.refund;
    expect(refund).toMatchObject({ originalAmount: 400, refundAmount: 380 });
    await refundReaches(server, buyer, refund.id, 'processed');
    const payment = await paymentAtEmulator(server, paymentId!);
    expect(payment.amount).toBe(40_000);
    expect(payment.amount_refunded).toBe(38_000);
  });

  it('a ₹0 order (no payment) is cancelled with a clear answer in en, hi and gu, and Razorpay is never asked', async () => {
    const answers: Record<string, string> = {};
    for (const language of ['en', 'hi', 'gu']) {
      const buyer = await newUser(server);
      const { tickets, paymentId } = await order(
        buyer,
        [{ ticketTypeId: female, quantity: 1 }],
        'FREE-ONE',
        0,
      );
      expect(paymentId).toBeNull();
      expect(tickets).toHaveLength(1);
      const refundsAtRazorpay = (await emulatorState(server)).refunds.length;
      const before = await availableTickets(server);
      const response = await server.request('PATCH', `/api/tickets/cancel/${tickets[0]!.id}`, {
        token: buyer.token,
        headers: { 'accept-language': language },
        body: { reason: 'Cannot come' },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({ refund: null, ticket: { status: 'cancelled' } });
      answers[language] = response.body.message;
      expect(await refundRows(server, tickets[0]!.id)).toEqual([]);
      expect((await emulatorState(server)).refunds.length).toBe(refundsAtRazorpay);
      expect(await availableTickets(server)).toBe(before + 1);
      // Cancelled once: a second cancel says why and creates nothing.
      const again = await cancel(server, buyer, tickets[0]!.id);
      expect(again.status).toBe(400);
      expect(again.body.code).toBe('NOT_CANCELLABLE');
    }
    expect(answers).toEqual({
      en: 'Your ticket is cancelled. It was free, so there is no refund to send, and its place is back on sale.',
      hi: 'आपका टिकट रद्द हो गया। यह मुफ़्त था, इसलिए कोई रिफ़ंड नहीं भेजना है, और इसकी जगह फिर से बिक्री पर है।',
      gu: 'તમારી ટિકિટ રદ થઈ ગઈ. તે મફત હતી, તેથી કોઈ રિફંડ મોકલવાનું નથી, અને તેની જગ્યા ફરી વેચાણ પર છે.',
    });
  });
});
