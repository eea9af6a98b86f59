import { CALL_OFF_REASON } from '@utsav/domain/event-change';
import { beforeAll, expect, it } from 'vitest';
import { runCallOffRefunds } from '../../src/modules/event-change/job';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, uniqueEmail } from '../../support/factories';
import {
  buy,
  EMULATOR,
  emulatorState,
  newEvent,
  PURCHASE_ENV,
  pay,
  settleRefunds,
  type TestEvent,
} from '../../support/purchase';
import { ticketRow } from '../../support/refunds';
import { send, useServer } from '../../support/server';

// A ticket given away by transfer before the night is called off: its seat was paid by the buyer's order, so the
// call-off refunds it in full to that payment, like the buyer's own tickets (the recipient's ticket is on no order).
// The transfer's own fee stays paid. On SQLite and PostgreSQL.

const CHANGE = '/api/admin/event/change';

describeEachDatabase('calling off a night with a ticket given away', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;

  beforeAll(async () => {
    admin = await newUser(server, { role: 'admin' });
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 299 });
  });

  it('refunds the received ticket to the buyer’s payment, in full, once; the transfer fee stays', async () => {
    const buyer = await newUser(server);
    const bought = await buy(server, buyer, event, 2);
    const [kept, given] = bought.tickets as { id: string }[];
    const friend = await newUser(server);
    const started = await server.request('POST', `/api/tickets/${given!.id}/transfer`, {
      token: buyer.token,
      body: { recipientEmail: friend.email, recipientName: 'A Friend' },
    });
    expect(started.status, started.text).toBe(200);
    const feePaid = await pay(server, started.body.orderId);
    const transferred = await server.request('POST', '/api/tickets/transfer/verify-payment', {
      token: buyer.token,
      body: feePaid,
    });
    expect(transferred.status, transferred.text).toBe(200);
    const received = await server.ctx.db
      .selectFrom('tickets')
      .select(['id', 'order_id'])
      .where('transferred_from_ticket_id', '=', given!.id)
      .executeTakeFirstOrThrow();
    expect(received.order_id).toBeNull();
    // Someone else's ticket, untouched by this one: bought on its own order.
    await buy(server, await newUser(server, { email: uniqueEmail('other') }), event, 1);

    const dry = await server.request('POST', CHANGE, {
      token: admin.token,
      body: { kind: 'call-off', dryRun: true },
    });
    expect(dry.body).toMatchObject({ orders: 2, tickets: 3, refundTotal: 3 * 299 });
    const confirmed = await server.request('POST', CHANGE, {
      token: admin.token,
      body: { kind: 'call-off', confirm: event.name },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    await runCallOffRefunds(server.ctx);
    await settleRefunds(server);
    await expect
      .poll(async () => (await send(server.url, 'GET', `${EMULATOR}/_test/webhooks?wait=1`)).body.idle)
      .toBe(true);
    await runCallOffRefunds(server.ctx);
    await expect
      .poll(async () => (await server.request('GET', CHANGE, { token: admin.token })).body)
      .toMatchObject({ done: 2, pending: 0, failed: 0, refundedTotal: 3 * 299 });

    expect(await ticketRow(server, received.id)).toMatchObject({
      status: 'cancelled',
      cancellation_reason: CALL_OFF_REASON,
    });
    const order = await server.ctx.db
      .selectFrom('orders')
      .select(['id', 'user_id', 'razorpay_payment_id'])
      .where('razorpay_order_id', '=', bought.checkout.razorpay_order_id)
      .executeTakeFirstOrThrow();
    const refunds = await server.ctx.db
      .selectFrom('refunds')
      .select(['ticket_id', 'order_id', 'user_id', 'payment_id', 'refund_amount_paise', 'status'])
      .where('ticket_id', 'in', [kept!.id, received.id])
      .orderBy('ticket_id')
      .execute();
    expect(refunds).toHaveLength(2);
    for (const refund of refunds) {
      // The money goes back to the card that paid: the buyer's order and payment.
      expect(refund).toMatchObject({
        order_id: order.id,
        user_id: order.user_id,
        payment_id: order.razorpay_payment_id,
        refund_amount_paise: 29_900,
        status: 'processed',
      });
    }
    // At Razorpay: the tickets' payment refunded exactly what it paid, once; the transfer fee's payment not at all.
    const state = await emulatorState(server);
    const processed = (paymentId: string | null) =>
      state.refunds
        .filter(
          (refund: { payment_id: string; status: string }) =>
            refund.payment_id === paymentId && refund.status === 'processed',
        )
        .map((refund: { amount: number }) => refund.amount);
    expect(processed(order.razorpay_payment_id)).toEqual([29_900, 29_900]);
    expect(processed(feePaid.razorpay_payment_id)).toEqual([]);
  });
});
