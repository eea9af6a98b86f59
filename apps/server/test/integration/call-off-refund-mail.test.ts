import { callOffOrderMailKey } from '@utsav/domain/call-off-refund-mail';
import { CALL_OFF_REASON, CALL_OFF_REFUND_ATTEMPTS } from '@utsav/domain/event-change';
import { expect, it } from 'vitest';
import { runCallOffRefunds } from '../../src/modules/event-change/job';
import { applyRazorpayRefund } from '../../src/modules/refunds/gateway';
import type { RazorpayRefund } from '../../src/platform/payments/razorpay-client';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { useInstances } from '../../support/instances';
import {
  buy,
  EMULATOR,
  emulatorState,
  newEvent,
  outboxRows,
  PURCHASE_ENV,
  settleRefunds,
  setWebhookMode,
} from '../../support/purchase';
import type { TestServer } from '../../support/server';
import { deliverTo, useSmtp } from '../../support/smtp';
import { decodeHeader, parseMime, textOf } from '../unit/mail/mime';

// A called-off night mails one "refund complete" per order, not one per ticket (decision 0632), on SQLite and
// PostgreSQL. Two instances of the app on one PostgreSQL database (one app on SQLite) hear Razorpay's news of every refund of several orders at
// the same moment, each piece twice (as a webhook and as the polling job would bring it): each order is mailed once,
// listing its tickets and their sum. A refund that failed for good keeps its own failure mail, and the order's mail
// covers the others; one an admin retries after that is mailed on its own.

const ORDERS = 5;
const TICKETS = 3;
const PRICE = 299;

interface OurRefund {
  id: string;
  order_id: string;
  ticket_id: string;
  payment_id: string;
  razorpay_refund_id: string | null;
  attempts: number;
  refund_amount_paise: number;
  status: string;
}

/** Razorpay's word on our refunds, as its webhooks and its API would both give it: the emulator's refunds, settled. */
async function settledAtRazorpay(server: TestServer, ours: readonly OurRefund[]): Promise<RazorpayRefund[]> {
  await settleRefunds(server);
  const ids = new Set(ours.map((refund) => refund.razorpay_refund_id));
  return ((await emulatorState(server)).refunds as RazorpayRefund[]).filter((refund) => ids.has(refund.id));
}

