import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  availableTickets,
  createOrder,
  leaveSeats,
  newEvent,
  PURCHASE_ENV,
  type TestEvent,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// The hold's writes (hold-on-postgres.ts, hold-on-sqlite.ts): the order, its lines and its audit row are written
// after the judgement (on PostgreSQL one statement for a whole batch of holds). A hold that fits is written once
// with its audit row, a refused one leaves nothing, and the figures never count the hold being judged.

describeEachDatabase('the hold writes', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: 300, groupPrice4: 250 });
  });

  async function ordersOf(buyer: TestUser) {
    return server.ctx.db.selectFrom('orders').selectAll().where('user_id', '=', buyer.user.id).execute();
  }

  async function createdAuditsBy(buyer: TestUser) {
    return server.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor_user_id', '=', buyer.user.id)
      .where('action', '=', 'order.created')
      .execute();
  }

  it('a hold for exactly the seats left is written once, with its audit row', async () => {
    await leaveSeats(server, event.id, 2);
    const buyer = await newUser(server);
    const answer = await createOrder(server, buyer, event, 2);
    expect(answer.status).toBe(200);
    const [order, ...more] = await ordersOf(buyer);
    expect(more).toEqual([]);
    expect(order).toMatchObject({ quantity: 2, status: 'created', amount_paise: 60_000, event_id: event.id });
    const audits = await createdAuditsBy(buyer);
    expect(audits.map((row) => [row.entity_id, JSON.parse(row.data ?? 'null')])).toEqual([
      [order!.id, { quantity: 2, amountPaise: 60_000 }],
    ]);
    expect(await availableTickets(server)).toBe(0);
  });

  it('a hold refused for stock leaves no order and no audit row', async () => {
    await leaveSeats(server, event.id, 1);
    const buyer = await newUser(server);
    const answer = await createOrder(server, buyer, event, 2);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('SOLD_OUT');
    expect(await ordersOf(buyer)).toEqual([]);
    expect(await createdAuditsBy(buyer)).toEqual([]);
    expect(await availableTickets(server)).toBe(1);
  });

  it('a hold refused by the person cap leaves only the holds that fitted', async () => {
    await leaveSeats(server, event.id, 100);
    const buyer = await newUser(server);
    // The default cap is 20 seats: 20 fits exactly (the hold is not counted against itself), 1 more does not.
    expect((await createOrder(server, buyer, event, 20)).status).toBe(200);
    const refused = await createOrder(server, buyer, event, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PERSON_LIMIT_REACHED');
    expect((await ordersOf(buyer)).map((row) => row.quantity)).toEqual([20]);
    expect(await createdAuditsBy(buyer)).toHaveLength(1);
    expect(await availableTickets(server)).toBe(80);
  });
});
