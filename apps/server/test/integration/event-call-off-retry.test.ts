import { CALL_OFF_REASON, CALL_OFF_REFUND_ATTEMPTS } from '@utsav/domain/event-change';
import { beforeAll, expect, it } from 'vitest';
import { runCallOffRefunds } from '../../src/modules/event-change/job';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  buy,
  EMULATOR,
  emulatorState,
  newEvent,
  PURCHASE_ENV,
  settleRefunds,
  type TestEvent,
} from '../../support/purchase';
import { send, useServer } from '../../support/server';

// A call-off whose refunds Razorpay kept refusing (more times than the job retries): an admin puts the failed ones
// back, once each even when two ask at the same moment, and every order ends refunded exactly what it paid.

const CHANGE = '/api/admin/event/change';
const ORDERS = 3;

describeEachDatabase('retrying a call-off’s failed refunds', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  let manager: TestUser;
  const payments: { paymentId: string; amountPaise: number }[] = [];

  async function settleAndHear(): Promise<void> {
    await settleRefunds(server);
    await expect
      .poll(async () => (await send(server.url, 'GET', `${EMULATOR}/_test/webhooks?wait=1`)).body.idle)
      .toBe(true);
  }

  const progress = async () => (await server.request('GET', CHANGE, { token: admin.token })).body;
  const retry = (who: TestUser) => server.request('POST', `${CHANGE}/retry`, { token: who.token });

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
    manager = await newUser(server, { role: 'manager' });
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 299 });
    for (let i = 0; i < ORDERS; i++) {
      const bought = await buy(server, await newUser(server), event, 1);
      payments.push({ paymentId: bought.checkout.razorpay_payment_id, amountPaise: 29_900 });
    }
  });

  it('is refused before a call-off, and to anyone but an admin', async () => {
    const early = await retry(admin);
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('CONFLICT');
    expect((await retry(manager)).status).toBe(403);
  });

  it('puts back only the failed refunds, each once, and every order ends refunded once in full', async () => {
    await server.request('POST', CHANGE, { token: admin.token, body: { kind: 'call-off', dryRun: true } });
    const confirmed = await server.request('POST', CHANGE, {
      token: admin.token,
      body: { kind: 'call-off', confirm: event.name },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    // Razorpay refuses every attempt the job will make (the provider balance has run out).
    await server.request('POST', `${EMULATOR}/_test/refunds/fail-next`, {
      body: { count: ORDERS * CALL_OFF_REFUND_ATTEMPTS },
    });
    for (let pass = 0; pass < CALL_OFF_REFUND_ATTEMPTS + 1; pass++) {
      await runCallOffRefunds(server.ctx);
      await settleAndHear();
    }
    expect(await progress()).toMatchObject({ kind: 'call-off', done: 0, pending: 0, failed: ORDERS });
    // The job has given up on them: another run sends nothing.
    expect((await runCallOffRefunds(server.ctx)).retried).toBe(0);

    // Two admins press 'Retry failed refunds' at the same moment: each failed refund is reopened once.
    const [first, second] = await Promise.all([retry(admin), retry(admin)]);
    expect(first.status, first.text).toBe(200);
    expect(second.status, second.text).toBe(200);
    expect(first.body.retried + second.body.retried).toBe(ORDERS);
    expect(await progress()).toMatchObject({ pending: ORDERS, failed: 0 });
    // Nothing is failed any more: a third press reopens nothing.
    expect((await retry(admin)).body.retried).toBe(0);

    await runCallOffRefunds(server.ctx);
    await settleAndHear();
    expect(await progress()).toMatchObject({
      done: ORDERS,
      pending: 0,
      failed: 0,
      refundedTotal: ORDERS * 299,
    });

    const ours = await server.ctx.db
      .selectFrom('refunds')
      .select(['order_id', 'status', 'refund_amount_paise', 'attempts'])
      .where('reason', '=', CALL_OFF_REASON)
      .execute();
    expect(ours).toHaveLength(ORDERS);
    expect(
      ours.every((refund) => refund.status === 'processed' && refund.refund_amount_paise === 29_900),
    ).toBe(true);
    expect(ours.every((refund) => refund.attempts === CALL_OFF_REFUND_ATTEMPTS + 1)).toBe(true);
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select('actor_user_id')
      .where('action', '=', 'refund.retried')
      .where('actor_user_id', '=', admin.user.id)
      .execute();
    expect(audit).toHaveLength(ORDERS);

    // At Razorpay: each payment refunded exactly once, in full.
    const state = await emulatorState(server);
    for (const payment of payments) {
      const processed = state.refunds.filter(
        (refund: { payment_id: string; status: string }) =>
          refund.payment_id === payment.paymentId && refund.status === 'processed',
      );
      expect(processed.map((refund: { amount: number }) => refund.amount)).toEqual([payment.amountPaise]);
    }
  });
});
