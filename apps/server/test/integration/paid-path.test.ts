import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { webhookSignature } from '../../src/platform/payments/signatures';
import { lockEvent } from '../../src/stores/events';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import {
  type CheckoutResult,
  createOrder,
  emulatorState,
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
import type { TestResponse } from '../../support/server';
import { useServer } from '../../support/server';

// The paid path (modules/purchase/fulfilment.ts): on PostgreSQL a live hold is paid and issued by one statement without
// the event lock that holds queue on; a hold in its last minute, an expired one or a deleted owner's still go
// through the locks. Whatever the path: each order is issued once, with one mail and one audit row, and a
// failure part-way writes nothing.

const WEBHOOK = '/api/payments/razorpay/webhook';

describeEachDatabase('the paid path', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: 300, groupPrice4: 250 });
    // Each test sends the webhooks it wants, when it wants.
    await setWebhookMode(server, 'drop');
  });

  async function heldOrder(quantity: number) {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, quantity);
    expect(order.status, order.text).toBe(200);
    const checkout = await pay(server, order.body.orderId);
    return { buyer, checkout, row: await orderRow(server, order.body.orderId) };
  }

  /** Holds the event lock as a hold's transaction does, until `release` is called. */
  async function holdEventLock(): Promise<{ release(): Promise<void> }> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const done = server.ctx.db.transaction().execute(async (trx) => {
      await lockEvent(trx, event.id);
      locked();
      await released;
    });
    await isLocked;
    return {
      async release() {
        release();
        await done;
      },
    };
  }

  /**
   * The answer, or 'still waiting' if none came while the event lock stayed held for HANG_AFTER_MS: a payment
   * that waits for the lock never answers before it is released, so the ceiling only ends that wait.
   */
  const HANG_AFTER_MS = 30_000;
  function whileLocked(answer: Promise<TestResponse>): Promise<TestResponse | 'still waiting'> {
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<'still waiting'>((resolve) => {
      timer = setTimeout(() => resolve('still waiting'), HANG_AFTER_MS);
    });
    return Promise.race([answer, hang]).finally(() => clearTimeout(timer));
  }

  /** How many statements of this test's database wait for a lock (PostgreSQL): a state, not a time. */
  async function waitingForLocks(): Promise<number> {
    const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock'`.execute(server.ctx.db);
    return rows[0]!.waiting;
  }

  async function delivery(
    name: 'payment.captured' | 'order.paid',
    checkout: CheckoutResult,
    eventId: string,
  ) {
    const state = await emulatorState(server);
    const payment = state.payments.find((p: { id: string }) => p.id === checkout.razorpay_payment_id);
    const order = state.orders.find((o: { id: string }) => o.id === payment.order_id);
    const payload =
      name === 'order.paid'
        ? { payment: { entity: payment }, order: { entity: order } }
        : { payment: { entity: payment } };
    const body = JSON.stringify({ entity: 'event', event: name, contains: Object.keys(payload), payload });
    return () =>
      server.request('POST', WEBHOOK, {
        body,
        headers: {
          'x-razorpay-signature': webhookSignature(body, server.config.razorpay.webhookSecret),
          'x-razorpay-event-id': eventId,
        },
      });
  }

  async function paidAudits(orderId: string) {
    return server.ctx.db
      .selectFrom('audit_log')
      .select('data')
      .where('action', '=', 'order.paid')
      .where('entity_id', '=', orderId)
      .execute();
  }

  async function mails(orderId: string): Promise<number> {
    return (await outboxRows(server, 'tickets-confirmation')).filter((m) => m.payload.orderId === orderId)
      .length;
  }

  it.runIf(engine === 'postgres')(
    'PostgreSQL pays a live hold while a hold transaction has the event locked',
    async () => {
      const { buyer, checkout, row } = await heldOrder(2);
      const lock = await holdEventLock();
      try {
        const answer = await whileLocked(verify(server, buyer, checkout));
        expect(answer === 'still waiting' ? 'still waiting for the event lock' : answer.status).toBe(200);
      } finally {
        await lock.release();
      }
      expect(await ticketCount(server, row.id)).toBe(2);
      expect((await orderRow(server, checkout.razorpay_order_id)).status).toBe('paid');
    },
  );

  it.runIf(engine === 'postgres')(
    'PostgreSQL pays a hold in its last minute only under the event lock',
    async () => {
      const { buyer, checkout, row } = await heldOrder(1);
      await server.ctx.db
        .updateTable('orders')
        .set({ hold_expires_at: new Date(Date.now() + 30_000).toISOString() })
        .where('id', '=', row.id)
        .execute();
      const lock = await holdEventLock();
      const answer = verify(server, buyer, checkout);
      try {
        // The payment reaches the event lock and waits there (the hold's transaction has it).
        await expect.poll(waitingForLocks).toBe(1);
        expect(await ticketCount(server, row.id)).toBe(0);
      } finally {
        await lock.release();
      }
      expect((await answer).status).toBe(200);
      expect(await ticketCount(server, row.id)).toBe(1);
      expect(await paidAudits(row.id)).toHaveLength(1);
    },
  );

  it('verify-payment answers with the tickets exactly as they read afterwards', async () => {
    const buyer = await newUser(server, { name: 'Meera Buyer' });
    const order = await createOrder(server, buyer, event, 3, { ticketNames: ['Asha', '', 'Ravi'] });
    expect(order.status, order.text).toBe(200);
    const checkout = await pay(server, order.body.orderId);
    const first = await verify(server, buyer, checkout);
    expect(first.status, first.text).toBe(200);
    // A replay answers from the rows (the ticket views), as My Tickets does.
    const replay = await verify(server, buyer, checkout);
    expect(replay.status).toBe(200);
    expect(first.body).toEqual(replay.body);
    expect(first.body.tickets.map((t: { holderName: string }) => t.holderName)).toEqual([
      'Asha',
      'Meera Buyer',
      'Ravi',
    ]);
  });

  it('verify-payment and both webhooks at the same moment, for ten orders, issue each once', async () => {
    const orders = await Promise.all(Array.from({ length: 10 }, (_, index) => heldOrder(1 + (index % 3))));
    const calls = [];
    for (const [index, { buyer, checkout }] of orders.entries()) {
      calls.push(() => verify(server, buyer, checkout));
      calls.push(
        await delivery('payment.captured', checkout, `evt_PaidPath${index}a${randomUUID().slice(0, 8)}`),
      );
      calls.push(await delivery('order.paid', checkout, `evt_PaidPath${index}b${randomUUID().slice(0, 8)}`));
    }
    const answers = await Promise.all(calls.map((call) => call()));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    for (const { row } of orders) {
      expect(await ticketCount(server, row.id)).toBe(row.quantity);
      expect(await mails(row.id)).toBe(1);
      expect(await paidAudits(row.id)).toHaveLength(1);
      expect((await orderRow(server, row.razorpay_order_id!)).status).toBe('paid');
    }
  });

  it('a webhook that issues records its delivery with the tickets, and its replay changes nothing', async () => {
    const { checkout, row } = await heldOrder(2);
    const eventId = `evt_PaidPathRec${randomUUID().slice(0, 8)}`;
    const send = await delivery('payment.captured', checkout, eventId);
    const first = await send();
    expect(first.body.result).toBe('handled');
    const recorded = await server.ctx.db
      .selectFrom('payment_events')
      .selectAll()
      .where('id', '=', eventId)
      .execute();
    expect(recorded.map((r) => [r.event, r.razorpay_payment_id])).toEqual([
      ['payment.captured', checkout.razorpay_payment_id],
    ]);
    expect(JSON.parse((await paidAudits(row.id))[0]!.data!)).toMatchObject({ source: 'webhook', tickets: 2 });
    expect((await send()).body.result).toBe('duplicate');
    expect(await ticketCount(server, row.id)).toBe(2);
    expect(await mails(row.id)).toBe(1);
  });

  it('a failure part-way through issuing writes nothing: the order stays held, no mail, no audit row', async () => {
    const { buyer, checkout, row } = await heldOrder(2);
    // A ticket that cannot exist for a held order: the second ticket collides with it.
    const now = new Date().toISOString();
    await server.ctx.db
      .insertInto('tickets')
      .values({
        id: randomUUID(),
        ticket_code: `PLANT${randomUUID().slice(0, 6)}`,
        order_id: row.id,
        seq: 2,
        event_id: row.event_id,
        user_id: row.user_id,
        holder_name: 'Planted',
        price_paise: row.price_per_ticket_paise,
        status: 'cancelled',
        qr_token: 'planted',
        issued_by_admin: 0,
        issued_by_user_id: null,
        notes: null,
        payment_received: 0,
        used_at: null,
        scanned_by_user_id: null,
        cancelled_at: now,
        cancellation_reason: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const answer = await verify(server, buyer, checkout);
    expect(answer.status).toBeGreaterThanOrEqual(500);
    expect((await orderRow(server, checkout.razorpay_order_id)).status).toBe('created');
    expect(await ticketCount(server, row.id)).toBe(1);
    expect(await mails(row.id)).toBe(0);
    expect(await paidAudits(row.id)).toHaveLength(0);
  });
});
