import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { TicketRow } from '../../src/platform/db/schema';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  createOrder,
  emulatorState,
  newEvent,
  orderPayload,
  PURCHASE_ENV,
  pay,
  setTotalTickets,
  type TestEvent,
  verify,
  webhooksDelivered,
} from '../../support/purchase';
import { send, useServer } from '../../support/server';

// The sales rush: many buyers at once for the last seats, over real HTTP, each its own person.

const TOTAL = 500;
const ALREADY_SOLD = 400;
const BUYERS = 300;

describeEachDatabase('purchase rush', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let buyers: TestUser[];

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: TOTAL, ticketPrice: 299, groupPrice4: 249 });
    await preSell(ALREADY_SOLD);
    buyers = [];
    for (let start = 0; start < BUYERS; start += 50) {
      buyers.push(...(await Promise.all(Array.from({ length: 50 }, () => newUser(server)))));
    }
  });

  /** Seats sold before the rush, written directly: only the count matters here. */
  async function preSell(count: number): Promise<void> {
    const owner = await newUser(server);
    const stamp = new Date().toISOString();
    const rows: TicketRow[] = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      ticket_code: `UT-PRESOLD${String(index).padStart(4, '0')}`,
      order_id: null,
      seq: 1,
      event_id: event.id,
      user_id: owner.user.id,
      holder_name: 'Earlier buyer',
      price_paise: 29900,
      status: 'active',
      qr_token: 'not-scanned-in-this-test',
      issued_by_admin: 1,
      issued_by_user_id: null,
      notes: null,
      payment_received: 1,
      used_at: null,
      scanned_by_user_id: null,
      cancelled_at: null,
      cancellation_reason: null,
      created_at: stamp,
      updated_at: stamp,
    }));
    for (let start = 0; start < rows.length; start += 100) {
      await server.ctx.db
        .insertInto('tickets')
        .values(rows.slice(start, start + 100))
        .execute();
    }
  }

  it(`${BUYERS} buyers at once for the last ${TOTAL - ALREADY_SOLD} seats: exactly that many sold, none oversold`, async () => {
    const started = Date.now();
    const outcomes = await Promise.all(
      buyers.map(async (buyer, index) => {
        const quantity = 1 + (index % 2);
        const order = await createOrder(server, buyer, event, quantity);
        if (order.status !== 200)
          return { quantity, status: order.status, code: order.body?.code, tickets: 0 };
        const checkout = await pay(server, order.body.orderId);
        const verified = await verify(server, buyer, checkout);
        return {
          quantity,
          status: verified.status,
          code: verified.body?.code,
          tickets: verified.body.tickets?.length ?? 0,
        };
      }),
    );
    await webhooksDelivered(server);
    const elapsed = Date.now() - started;

    const bought = outcomes.filter((outcome) => outcome.status === 200);
    const refused = outcomes.filter((outcome) => outcome.status !== 200);
    // Nobody failed for any reason but the one a buyer should see.
    expect(new Set(refused.map((outcome) => `${outcome.status} ${outcome.code}`))).toEqual(
      new Set(['409 SOLD_OUT']),
    );
    for (const outcome of bought) expect(outcome.tickets).toBe(outcome.quantity);
    const soldInRush = bought.reduce((sum, outcome) => sum + outcome.quantity, 0);
    expect(soldInRush).toBe(TOTAL - ALREADY_SOLD);

    const active = await server.ctx.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('event_id', '=', event.id)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
    expect(Number(active.count)).toBe(TOTAL);
    const published = (await server.request('GET', '/api/event')).body.data;
    expect(published).toMatchObject({ availableTickets: 0, soldTickets: TOTAL });

    // Every payment Razorpay captured belongs to an order that has its tickets, or was refunded in full.
    const orders = await server.ctx.db.selectFrom('orders').selectAll().execute();
    const byRazorpayId = new Map(orders.map((order) => [order.razorpay_order_id, order]));
    const state = await emulatorState(server);
    for (const payment of state.payments) {
      const order = byRazorpayId.get(payment.order_id)!;
      const tickets = await server.ctx.db
        .selectFrom('tickets')
        .select('id')
        .where('order_id', '=', order.id)
        .execute();
      if (order.status === 'paid') expect(tickets).toHaveLength(order.quantity);
      else
        expect({ status: order.status, refunded: payment.amount_refunded }).toEqual({
          status: 'refunded',
          refunded: payment.amount,
        });
    }
    expect(orders.filter((order) => order.status === 'paid').length).toBe(bought.length);
    expect(orders.filter((order) => order.status === 'created' && order.razorpay_order_id === null)).toEqual(
      [],
    );

    console.info(
      `[${engine}] rush: ${BUYERS} buyers, ${bought.length} orders paid (${soldInRush} tickets), ${refused.length} SOLD_OUT, ` +
        `${state.payments.length} payments captured, ${state.refunds.length} refunds, ${elapsed} ms`,
    );
  });

  // PostgreSQL is what several instances share: the event row lock must hold across connection pools.
  it.runIf(engine === 'postgres')(
    'two server instances on one database never oversell between them',
    async () => {
      const extra = 50;
      await setTotalTickets(server, event.id, TOTAL + extra);
      // One Razorpay for both, as in production: the second instance talks to the first one's emulator.
      const second = await buildApp({
        ...server.config,
        razorpay: { ...server.config.razorpay, baseUrl: `${server.url}/razorpay-emulator/v1` },
      });
      const secondUrl = await second.listen({ host: '127.0.0.1', port: 0 });
      let outcomes: Array<{ quantity: number; status: number; code?: string }>;
      try {
        outcomes = await Promise.all(
          buyers.slice(0, 200).map(async (buyer, index) => {
            const quantity = 1 + (index % 2);
            // Holds placed on one instance are verified on the other.
            const [placeOn, verifyOn] = index % 2 === 0 ? [server.url, secondUrl] : [secondUrl, server.url];
            const order = await send(placeOn, 'POST', '/api/tickets/create-order', {
              token: buyer.token,
              body: orderPayload(event, quantity),
            });
            if (order.status !== 200) return { quantity, status: order.status, code: order.body?.code };
            const checkout = await pay(server, order.body.orderId);
            const verified = await send(verifyOn, 'POST', '/api/tickets/verify-payment', {
              token: buyer.token,
              body: checkout,
            });
            return { quantity, status: verified.status, code: verified.body?.code };
          }),
        );
        await webhooksDelivered(server);
      } finally {
        await second.close();
      }
      const sold = outcomes
        .filter((outcome) => outcome.status === 200)
        .reduce((sum, o) => sum + o.quantity, 0);
      expect(new Set(outcomes.filter((o) => o.status !== 200).map((o) => `${o.status} ${o.code}`))).toEqual(
        new Set(['409 SOLD_OUT']),
      );
      expect(sold).toBe(extra);
      const published = (await server.request('GET', '/api/event')).body.data;
      expect(published).toMatchObject({ availableTickets: 0, soldTickets: TOTAL + extra });
      console.info(`[${engine}] two instances: 200 buyers, ${sold} tickets sold for ${extra} seats`);
    },
  );
});
