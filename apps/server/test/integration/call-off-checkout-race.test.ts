import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { runCallOffRefunds } from '../../src/modules/event-change/job';
import { pollRefunds } from '../../src/modules/refunds/jobs';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  createOrder,
  EMULATOR,
  emulatorState,
  newEvent,
  PURCHASE_ENV,
  pay,
  settleRefunds,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { send, useServer } from '../../support/server';

// Checkouts racing the call-off, on SQLite and PostgreSQL: guests start orders, pay at Razorpay and verify while
// the admin calls the night off. Whatever each request met (a hold before the call-off, a refused checkout after
// it, a payment verified after its hold was released), at the end nothing paid is kept: every captured payment is
// refunded exactly its amount, once, no ticket is issued after the call-off, and sold + held (tickets that admit and
// live holds, counted by the test) never passes the capacity at any staged step or while the race runs. Each
// interleaving is staged
// (bought before; paid before and verified after; held before and paid after; checking out at the moment of the
// call-off; starting after it), the moment itself raced.

const CHANGE = '/api/admin/event/change';
const GROUP = 3;
const RACING = 6;
const CAPACITY = 14;

describeEachDatabase('checkout racing a call-off', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  const people = async (count: number) => Promise.all(Array.from({ length: count }, () => newUser(server)));

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
    event = await newEvent(server, { totalTickets: CAPACITY, ticketPrice: 299 });
  });

  async function ticketCount(): Promise<number> {
    const issued = await server.ctx.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    return Number(issued.n);
  }

  /**
   * Seats taken, counted independently of the server's own figures: tickets that admit (active, used) and the
   * seats of holds still live. One statement, so PostgreSQL reads both from one snapshot: a hold turning into a
   * ticket between two reads would otherwise be counted twice. The call-off releases holds and the refunds cancel
   * tickets, so this may fall; it must never pass the capacity at any state reached.
   */
  async function soldPlusHeld(): Promise<number> {
    const { rows } = await sql<{ sold: number | string; held: number | string | null }>`
      select
        (select count(*) from tickets where event_id = ${event.id} and status in ('active', 'used')) as sold,
        (select coalesce(sum(quantity), 0) from orders
          where event_id = ${event.id} and status = 'created' and hold_expires_at > ${server.ctx.now().toISOString()}
        ) as held`.execute(server.ctx.db);
    return Number(rows[0]?.sold) + Number(rows[0]?.held ?? 0);
  }

  const samples: number[] = [];
  async function sample(): Promise<void> {
    samples.push(await soldPlusHeld());
    expect(samples.at(-1)).toBeLessThanOrEqual(CAPACITY);
  }

  // Sampled after each answer a guest gets (order created, paid, verified): during the race these are the states
  // the race reaches, one per answer, driven by the requests themselves rather than by a loop beside them.
  async function checkout(buyer: TestUser): Promise<string> {
    const order = await createOrder(server, buyer, event, 1);
    await sample();
    if (order.status !== 200) return `create-${order.body.code}`;
    const paid = await pay(server, order.body.orderId);
    await sample();
    const verified = await verify(server, buyer, paid);
    await sample();
    return verified.status === 200 ? 'ticket' : `verify-${verified.body.code}`;
  }

  it('every payment ends refunded once in full; tickets never pass the capacity', async () => {
    // Before the call-off: tickets bought whole; holds paid but not verified; holds not yet paid.
    const [bought, paidOnly, heldOnly, racers, late] = await Promise.all([
      people(GROUP),
      people(GROUP),
      people(GROUP),
      people(RACING),
      people(2),
    ]);
    for (const buyer of bought) expect(await checkout(buyer)).toBe('ticket');
    await sample();
    const paidBefore = [];
    for (const buyer of paidOnly) {
      const order = await createOrder(server, buyer, event, 1);
      expect(order.status, order.text).toBe(200);
      paidBefore.push({ buyer, checkout: await pay(server, order.body.orderId) });
    }
    await sample();
    const heldBefore = [];
    for (const buyer of heldOnly) {
      const order = await createOrder(server, buyer, event, 1);
      expect(order.status, order.text).toBe(200);
      heldBefore.push({ buyer, orderId: order.body.orderId as string });
    }
    await sample();
    expect(samples.at(-1)).toBe(GROUP * 3);
    const dry = await server.request('POST', CHANGE, {
      token: admin.token,
      body: { kind: 'call-off', dryRun: true },
    });
    expect(dry.status, dry.text).toBe(200);

    // The call-off lands while more guests check out (more than the seats left: some are sold out).
    // Sold + held is sampled at each answer within the race (the call-off's and every step of every checkout).
    const [calledOff, ...outcomes] = await Promise.all([
      server
        .request('POST', CHANGE, { token: admin.token, body: { kind: 'call-off', confirm: event.name } })
        .then(async (answer) => {
          await sample();
          return answer;
        }),
      ...racers.map((buyer) => checkout(buyer)),
    ]);
    await sample();
    expect(calledOff.status, calledOff.text).toBe(200);
    // A racer whose hold came before the call-off and whose verify came after it is told the night was called
    // off, as a guest who paid before it and verified after (its payment is refunded in full, checked below).
    for (const outcome of outcomes) {
      expect(['ticket', 'create-SOLD_OUT', 'create-EVENT_CALLED_OFF', 'verify-EVENT_CALLED_OFF']).toContain(
        outcome,
      );
    }

    // After it: a payment of a hold the call-off released is given back in full, never turned into tickets
    // (purchase/fulfilment.ts), and the buyer is told the night was called off. A payment Razorpay's webhook had
    // already turned into tickets before the call-off answers with those tickets (refunded below with the rest).
    const issuedAtCallOff = await ticketCount();
    const afterCallOff = [];
    for (const { buyer, checkout } of paidBefore) afterCallOff.push(await verify(server, buyer, checkout));
    for (const { buyer, orderId } of heldBefore) {
      const paid = await pay(server, orderId).catch(() => null);
      if (paid) afterCallOff.push(await verify(server, buyer, paid));
    }
    for (const verified of afterCallOff) {
      if (verified.status === 200) continue;
      expect(verified.status, verified.text).toBe(409);
      expect(verified.body.code).toBe('EVENT_CALLED_OFF');
      expect(verified.body.error).toMatch(
        /^Sorry, the event was called off before your payment completed\. Your payment of ₹299(\.00)? (has been|will be) refunded in full\.$/,
      );
    }
    expect(afterCallOff.some((verified) => verified.status === 409)).toBe(true);
    await sample();
    expect(await ticketCount()).toBe(issuedAtCallOff);
    for (const buyer of late) {
      const refused = await createOrder(server, buyer, event, 1);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('EVENT_CALLED_OFF');
    }

    expect(await ticketCount()).toBeLessThanOrEqual(CAPACITY);
    await sample();

    // The call-off's job and the refund poll run until nothing is left to send; Razorpay settles each time.
    for (let pass = 0; pass < 4; pass++) {
      await runCallOffRefunds(server.ctx);
      await server.app.outbox.drain(new Date());
      await pollRefunds(server.ctx);
      await settleRefunds(server);
      await sample();
      await expect
        .poll(async () => (await send(server.url, 'GET', `${EMULATOR}/_test/webhooks?wait=1`)).body.idle)
        .toBe(true);
    }

    const state = await emulatorState(server);
    const captured = state.payments.filter((payment: { status: string }) =>
      ['captured', 'refunded'].includes(payment.status),
    );
    expect(captured.length).toBeGreaterThan(0);
    for (const payment of captured as Array<{ id: string; amount: number }>) {
      const processed = state.refunds.filter(
        (refund: { payment_id: string; status: string }) =>
          refund.payment_id === payment.id && refund.status === 'processed',
      );
      const refunded = processed.reduce((sum: number, refund: { amount: number }) => sum + refund.amount, 0);
      expect({ payment: payment.id, refunded }).toEqual({ payment: payment.id, refunded: payment.amount });
    }
    const active = await server.ctx.db
      .selectFrom('tickets')
      .select('id')
      .where('event_id', '=', event.id)
      .where('status', '=', 'active')
      .execute();
    expect(active).toHaveLength(0);
  });
});
