import { CALL_OFF_REASON } from '@utsav/domain/event-change';
import { beforeAll, expect, it } from 'vitest';
import { CALL_OFF_LANES, runCallOffRefunds } from '../../src/modules/event-change/job';
import { RazorpayClient } from '../../src/platform/payments/razorpay-client';
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

// The call-off job's lanes and its backoff (decision 0616): Razorpay answering 429 "too many requests" to the
// first refunds of a run stops the run from claiming more orders — the lanes finish the orders in hand, the rest
// stay queued — and the next run, Razorpay taking requests again, claims the rest and resends the refunds left
// pending with their same keys: every order refunded once, in full.

const CHANGE = '/api/admin/event/change';
const ORDERS = CALL_OFF_LANES + 2;

describeEachDatabase('the call-off job backing off when Razorpay rate-limits it', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  const payments: string[] = [];

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 299 });
    for (let i = 0; i < ORDERS; i++) {
      payments.push((await buy(server, await newUser(server), event, 1)).checkout.razorpay_payment_id);
    }
  });

  it('claims no more orders once a refund is not taken, and the next run finishes every order once', async () => {
    await server.request('POST', CHANGE, { token: admin.token, body: { kind: 'call-off', dryRun: true } });
    const confirmed = await server.request('POST', CHANGE, {
      token: admin.token,
      body: { kind: 'call-off', confirm: event.name },
    });
    expect(confirmed.status, confirmed.text).toBe(200);

    // Razorpay says 429 to every request of this run.
    let calls = 0;
    const throttled = new RazorpayClient({
      baseUrl: 'http://razorpay.invalid/v1',
      keyId: server.config.razorpay.keyId,
      keySecret: server.config.razorpay.keySecret,
      fetch: async () => {
        calls++;
        return new Response(
          JSON.stringify({ error: { code: 'BAD_REQUEST_ERROR', description: 'Too many requests' } }),
          { status: 429, headers: { 'content-type': 'application/json' } },
        );
      },
    });
    const first = await runCallOffRefunds({ ...server.ctx, razorpay: () => throttled });
    // Each lane took one order before any answer came back, then none took another; no resend pass followed.
    expect(first).toMatchObject({ claimed: CALL_OFF_LANES, sent: 0, waiting: CALL_OFF_LANES, retried: 0 });
    expect(calls).toBe(CALL_OFF_LANES);
    const states = await server.ctx.db
      .selectFrom('call_off_orders')
      .select(['state', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('state')
      .orderBy('state')
      .execute();
    expect(states.map((row) => [row.state, Number(row.n)])).toEqual([
      ['queued', ORDERS - CALL_OFF_LANES],
      ['refunding', CALL_OFF_LANES],
    ]);

    // Razorpay takes requests again: the rest are claimed, the pending ones resent with their keys.
    const second = await runCallOffRefunds(server.ctx);
    expect(second).toMatchObject({ claimed: ORDERS - CALL_OFF_LANES, sent: ORDERS, waiting: 0 });
    await settleRefunds(server);
    await expect
      .poll(async () => (await send(server.url, 'GET', `${EMULATOR}/_test/webhooks?wait=1`)).body.idle)
      .toBe(true);
    expect((await server.request('GET', CHANGE, { token: admin.token })).body).toMatchObject({
      done: ORDERS,
      pending: 0,
      failed: 0,
      refundedTotal: ORDERS * 299,
    });

    const ours = await server.ctx.db
      .selectFrom('refunds')
      .select(['status', 'attempts'])
      .where('reason', '=', CALL_OFF_REASON)
      .execute();
    expect(ours).toEqual(Array.from({ length: ORDERS }, () => ({ status: 'processed', attempts: 1 })));
    const state = await emulatorState(server);
    const refunded = state.refunds.filter(
      (refund: { payment_id: string; status: string }) =>
        payments.includes(refund.payment_id) && refund.status === 'processed',
    );
    expect(refunded).toHaveLength(ORDERS);
  });
});
