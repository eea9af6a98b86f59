import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { findHoldFigures, writeHoldReadingFigures } from '../../src/modules/purchase/hold-figures';
import { auditRow } from '../../src/platform/audit/repo';
import type { OrderRow } from '../../src/platform/db/schema';
import { lockEvent } from '../../src/stores/events';
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

// The hold's writes (checkout-placement.ts): on PostgreSQL the order and its audit row are written in the same
// statement that reads the figures the hold is judged on, and a refusal rolls them back; on SQLite they are
// written after the judgement. Either way: a hold that fits is written once with its audit row, a refused one
// leaves nothing, and the figures never count the hold being judged.

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

  it.runIf(engine === 'postgres')(
    'PostgreSQL writes the hold and reads its figures in one statement, blind to its own rows',
    async () => {
      await leaveSeats(server, event.id, 10);
      const buyer = await newUser(server);
      const now = new Date();
      const order: OrderRow = {
        id: randomUUID(),
        razorpay_order_id: null,
        user_id: buyer.user.id,
        event_id: event.id,
        quantity: 3,
        price_per_ticket_paise: 30_000,
        amount_paise: 90_000,
        pricing_tier: 'Individual',
        status: 'created',
        hold_expires_at: new Date(now.getTime() + 600_000).toISOString(),
        razorpay_payment_id: null,
        razorpay_refund_id: null,
        created_at: now.toISOString(),
        paid_at: null,
        refunded_at: null,
        refund_settled_at: null,
        ticket_names: null,
        updated_at: now.toISOString(),
      };
      const audit = auditRow(
        { actorUserId: buyer.user.id, action: 'order.created', entity: 'order', entityId: order.id },
        now,
      );
      const rolledBack = new Error('roll back');
      const seen = server.ctx.db.transaction().execute(async (trx) => {
        await lockEvent(trx, event.id);
        const before = await findHoldFigures(trx, event.id, buyer.user.id, now);
        const written = await writeHoldReadingFigures(trx, order, audit, now);
        const after = await findHoldFigures(trx, event.id, buyer.user.id, now);
        const statements = (
          await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(trx)
        ).rows.map((row) => row.statement);
        expect(written).toEqual(before);
        expect(after).toEqual({
          ...before,
          heldAtMost: before.heldAtMost + 3,
          person: { held: 3, bought: 0 },
        });
        const oneStatement = statements.filter(
          (text) =>
            text.includes('insert into "orders"') &&
            text.includes('insert into "audit_log"') &&
            text.includes('"event_inventory"'),
        );
        expect(oneStatement).toHaveLength(1);
        throw rolledBack;
      });
      await expect(seen).rejects.toBe(rolledBack);
      expect(await ordersOf(buyer)).toEqual([]);
      expect(await createdAuditsBy(buyer)).toEqual([]);
    },
  );
});
