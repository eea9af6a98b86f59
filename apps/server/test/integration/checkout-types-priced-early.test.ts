import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, uniqueEmail } from '../../support/factories';
import { useInstances } from '../../support/instances';
import { PURCHASE_ENV } from '../../support/purchase';

// An order of ticket types far from every limit it touches is priced before the event lock, on the instance's
// price list and the counters its last hold read, so that its Razorpay order goes first and the hold is written
// once (modules/purchase/pre-priced.ts). Those counters may be behind what another instance sold since: the lock
// prices the order again, so a client showing the stale price is refused PRICE_CHANGED with nothing held, the
// booking path gets a Razorpay order for the price the lock gave, and the phase never sells more than its quantity.
// Two instances on one database (PostgreSQL, or one SQLite file), each a whole app with its own copies.

const EMULATOR = '/razorpay-emulator';
const EARLY = { label: 'Early bird', price: 249, quantity: 60 };
const REGULAR = { label: 'Regular', price: 349 };

describeEachDatabase('an order of types priced before the hold', (engine) => {
  const { servers, call } = useInstances(engine, { env: PURCHASE_ENV });
  let admin: { token: string; id: string };
  let eventId: string;
  let typeId: string;

  beforeAll(async () => {
    admin = await signIn(0);
    await servers[0]!.ctx.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute();
    const created = await call(0, 'POST', '/api/event', admin.token, newEventBody({ totalTickets: 1000 }));
    expect(created.status, created.text).toBe(200);
    eventId = created.body.data.id;
    const type = await call(0, 'POST', '/api/admin/ticket-types', admin.token, {
      name: 'Female pass',
      price: 449,
      phases: [EARLY, REGULAR],
    });
    expect(type.status, type.text).toBe(200);
    typeId = type.body.ticketType.id;
  });

  async function signIn(instance: number): Promise<{ token: string; id: string }> {
    const { token, user } = await newUser(servers[instance]!, { email: uniqueEmail('early') });
    return { token, id: user.id };
  }

  const items = (quantity: number) => [{ ticketTypeId: typeId, quantity }];
  const createOrder = async (instance: number, quantity: number, amount: number) => {
    const buyer = await signIn(instance);
    const response = await call(instance, 'POST', '/api/tickets/create-order', buyer.token, {
      eventId,
      amount,
      items: items(quantity),
    });
    return { buyer, response };
  };
  const heldOrSold = async () => {
    const lines = await servers[0]!.ctx.db
      .selectFrom('order_lines')
      .innerJoin('orders', 'orders.id', 'order_lines.order_id')
      .select(['order_lines.phase_id', 'order_lines.quantity', 'order_lines.unit_price_paise'])
      .where('orders.status', '=', 'created')
      .where('order_lines.ticket_type_id', '=', typeId)
      .execute();
    const at = (price: number) =>
      lines
        .filter((line) => line.unit_price_paise === price * 100)
        .reduce((sum, line) => sum + line.quantity, 0);
    return { early: at(EARLY.price), regular: at(REGULAR.price) };
  };

  it('a phase sold out on another instance since: the stale early price is refused, nothing held, never oversold', async () => {
    // Instance 1 holds one: it has now seen the counters, far from the early bird's end.
    expect((await createOrder(1, 1, EARLY.price)).response.status).toBe(200);
    // Instance 0 takes the rest of the early bird.
    const rest = await Promise.all(
      [10, 10, 10, 10, 10, 9].map((quantity) => createOrder(0, quantity, quantity * EARLY.price)),
    );
    for (const { response } of rest) expect(response.status, response.text).toBe(200);
    expect(await heldOrSold()).toEqual({ early: EARLY.quantity, regular: 0 });

    // Instance 1's client still shows the early price: the lock prices the regular one.
    const stale = await createOrder(1, 2, 2 * EARLY.price);
    expect(stale.response.status, stale.response.text).toBe(409);
    expect(stale.response.body).toMatchObject({
      code: 'PRICE_CHANGED',
      figures: { total: 2 * REGULAR.price, lines: [{ ticketTypeId: typeId, unitPrice: REGULAR.price }] },
    });
    const held = await servers[0]!.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', stale.buyer.id)
      .execute();
    expect(held).toEqual([]);
    expect(await heldOrSold()).toEqual({ early: EARLY.quantity, regular: 0 });
  });

  it("the booking path, which shows no price, is charged the lock's price, by a Razorpay order for that amount", async () => {
    const buyer = await signIn(1);
    const booked = await call(1, 'POST', '/api/tickets', buyer.token, { items: items(1) });
    expect(booked.status, booked.text).toBe(200);
    expect(booked.body).toMatchObject({ amount: REGULAR.price, lines: [{ unitPrice: REGULAR.price }] });
    const state = (await call(1, 'GET', `${EMULATOR}/_test/state`)).body;
    const providerOrder = state.orders.find((order: { id: string }) => order.id === booked.body.orderId);
    expect(providerOrder?.amount).toBe(REGULAR.price * 100);
    expect(await heldOrSold()).toEqual({ early: EARLY.quantity, regular: 1 });
  });

  it('far from every limit, an order is held at the price it was shown, on either instance', async () => {
    for (const instance of [0, 1, 1, 0]) {
      const { response } = await createOrder(instance, 3, 3 * REGULAR.price);
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({
        amount: 3 * REGULAR.price,
        lines: [{ unitPrice: REGULAR.price }],
      });
    }
    expect(await heldOrSold()).toEqual({ early: EARLY.quantity, regular: 13 });
  });
});