describeEachDatabase('a called-off night’s refund mails', (engine) => {
  const smtp = useSmtp();
  // Two instances on PostgreSQL; a SQLite database is one process's (its transactions run one at a time).
  const { servers } = useInstances(engine, {
    count: engine === 'postgres' ? 2 : 1,
    env: PURCHASE_ENV,
    adjust: deliverTo(smtp),
  });
  const first = () => servers[0] as TestServer;
  let admin: TestUser;
  const guests: TestUser[] = [];
  /** The guest whose order had the refund that failed for good. */
  let unlucky: TestUser;

  const callOffRefunds = (): Promise<OurRefund[]> =>
    first()
      .ctx.db.selectFrom('refunds')
      .select([
        'id',
        'order_id',
        'ticket_id',
        'payment_id',
        'razorpay_refund_id',
        'attempts',
        'refund_amount_paise',
        'status',
      ])
      .where('reason', '=', CALL_OFF_REASON)
      .orderBy('id')
      .execute();

  /** Every piece of news at once: twice on each instance. */
  const hearAtOnce = (pieces: RazorpayRefund[]) =>
    Promise.all(
      pieces.flatMap((piece) =>
        servers.flatMap((server) => [
          applyRazorpayRefund(server.ctx, piece, 'webhook'),
          applyRazorpayRefund(server.ctx, piece, 'poll'),
        ]),
      ),
    );

  /** The outbox takes a batch at a time: the call-off's credit notes and mails fill more than one. */
  const drainAll = async () => {
    while ((await first().app.outbox.drain(new Date())) > 0) {}
  };

  const mailsTo = (guest: TestUser, from: number) =>
    smtp.received
      .slice(from)
      .filter((mail) => mail.to.includes(guest.email))
      .map((mail) => {
        const message = parseMime(mail.raw);
        return {
          subject: decodeHeader(message.headers.get('subject') ?? ''),
          text: textOf(message, 'text/plain'),
        };
      });

  it('each order is mailed once, with its tickets and their sum, however its refunds settle at once', async () => {
    const server = first();
    admin = await newUser(server, { role: 'admin' });
    const event = await newEvent(server, { totalTickets: 100, ticketPrice: PRICE });
    for (let i = 0; i < ORDERS; i++) {
      const guest = await newUser(server);
      await buy(server, guest, event, TICKETS);
      guests.push(guest);
    }
    await drainAll();
    const sentBefore = smtp.received.length;

    await server.request('POST', '/api/admin/event/change', {
      token: admin.token,
      body: { kind: 'call-off', dryRun: true },
    });
    const confirmed = await server.request('POST', '/api/admin/event/change', {
      token: admin.token,
      body: { kind: 'call-off', confirm: event.name },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    // Razorpay will fail the first refund the job asks for; its webhooks are not delivered: the test brings the news.
    await setWebhookMode(server, 'drop');
    await server.request('POST', `${EMULATOR}/_test/refunds/fail-next`, { body: { count: 1 } });
    await runCallOffRefunds(server.ctx);
    const sent = await callOffRefunds();
    expect(sent).toHaveLength(ORDERS * TICKETS);
    expect(sent.every((refund) => refund.status === 'processing' && refund.razorpay_refund_id)).toBe(true);
    const pieces = await settledAtRazorpay(server, sent);
    expect(pieces).toHaveLength(ORDERS * TICKETS);
    const failedThere = pieces.filter((piece) => piece.status === 'failed');
    expect(failedThere).toHaveLength(1);

    // That refund is on its last attempt, as the job leaves one Razorpay kept failing: its failure is final.
    const failing = sent.find((refund) => refund.razorpay_refund_id === failedThere[0]!.id)!;
    await server.ctx.db
      .updateTable('refunds')
      .set({ attempts: CALL_OFF_REFUND_ATTEMPTS })
      .where('id', '=', failing.id)
      .execute();
    const orderIds = [...new Set(sent.map((refund) => refund.order_id))];
    const userOfOrder = new Map(
      (
        await server.ctx.db
          .selectFrom('orders')
          .select(['id', 'user_id'])
          .where('id', 'in', orderIds)
          .execute()
      ).map((order) => [order.id, order.user_id]),
    );
    const lastOrder = guests.findIndex((guest) => guest.user.id === userOfOrder.get(failing.order_id));
    unlucky = guests[lastOrder]!;
    await hearAtOnce(pieces);

    const settled = await callOffRefunds();
    expect(settled.filter((refund) => refund.status === 'processed')).toHaveLength(ORDERS * TICKETS - 1);
    expect(settled.find((refund) => refund.id === failing.id)?.status).toBe('failed');

    // One order mail per order, naming every processed refund of it; no per-refund completion mail.
    const orderMails = await outboxRows(server, 'call-off-refunds-completed');
    expect(orderMails.map((row) => row.payload.orderId).sort()).toEqual([...orderIds].sort());
    for (const row of orderMails) {
      expect(row.id).toBe(callOffOrderMailKey(row.payload.orderId as string));
      const processed = settled
        .filter((refund) => refund.order_id === row.payload.orderId && refund.status === 'processed')
        .map((refund) => refund.id)
        .sort();
      expect([...(row.payload.refundIds as string[])].sort()).toEqual(processed);
    }
    const ids = new Set(sent.map((refund) => refund.id));
    expect(
      (await outboxRows(server, 'refund-completed')).filter((row) => ids.has(row.payload.refundId as string)),
    ).toEqual([]);
    expect((await outboxRows(server, 'refund-failed')).map((row) => row.payload.refundId)).toEqual([
      failing.id,
    ]);

    // Sent: each guest reads one completion mail, in paise-exact rupees, with every ticket's code.
    await drainAll();
    const codes = await server.ctx.db
      .selectFrom('tickets')
      .select(['id', 'ticket_code'])
      .where(
        'id',
        'in',
        sent.map((refund) => refund.ticket_id),
      )
      .execute();
    const codeOf = new Map(codes.map((ticket) => [ticket.id, ticket.ticket_code]));
    for (const [index, guest] of guests.entries()) {
      const mails = mailsTo(guest, sentBefore).filter((mail) => /refund/i.test(mail.subject));
      const complete = mails.filter((mail) => mail.subject.includes('is complete'));
      expect(complete, guest.email).toHaveLength(1);
      const order = orderIds.find((id) => userOfOrder.get(id) === guest.user.id)!;
      const mine = settled.filter((refund) => refund.order_id === order);
      const done = mine.filter((refund) => refund.status === 'processed');
      const paise = done.reduce((sum, refund) => sum + refund.refund_amount_paise, 0);
      expect(paise).toBe(done.length * PRICE * 100);
      expect(complete[0]!.subject).toBe(
        `Your refund of ₹${done.length * PRICE} for ${event.name} is complete`,
      );
      for (const refund of done) expect(complete[0]!.text).toContain(codeOf.get(refund.ticket_id)!);
      if (index === lastOrder) {
        expect(complete[0]!.text).not.toContain(codeOf.get(failing.ticket_id)!);
        expect(complete[0]!.text).toContain(
          'The refund for 1 other ticket of this order could not be completed',
        );
        expect(mails.filter((mail) => mail.subject.includes('could not complete'))).toHaveLength(1);
      }
    }
  });

  it('a refund an admin retries after the order’s mail is mailed on its own; the order is not mailed again', async () => {
    const server = first();
    const retried = await server.request('POST', '/api/admin/event/change/retry', { token: admin.token });
    expect(retried.status, retried.text).toBe(200);
    expect(retried.body.retried).toBe(1);
    await runCallOffRefunds(server.ctx);
    const all = await callOffRefunds();
    const [again] = await settledAtRazorpay(
      server,
      all.filter((refund) => refund.status === 'processing'),
    );
    const reopened = all.find((refund) => refund.status === 'processing')!;
    expect(reopened.attempts).toBe(CALL_OFF_REFUND_ATTEMPTS + 1);
    expect(again).toMatchObject({ id: reopened.razorpay_refund_id, status: 'processed' });
    await hearAtOnce([again!]);

    expect(await outboxRows(server, 'call-off-refunds-completed')).toHaveLength(ORDERS);
    const own = (await outboxRows(server, 'refund-completed')).filter(
      (row) => row.payload.refundId === reopened.id,
    );
    expect(own).toHaveLength(1);
    const before = smtp.received.length;
    await drainAll();
    expect(mailsTo(unlucky, before).map((mail) => mail.subject)).toEqual(['Your refund of ₹299 is complete']);
  });
});
