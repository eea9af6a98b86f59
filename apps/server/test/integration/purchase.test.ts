import { verifyTicketToken } from '@utsav/domain/qr-token';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  availableTickets,
  buy,
  createOrder,
  emulatorState,
  newEvent,
  orderPayload,
  orderRow,
  outboxRows,
  PURCHASE_ENV,
  pay,
  setWebhookMode,
  type TestEvent,
  ticketCount,
  verify,
  webhooksDelivered,
} from '../../support/purchase';
import { useServer } from '../../support/server';

const _WEBHOOK = '/api/payments/razorpay/webhook';

describeEachDatabase('purchase', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let guest: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500, ticketPrice: 299, groupPrice4: 249 });
    guest = await newUser(server, { name: 'Asha Patel' });
  });

  async function eventPublicKey(): Promise<string> {
    const row = await server.ctx.db
      .selectFrom('events')
      .select('qr_public_key')
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    return row.qr_public_key!;
  }

  it('a guest pays through the emulator and gets active tickets whose QR codes verify with the event key', async () => {
    const before = await availableTickets(server);
    const order = await createOrder(server, guest, event, 2);
    expect(order.status).toBe(200);
    expect(order.body).toMatchObject({
      success: true,
      amount: 598,
      amountPaise: 59800,
      currency: 'INR',
      key: 'rzp_test_utsav_emulator',
    });
    expect(order.body.orderId).toMatch(/^order_/);

    const checkout = await pay(server, order.body.orderId);
    const verified = await verify(server, guest, checkout, { quantity: 2 });
    expect(verified.status).toBe(200);
    expect(verified.body.orderId).toBe(order.body.orderId);
    expect(verified.body.tickets).toHaveLength(2);

    const publicKey = await eventPublicKey();
    for (const ticket of verified.body.tickets) {
      expect(ticket).toMatchObject({
        _id: ticket.id,
        eventName: 'Test Garba Night',
        price: 299,
        status: 'active',
        usedAt: null,
        scannedBy: null,
        qrCodeImage: expect.stringMatching(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/),
        user: { name: 'Asha Patel', email: guest.email },
        holderName: 'Asha Patel',
        metadata: { issuedByAdmin: false, issuedBy: null, notes: null },
        orderId: order.body.orderId,
      });
      expect(ticket.ticketId).toMatch(/^UT-[0-9A-Z]{10}$/);
      expect(verifyTicketToken(ticket.qrCode, publicKey, event.id)).toEqual({
        ok: true,
        ticketId: ticket.id,
        eventId: event.id,
      });
    }

    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: guest.token });
    expect(mine.body.tickets.map((t: { id: string }) => t.id)).toEqual(
      expect.arrayContaining(verified.body.tickets.map((t: { id: string }) => t.id)),
    );
    expect(await availableTickets(server)).toBe(before - 2);
  });

  it('create-order holds the seats before anything is paid', async () => {
    const buyer = await newUser(server);
    const before = await availableTickets(server);
    const order = await createOrder(server, buyer, event, 3);
    expect(order.status).toBe(200);
    expect(await availableTickets(server)).toBe(before - 3);
    expect((await orderRow(server, order.body.orderId)).status).toBe('created');
  });

  it('the group price applies from 4 tickets; amount is rupees and amountPaise what Razorpay charges', async () => {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 4);
    expect(order.body).toMatchObject({
      amount: 996,
      amountPaise: 99600,
      pricePerTicket: 249,
      pricingTier: 'Group',
      total: 996,
    });
  });

  it('five parallel replays of verify-payment give one set of tickets and one confirmation mail', async () => {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 3);
    const checkout = await pay(server, order.body.orderId);
    const replies = await Promise.all(Array.from({ length: 5 }, () => verify(server, buyer, checkout)));
    for (const reply of replies) expect(reply.status, reply.text).toBe(200);
    const idSets = replies.map((reply) =>
      reply.body.tickets
        .map((t: { id: string }) => t.id)
        .sort()
        .join(),
    );
    expect(new Set(idSets).size).toBe(1);
    await webhooksDelivered(server);

    const row = await orderRow(server, order.body.orderId);
    expect(row.status).toBe('paid');
    expect(await ticketCount(server, row.id)).toBe(3);
    const mails = (await outboxRows(server, 'tickets-confirmation')).filter(
      (m) => m.payload.orderId === row.id,
    );
    expect(mails).toHaveLength(1);
  });

  describe('refused verifications issue nothing', () => {
    let buyer: TestUser;
    let checkout: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };

    beforeAll(async () => {
      // Without webhooks, only verify-payment could issue tickets for this paid order.
      await setWebhookMode(server, 'drop');
      buyer = await newUser(server);
      const order = await createOrder(server, buyer, event, 2);
      checkout = await pay(server, order.body.orderId);
    });

    async function nothingIssued(): Promise<void> {
      const row = await orderRow(server, checkout.razorpay_order_id);
      expect(row.status).toBe('created');
      expect(await ticketCount(server, row.id)).toBe(0);
    }

    it('a forged signature is 400 PAYMENT_NOT_VERIFIED', async () => {
      const forged = await verify(server, buyer, { ...checkout, razorpay_signature: 'f'.repeat(64) });
      expect(forged.status).toBe(400);
      expect(forged.body.code).toBe('PAYMENT_NOT_VERIFIED');
      await nothingIssued();
    });

    it('a signature for another payment id is 400 PAYMENT_NOT_VERIFIED', async () => {
      const other = await verify(server, buyer, { ...checkout, razorpay_payment_id: 'pay_SomeoneElses1' });
      expect(other.status).toBe(400);
      expect(other.body.code).toBe('PAYMENT_NOT_VERIFIED');
      await nothingIssued();
    });

    it("someone else's order is 404 ORDER_NOT_FOUND, exactly like a missing one", async () => {
      const stranger = await newUser(server);
      const response = await verify(server, stranger, checkout);
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('ORDER_NOT_FOUND');
      const missing = await verify(server, stranger, {
        ...checkout,
        razorpay_order_id: 'order_DoesNotExist1',
      });
      expect(missing.body).toEqual(response.body);
      await nothingIssued();
    });

    it('a quantity other than the order’s is refused with 400', async () => {
      const response = await verify(server, buyer, checkout, { quantity: 5 });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('BAD_REQUEST');
      await nothingIssued();
    });

    it('the genuine verification afterwards still issues the order’s quantity', async () => {
      const response = await verify(server, buyer, checkout);
      expect(response.status).toBe(200);
      expect(response.body.tickets).toHaveLength(2);
      await setWebhookMode(server, 'normal');
    });
  });

  it('a client price that is not the server quote is 409 PRICE_CHANGED with the new price, and holds nothing', async () => {
    const buyer = await newUser(server);
    const before = await availableTickets(server);
    const cases = [
      { amount: 500 },
      { pricePerTicket: 199, amount: 995 },
      { pricingTier: 'Individual', pricePerTicket: 299, amount: 1495 },
    ];
    for (const overrides of cases) {
      const response = await createOrder(server, buyer, event, 5, overrides);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('PRICE_CHANGED');
      expect(response.body.error).toContain('₹1,245');
    }
    expect(await availableTickets(server)).toBe(before);
  });

  it('the tier label is informational: "Group 4+" with the right amounts is accepted and answered with ours', async () => {
    const buyer = await newUser(server);
    for (const pricingTier of ['Group 4+', 'anything at all', undefined]) {
      const response = await createOrder(server, buyer, event, 4, { pricingTier });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({ pricingTier: 'Group', pricePerTicket: 249, amount: 996 });
    }
  });

  it('a quantity above the cap or below 1 is a 400 naming the limits', async () => {
    for (const quantity of [0, 21, 2.5]) {
      const response = await createOrder(server, guest, event, quantity, { amount: 299 * quantity });
      expect(response.status).toBe(400);
      expect(response.body.details).toContainEqual({
        field: 'quantity',
        message: 'Please choose between 1 and 20 tickets',
      });
    }
  });

  it('an order for another event id is 404 EVENT_NOT_FOUND', async () => {
    const response = await server.request('POST', '/api/tickets/create-order', {
      token: guest.token,
      body: orderPayload(event, 1, { eventId: 'not-this-event' }),
    });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('EVENT_NOT_FOUND');
  });

  it('create-order without signing in is 401', async () => {
    const response = await server.request('POST', '/api/tickets/create-order', {
      body: orderPayload(event, 1),
    });
    expect(response.status).toBe(401);
  });

  it('POST /tickets starts a checkout and never issues an unpaid ticket', async () => {
    const buyer = await newUser(server);
    const response = await server.request('POST', '/api/tickets', {
      token: buyer.token,
      body: { quantity: 2 },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      requiresPayment: true,
      amount: 598,
      amountPaise: 59800,
      currency: 'INR',
    });
    expect(
      (await server.request('GET', '/api/tickets/my-tickets', { token: buyer.token })).body.tickets,
    ).toEqual([]);
    const row = await orderRow(server, response.body.orderId);
    expect(row.status).toBe('created');
    expect(await ticketCount(server, row.id)).toBe(0);

    const checkout = await pay(server, response.body.orderId);
    const verified = await verify(server, buyer, checkout);
    expect(verified.body.tickets).toHaveLength(2);
  });

  it('GET /tickets/:id answers the owner and staff, and 404 to another guest', async () => {
    const owner = await newUser(server);
    const { tickets } = await buy(server, owner, event, 1);
    const id = tickets[0].id;
    const mine = await server.request('GET', `/api/tickets/${id}`, { token: owner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.ticket.id).toBe(id);

    const other = await newUser(server);
    const refused = await server.request('GET', `/api/tickets/${id}`, { token: other.token });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('TICKET_NOT_FOUND');
    const checker = await newUser(server, { role: 'qrchecker' });
    expect((await server.request('GET', `/api/tickets/${id}`, { token: checker.token })).status).toBe(404);

    const manager = await newUser(server, { role: 'manager' });
    const staff = await server.request('GET', `/api/tickets/${id}`, { token: manager.token });
    expect(staff.status).toBe(200);
    expect(staff.body.ticket.user.email).toBe(owner.email);
  });

  it('the emulator keeps one captured payment per paid order', async () => {
    await webhooksDelivered(server);
    const state = await emulatorState(server);
    const paidOrders = await server.ctx.db
      .selectFrom('orders')
      .selectAll()
      .where('status', '=', 'paid')
      .execute();
    for (const order of paidOrders) {
      const payments = state.payments.filter(
        (p: { order_id: string; status: string }) =>
          p.order_id === order.razorpay_order_id && p.status === 'captured',
      );
      expect(payments).toHaveLength(1);
      expect(payments[0].id).toBe(order.razorpay_payment_id);
      expect(await ticketCount(server, order.id)).toBe(order.quantity);
    }
  });
});
