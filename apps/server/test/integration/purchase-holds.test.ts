import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { reconcileOrders } from '../../src/modules/purchase/jobs';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import {
  availableTickets,
  buy,
  createOrder,
  emulatorState,
  expireHoldNow,
  leaveSeats,
  newEvent,
  orderRow,
  outboxRows,
  PURCHASE_ENV,
  pay,
  setWebhookMode,
  type TestEvent,
  ticketCount,
  verify,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// Holds that run out, and payments that arrive after they did. Webhooks are dropped throughout so that
// each test decides which path (verify or the reconciliation job) sees the payment.

describeEachDatabase('purchase holds and late payments', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: 300, groupPrice4: 250 });
    await setWebhookMode(server, 'drop');
  });

  it('an expired hold returns its seats to sale, and the job marks it expired after asking Razorpay', async () => {
    await leaveSeats(server, event.id, 2);
    const holder = await newUser(server);
    const hold = await createOrder(server, holder, event, 2);
    expect(hold.status).toBe(200);
    expect(await availableTickets(server)).toBe(0);
    const turnedAway = await createOrder(server, await newUser(server), event, 1);
    expect(turnedAway.status).toBe(409);
    expect(turnedAway.body.code).toBe('SOLD_OUT');

    const row = await orderRow(server, hold.body.orderId);
    await expireHoldNow(server, row.id);
    expect(await availableTickets(server)).toBe(2);
    const report = await reconcileOrders(server.ctx);
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect((await orderRow(server, hold.body.orderId)).status).toBe('expired');

    const later = await createOrder(server, await newUser(server), event, 2);
    expect(later.status).toBe(200);
  });

  it('SOLD_OUT says how many are left when fewer than asked remain', async () => {
    await leaveSeats(server, event.id, 1);
    const response = await createOrder(server, await newUser(server), event, 2);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      code: 'SOLD_OUT',
      error: expect.stringContaining('Only 1 ticket'),
    });
  });

  it('a payment verified after its hold expired still gets tickets while stock remains', async () => {
    await leaveSeats(server, event.id, 5);
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 2);
    const checkout = await pay(server, order.body.orderId);
    const row = await orderRow(server, order.body.orderId);
    await expireHoldNow(server, row.id);
    const response = await verify(server, buyer, checkout);
    expect(response.status, response.text).toBe(200);
    expect(response.body.tickets).toHaveLength(2);
    expect((await orderRow(server, order.body.orderId)).status).toBe('paid');
  });

  it('the job issues tickets for a paid order whose buyer never came back (no verify, no webhook)', async () => {
    await leaveSeats(server, event.id, 5);
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 3);
    await pay(server, order.body.orderId);
    const row = await orderRow(server, order.body.orderId);
    await expireHoldNow(server, row.id);
    const report = await reconcileOrders(server.ctx);
    expect(report.fulfilled).toBe(1);
    expect(await ticketCount(server, row.id)).toBe(3);
    const mails = (await outboxRows(server, 'tickets-confirmation')).filter(
      (m) => m.payload.orderId === row.id,
    );
    expect(mails).toHaveLength(1);
  });

  it('a late payment with no stock left is refunded in full, once, and the guest is told', async () => {
    await leaveSeats(server, event.id, 2);
    const late = await newUser(server);
    const order = await createOrder(server, late, event, 2);
    const checkout = await pay(server, order.body.orderId);
    const row = await orderRow(server, order.body.orderId);
    await expireHoldNow(server, row.id);
    // Meanwhile someone else buys the two seats that were released.
    await buy(server, await newUser(server), event, 2);

    const response = await verify(server, late, checkout);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('SOLD_OUT');
    expect(response.body.error).toContain('refunded in full');
    const again = await verify(server, late, checkout);
    expect(again.body.code).toBe('SOLD_OUT');
    await reconcileOrders(server.ctx);

    const refunded = await orderRow(server, order.body.orderId);
    expect(refunded.status).toBe('refunded');
    expect(refunded.razorpay_refund_id).toMatch(/^rfnd_/);
    expect(await ticketCount(server, row.id)).toBe(0);
    const refunds = (await emulatorState(server)).refunds.filter(
      (refund: { payment_id: string }) => refund.payment_id === checkout.razorpay_payment_id,
    );
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(60000);
    const mails = (await outboxRows(server, 'late-payment-refunded')).filter(
      (m) => m.payload.orderId === row.id,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.payload).toEqual({
      orderId: row.id,
      userId: row.user_id,
      amount: 600,
      amountPaise: 60000,
    });
    expect(await availableTickets(server)).toBe(0);
  });

  it('the job expires an order Razorpay does not know (the emulator restarted) and one it never created', async () => {
    const buyer = await newUser(server);
    const stamp = new Date(Date.now() - 60_000).toISOString();
    const base = {
      user_id: (
        await server.ctx.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', buyer.email)
          .executeTakeFirstOrThrow()
      ).id,
      event_id: event.id,
      quantity: 1,
      price_per_ticket_paise: 30000,
      amount_paise: 30000,
      pricing_tier: 'Individual',
      status: 'created' as const,
      hold_expires_at: stamp,
      razorpay_payment_id: null,
      razorpay_refund_id: null,
      created_at: stamp,
      paid_at: null,
      refunded_at: null,
      refund_settled_at: null,
      updated_at: stamp,
    };
    const forgotten = { ...base, id: randomUUID(), razorpay_order_id: 'order_Forgotten00001' };
    const neverCreated = { ...base, id: randomUUID(), razorpay_order_id: null };
    await server.ctx.db.insertInto('orders').values([forgotten, neverCreated]).execute();
    await reconcileOrders(server.ctx);
    for (const id of [forgotten.id, neverCreated.id]) {
      const row = await server.ctx.db
        .selectFrom('orders')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('expired');
    }
  });

  it('lowering the total below what is sold or held is refused', async () => {
    await leaveSeats(server, event.id, 0);
    const admin = await newUser(server, { role: 'admin' });
    const current = (await server.request('GET', '/api/event')).body.data;
    const response = await server.request('PUT', '/api/event', {
      token: admin.token,
      body: {
        name: current.name,
        venue: current.venue,
        description: current.description,
        date: current.date,
        startTime: current.startTime,
        endTime: current.endTime,
        ticketPrice: current.ticketPrice,
        groupPrice4: current.groupPrice4,
        totalTickets: current.totalTickets - 1,
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.details[0].field).toBe('totalTickets');
  });
});

