import { beforeAll, expect, it } from 'vitest';
import { CURRENT_EVENT_TTL_MS } from '../../src/modules/event/current-event';
import { orderPayload } from '../../support/cluster-rush';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, uniqueEmail } from '../../support/factories';
import { useInstances } from '../../support/instances';
import { PURCHASE_ENV } from '../../support/purchase';

// Checkout judges the event on a per-instance copy at most a second old (modules/event/current-event.ts) and
// creates the Razorpay order before the hold (modules/purchase/service.ts). Two instances on one database (PostgreSQL,
// or one SQLite file), each a whole app with its own copy, as two processes would be.

const EMULATOR = '/razorpay-emulator';

describeEachDatabase('checkout on a recent copy of the event', (engine) => {
  const { servers, call } = useInstances(engine, { env: PURCHASE_ENV });
  let admin: { token: string; id: string };

  beforeAll(async () => {
    admin = await signIn(0);
    await servers[0]!.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const created = await call(0, 'POST', '/api/event', admin.token, newEventBody({ totalTickets: 10 }));
    expect(created.status).toBe(200);
  });

  async function signIn(instance: number): Promise<{ token: string; id: string }> {
    const { token, user } = await newUser(servers[instance]!, { email: uniqueEmail('copy') });
    return { token, id: user.id };
  }

  async function event(instance = 0) {
    return (await call(instance, 'GET', '/api/event')).body.data;
  }

  async function edit(instance: number, changes: Record<string, unknown>) {
    const current = await event(instance);
    const body = { ...current, features: current.features.join(','), ...changes };
    const response = await call(instance, 'PUT', '/api/event', admin.token, body);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  async function order(instance: number, quantity = 1, price?: { ticketPrice: number; groupPrice4: number }) {
    const buyer = await signIn(instance);
    const current = await event(instance);
    const payload = orderPayload({ ...current, ...(price ?? {}) }, quantity);
    const response = await call(instance, 'POST', '/api/tickets/create-order', buyer.token, payload);
    return { buyer, response };
  }

  async function ordersOf(userId: string) {
    return servers[0]!.ctx.db.selectFrom('orders').selectAll().where('user_id', '=', userId).execute();
  }

  it("an admin's edit is seen by the next checkout on the instance that made it", async () => {
    // Fills instance 0's copy.
    expect((await order(0)).response.status).toBe(200);
    await edit(0, { salesOpenAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    const refused = await order(0);
    expect(refused.response.status).toBe(409);
    expect(refused.response.body.code).toBe('SALES_NOT_OPEN');
    await edit(0, { salesOpenAt: null });
    expect((await order(0)).response.status).toBe(200);
  });

  it('another instance sees an edit within a second', async () => {
    expect((await order(1)).response.status).toBe(200);
    await edit(0, { salesOpenAt: new Date(Date.now() + 60 * 60_000).toISOString() });
    await new Promise((resolve) => setTimeout(resolve, CURRENT_EVENT_TTL_MS + 100));
    const refused = await order(1);
    expect(refused.response.body.code).toBe('SALES_NOT_OPEN');
    await edit(0, { salesOpenAt: null });
  });

  it('a price changed on another instance is refused with PRICE_CHANGED and holds nothing, even on a stale copy', async () => {
    const oldPrice = { ticketPrice: 299, groupPrice4: 249 };
    await edit(0, oldPrice);
    await new Promise((resolve) => setTimeout(resolve, CURRENT_EVENT_TTL_MS + 100));
    // Instance 1 copies the event at the old price (its checkout reads it), then instance 0 raises the price.
    expect((await order(1, 1, oldPrice)).response.status).toBe(200);
    await edit(0, { ticketPrice: 399 });
    const { buyer, response } = await order(1, 1, oldPrice);
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('PRICE_CHANGED');
    expect(await ordersOf(buyer.id)).toEqual([]);
  });

  it('once sold out, checkout refuses without asking Razorpay for an order', async () => {
    // 10 seats, some already held by the tests above: fill what is left, from both instances.
    for (let left = (await event(0)).availableTickets; left > 0; left--) {
      expect((await order(left % 2)).response.status).toBe(200);
    }
    // Each instance mounts its own emulator: count the orders of both.
    const providerOrders = async () =>
      (await call(0, 'GET', `${EMULATOR}/_test/state`)).body.orders.length +
      (await call(1, 'GET', `${EMULATOR}/_test/state`)).body.orders.length;
    const before = await providerOrders();
    for (const instance of [0, 1]) {
      const { buyer, response } = await order(instance);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('SOLD_OUT');
      expect(await ordersOf(buyer.id)).toEqual([]);
    }
    expect(await providerOrders()).toBe(before);
  });
});