describeEachDatabase('purchase when Razorpay cannot be reached', (engine) => {
  // Nothing listens on port 9 of the loopback: every Razorpay call fails to connect.
  const server = useServer(engine, {
    env: {
      ...PURCHASE_ENV,
      RAZORPAY_BASE_URL: 'http://127.0.0.1:9/v1',
      RATE_LIMIT_CREATE_ORDER_PER_MINUTE: '3',
    },
  });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 10 });
  });

  it('create-order answers 502 PAYMENT_PROVIDER_ERROR and releases the hold at once', async () => {
    const buyer = await newUser(server);
    const response = await createOrder(server, buyer, event, 2);
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(response.body.error).toContain('not been charged');
    expect(await availableTickets(server)).toBe(10);
    const orders = await server.ctx.db
      .selectFrom('orders')
      .select('status')
      .where('user_id', '=', buyer.user.id)
      .execute();
    // Few seats: the hold came first (checkout-placement.ts), so it is there, released.
    expect(orders).toEqual([{ status: 'failed' }]);
  });

  it('a buyer placing orders faster than the per-minute limit gets 429, other buyers do not', async () => {
    const eager = await newUser(server);
    for (let attempt = 0; attempt < 3; attempt++)
      expect((await createOrder(server, eager, event, 1)).status).toBe(502);
    const limited = await createOrder(server, eager, event, 1);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect((await createOrder(server, await newUser(server), event, 1)).status).toBe(502);
  });
});

describeEachDatabase('purchase when Razorpay cannot be reached, with seats to spare', (engine) => {
  const server = useServer(engine, {
    env: { ...PURCHASE_ENV, RAZORPAY_BASE_URL: 'http://127.0.0.1:9/v1' },
  });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000 });
  });

  it('once the instance knows there is room to spare, the Razorpay order comes first: a provider failure writes no hold at all', async () => {
    const ordersOf = (userId: string) =>
      server.ctx.db.selectFrom('orders').select('status').where('user_id', '=', userId).execute();
    // No recent figure yet: the hold goes first, and is released.
    const first = await newUser(server);
    expect((await createOrder(server, first, event, 1)).status).toBe(502);
    expect(await ordersOf(first.user.id)).toEqual([{ status: 'failed' }]);
    // That hold's transaction saw 999 seats free: now Razorpay is asked first, and nothing is held.
    const second = await newUser(server);
    const response = await createOrder(server, second, event, 1);
    expect(response.status).toBe(502);
    expect(response.body.code).toBe('PAYMENT_PROVIDER_ERROR');
    expect(await ordersOf(second.user.id)).toEqual([]);
    expect(await availableTickets(server)).toBe(1000);
  });
});
