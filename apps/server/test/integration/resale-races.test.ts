import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { pollRefunds } from '../../src/modules/refunds/jobs';
import { countTaken } from '../../src/stores/events';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  buy,
  createOrder,
  leaveSeats,
  newEvent,
  orderPayload,
  PURCHASE_ENV,
  pay,
  setWebhookMode,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { cancel, ticketRow } from '../../support/refunds';
import { useServer } from '../../support/server';
import { emptyLine, joinWaitlist, myPlace } from '../../support/waitlist';

// Resale's races, each with one winner decided by the seller's ticket row (docs/decisions/0716-resale-one-seat.md):
// the buyer's payment against the seller walking through the gate, cancelling, transferring, or withdrawing; the
// normal dialog when nobody waits; the seller's refund failing at Razorpay and sent again by the job; and the
// cut-off. The event is sold out throughout, so any ticket issued twice for one seat would show in the count; and
// while each race runs, the seats sold and held are read again and again, in one statement each, and never pass
// the capacity. Each race is run several times and whichever side wins, the loser is refused with its code and
// nothing of its half is written.

const ENV = { ...PURCHASE_ENV, WAITLIST_OFFER_MINUTES: '30' };
const ATTEMPTS = 3;

describeEachDatabase('resale races', (engine) => {
  // The event starts 2099-10-01 19:00 IST (13:30Z): resale closes at 11:30Z by default.
  const clock = testClock(new Date('2099-09-01T10:00:00.000Z'));
  const server = useServer(engine, { env: ENV, now: clock.now });
  let event: TestEvent;
  let gate: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 50, ticketPrice: 299 });
    gate = await newUser(server, { role: 'qrchecker' });
    // verify-payment is the one fulfilment here, so each race is the buyer's verify against the seller's move.
    await setWebhookMode(server, 'drop');
  });

  afterAll(async () => {
    await setWebhookMode(server, 'normal');
  });

  beforeEach(async () => {
    await emptyLine(server, clock.now());
  });

  const list = (who: TestUser, ticketId: string) =>
    server.request('POST', `/api/tickets/${ticketId}/resale`, { token: who.token });

  /** A sold-out event, a seller's listed ticket, and a buyer holding the waitlist offer of it. */
  async function offered() {
    await leaveSeats(server, event.id, 1);
    const seller = await newUser(server);
    const ticket = (await buy(server, seller, event, 1)).tickets[0] as { id: string };
    const buyer = await newUser(server);
    expect((await joinWaitlist(server, buyer, 1)).status).toBe(200);
    expect((await list(seller, ticket.id)).body.listing.status).toBe('offered');
    const checkout = await createOrder(server, buyer, event, 1, { amount: 299 });
    expect(checkout.status, checkout.text).toBe(200);
    const paid = await pay(server, checkout.body.orderId);
    return { seller, buyer, ticket, paid, qr: (await ticketRow(server, ticket.id)).qr_token };
  }

  /** Sold (people admitted by active and used tickets) and held (live holds' people), in one snapshot. */
  async function seatsNow(): Promise<{ taken: number; capacity: number }> {
    const now = clock.now().toISOString();
    const row = await sql<{ sold: number; held: number; capacity: number }>`
      select
        (select coalesce(sum(admits), 0) from tickets where event_id = ${event.id} and status in ('active', 'used'))
          as sold,
        (select coalesce(sum(coalesce(people, quantity)), 0) from orders
          where event_id = ${event.id} and status = 'created' and hold_expires_at > ${now}) as held,
        (select total_tickets from events where id = ${event.id}) as capacity`.execute(server.ctx.db);
    const { sold, held, capacity } = row.rows[0]!;
    return { taken: Number(sold) + Number(held), capacity: Number(capacity) };
  }

  /** Runs `race`, reading the seats between its statements until it settles: never over capacity. */
  async function watchingSeats<T>(race: Promise<T>): Promise<T> {
    let settled = false;
    const done = race.finally(() => {
      settled = true;
    });
    let samples = 0;
    do {
      const { taken, capacity } = await seatsNow();
      expect(taken).toBeLessThanOrEqual(capacity);
      samples += 1;
      // SQLite answers synchronously: without a turn of the event loop the requests racing would never run.
      await new Promise((resolve) => setImmediate(resolve));
    } while (!settled);
    expect(samples).toBeGreaterThan(0);
    return done;
  }

  async function buyerTickets(buyer: TestUser) {
    return server.ctx.db.selectFrom('tickets').selectAll().where('user_id', '=', buyer.user.id).execute();
  }

  it('the buyer’s payment against the seller at the gate: one wins, the seat is never counted twice', async () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { buyer, ticket, paid, qr } = await offered();
      const taken = await countTaken(server.ctx.db, event.id, clock.now());
      const [verified, scanned] = await watchingSeats(
        Promise.all([
          verify(server, buyer, paid),
          server.request('POST', '/api/tickets/mark-used', { token: gate.token, body: { qrCode: qr } }),
        ]),
      );
      const seller = await ticketRow(server, ticket.id);
      if (scanned.status === 200) {
        // The gate won: the seller is inside, the buyer gets no ticket and all their money back.
        expect(seller.status).toBe('used');
        expect(verified.body.code).toBe('SOLD_OUT');
        expect(verified.body.error).toMatch(
          /^Sorry, the resold ticket was used at the gate before your payment completed\. Your payment of ₹299(\.00)? (has been|will be) refunded in full\.$/,
        );
        expect(await buyerTickets(buyer)).toHaveLength(0);
      } else {
        expect(scanned.body.code).toBe('TICKET_RESOLD');
        expect(verified.status, verified.text).toBe(200);
        expect(seller).toMatchObject({ status: 'cancelled', cancellation_reason: 'Resold' });
        expect(await buyerTickets(buyer)).toHaveLength(1);
      }
      expect(await countTaken(server.ctx.db, event.id, clock.now())).toBe(taken);
      await emptyLine(server, clock.now());
    }
  });

  it('the buyer’s payment against the seller cancelling: one refund, one holder', async () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { seller, buyer, ticket, paid } = await offered();
      const taken = await countTaken(server.ctx.db, event.id, clock.now());
      const [verified, cancelled] = await watchingSeats(
        Promise.all([verify(server, buyer, paid), cancel(server, seller, ticket.id)]),
      );
      const refunds = await server.ctx.db
        .selectFrom('refunds')
        .selectAll()
        .where('ticket_id', '=', ticket.id)
        .execute();
      expect(refunds).toHaveLength(1);
      if (cancelled.status === 200) {
        expect(verified.body.code).toBe('SOLD_OUT');
        expect(verified.body.error).toMatch(/^Sorry, the resold ticket was cancelled by its holder before/);
        expect(refunds[0]!.reason).not.toBe('Resold');
        expect(await buyerTickets(buyer)).toHaveLength(0);
        // The cancelled seat went back on sale: one fewer taken.
        expect(await countTaken(server.ctx.db, event.id, clock.now())).toBe(taken - 1);
      } else {
        expect(cancelled.body.code, cancelled.text).toBe('NOT_CANCELLABLE');
        expect(cancelled.body.error).toBe(
          'This ticket was resold, so it cannot be cancelled. The refund of your resale goes back to your payment.',
        );
        expect(verified.status, verified.text).toBe(200);
        expect(refunds[0]!.reason).toBe('Resold');
        expect(await buyerTickets(buyer)).toHaveLength(1);
        expect(await countTaken(server.ctx.db, event.id, clock.now())).toBe(taken);
      }
      await emptyLine(server, clock.now());
    }
  });

  it('the buyer’s payment against the seller’s transfer: one new holder, the other refunded in full', async () => {
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const { seller, buyer, ticket, paid } = await offered();
      const friend = `friend-${attempt}-${engine}-${Date.now()}@example.com`;
      const started = await server.request('POST', `/api/tickets/${ticket.id}/transfer`, {
        token: seller.token,
        body: { recipientEmail: friend, recipientName: 'Farah Friend' },
      });
      expect(started.status, started.text).toBe(200);
      const fee = await pay(server, started.body.orderId);
      const taken = await countTaken(server.ctx.db, event.id, clock.now());
      const [verified, transferred] = await watchingSeats(
        Promise.all([
          verify(server, buyer, paid),
          server.request('POST', '/api/tickets/transfer/verify-payment', { token: seller.token, body: fee }),
        ]),
      );
      const seller_ = await ticketRow(server, ticket.id);
      const friends = await server.ctx.db
        .selectFrom('tickets')
        .innerJoin('users', 'users.id', 'tickets.user_id')
        .select('tickets.id')
        .where('users.email', '=', friend)
        .execute();
      const transfer = await server.ctx.db
        .selectFrom('ticket_transfers')
        .selectAll()
        .where('ticket_id', '=', ticket.id)
        .executeTakeFirstOrThrow();
      if (transferred.status === 200) {
        // The transfer won: the friend holds the seat; the buyer gets no ticket and all their money back.
        expect(seller_.transferred_at).not.toBeNull();
        expect(seller_.resold_at).toBeNull();
        expect(friends).toHaveLength(1);
        expect(verified.body.code).toBe('SOLD_OUT');
        expect(verified.body.error).toMatch(
          /^Sorry, the resold ticket was transferred to someone else before your payment completed\. Your payment of ₹299(\.00)? (has been|will be) refunded in full\.$/,
        );
        expect(await buyerTickets(buyer)).toHaveLength(0);
        expect(transfer.status).toBe('completed');
      } else {
        // The sale won: the transfer fails and its fee goes back; the seller's refund is the resale's.
        // The sender is told the ticket was resold, not that it was cancelled.
        expect(transferred.body.code, transferred.text).toBe('TRANSFER_NOT_ALLOWED');
        expect(transferred.body.error).toMatch(
          /^This ticket was resold, so it cannot be transferred\. The transfer fee of ₹\d+(\.00)? will be refunded in full\.$/,
        );
        expect(transfer.failure_reason).toBe('This ticket was resold, so it cannot be transferred.');
        expect(verified.status, verified.text).toBe(200);
        expect(seller_).toMatchObject({
          status: 'cancelled',
          cancellation_reason: 'Resold',
          transferred_at: null,
        });
        expect(seller_.resold_at).not.toBeNull();
        expect(friends).toHaveLength(0);
        expect(await buyerTickets(buyer)).toHaveLength(1);
        expect(transfer.status).toBe('failed');
        expect(transfer.razorpay_refund_id).not.toBeNull();
      }
      // A transfer swaps one holder for another, as a resale does: the seats taken never move.
      expect(await countTaken(server.ctx.db, event.id, clock.now())).toBe(taken);
      await emptyLine(server, clock.now());
    }
  });

  it('a listing withdrawn before the buyer pays sells nothing: the buyer is refunded in full', async () => {
    const { seller, buyer, ticket, paid } = await offered();
    const withdrawn = await server.request('DELETE', `/api/tickets/${ticket.id}/resale`, {
      token: seller.token,
    });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    const verified = await verify(server, buyer, paid, {}, 'hi');
    expect(verified.body.code).toBe('SOLD_OUT');
    // Why, in the buyer's language: the seller withdrew it.
    expect(verified.body.error).toMatch(
      /^क्षमा करें, आपका भुगतान पूरा होने से पहले विक्रेता ने दोबारा बिकने वाला टिकट वापस ले लिया। आपके ₹299(\.00)? के भुगतान की पूरी राशि वापस कर (दी गई है|दी जाएगी)।$/,
    );
    const replay = await verify(server, buyer, paid);
    expect(replay.body.error).toMatch(
      /^Sorry, the seller withdrew the resold ticket before your payment completed\./,
    );
    expect((await ticketRow(server, ticket.id)).status).toBe('active');
    expect(await buyerTickets(buyer)).toHaveLength(0);
  });

  it('nobody waiting: sold in the normal dialog marked resale, at face value', async () => {
    // Time passes after the withdrawal above: the resale checkout tells a withdrawal from a sale by which changed
    // the type's listings last, and on one still clock the two would tie.
    clock.advance(1000);
    await leaveSeats(server, event.id, 1);
    const seller = await newUser(server);
    const ticket = (await buy(server, seller, event, 1)).tickets[0] as { id: string };
    expect((await list(seller, ticket.id)).body.listing.status).toBe('listed');
    const buyer = await newUser(server);
    const plain = await createOrder(server, buyer, event, 1);
    expect(plain.body.code).toBe('SOLD_OUT');
    const wrongPrice = await createOrder(server, buyer, event, 1, { amount: 1, resale: true });
    expect(wrongPrice.body.code).toBe('PRICE_CHANGED');
    const checkout = await createOrder(server, buyer, event, 1, { amount: 299, resale: true });
    expect(checkout.status, checkout.text).toBe(200);
    const verified = await verify(server, buyer, await pay(server, checkout.body.orderId));
    expect(verified.status, verified.text).toBe(200);
    expect((await ticketRow(server, ticket.id)).cancellation_reason).toBe('Resold');
    // None left: a second resale checkout is sold out.
    expect((await createOrder(server, buyer, event, 1, { amount: 299, resale: true })).body.code).toBe(
      'SOLD_OUT',
    );
  });

  it('the seller’s refund failing at Razorpay stays pending, and the refund job sends it', async () => {
    const { buyer, ticket, paid } = await offered();
    const real = server.ctx.razorpay;
    server.ctx.razorpay = () =>
      new Proxy(real(), {
        get(target, property, receiver) {
          if (property === 'createRefund') return () => Promise.reject(new Error('gateway unreachable'));
          const value = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
    try {
      expect((await verify(server, buyer, paid)).status).toBe(200);
    } finally {
      server.ctx.razorpay = real;
    }
    const before = await server.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('ticket_id', '=', ticket.id)
      .execute();
    expect(before[0]).toMatchObject({ status: 'pending', reason: 'Resold' });
    expect(before[0]!.last_error).toMatch(/gateway unreachable/);
    const report = await pollRefunds(server.ctx, { unsentAfterMs: 0 });
    expect(report.sent).toBeGreaterThanOrEqual(1);
    const after = await server.ctx.db
      .selectFrom('refunds')
      .selectAll()
      .where('ticket_id', '=', ticket.id)
      .execute();
    expect(after[0]!.status).not.toBe('pending');
    expect(after[0]!.razorpay_refund_id).not.toBeNull();
    expect(await myPlace(server, buyer)).toMatchObject({ status: 'bought' });
  });

  it('listings close at the cut-off: no new listing, none offered, a waiting one shows ended', async () => {
    await leaveSeats(server, event.id, 2);
    const seller = await newUser(server);
    const [first, second] = (await buy(server, seller, event, 2)).tickets as { id: string }[];
    clock.set(new Date('2099-10-01T11:29:59.999Z'));
    expect((await list(seller, first!.id)).body.listing).toMatchObject({
      status: 'listed',
      closesAt: '2099-10-01T11:30:00.000Z',
    });
    clock.set(new Date('2099-10-01T11:30:00.000Z'));
    const late = await list(seller, second!.id);
    expect(late.status).toBe(400);
    // The refusal says when listings closed, as a clock time in IST in the reader's language.
    expect(late.body).toMatchObject({
      code: 'RESALE_CLOSED',
      error:
        'Resale closed at Thursday, 1 October 2099 at 5:00 PM IST, 2 hours before the event starts, so this ticket can no longer be listed.',
    });
    const lateInGujarati = await server.request('POST', `/api/tickets/${second!.id}/resale`, {
      token: seller.token,
      headers: { 'accept-language': 'gu' },
    });
    expect(lateInGujarati.body.error).toBe(
      'પુનઃવેચાણ ગુરુવાર, 1 ઑક્ટોબર, 2099, સાંજે 5:00 IST એ બંધ થયું, કાર્યક્રમ શરૂ થવાના 2 કલાક પહેલાં, તેથી આ ટિકિટ હવે પુનઃવેચાણ માટે મૂકી શકાતી નથી.',
    );
    const mine = await server.request('GET', '/api/tickets/my-resales', { token: seller.token });
    expect(mine.body.listings.find((row: { ticketId: string }) => row.ticketId === first!.id).status).toBe(
      'ended',
    );
    const types = (await server.request('GET', '/api/event')).body.data.ticketTypes;
    expect(types.every((type: { resaleAvailable: number }) => type.resaleAvailable === 0)).toBe(true);
    const buyer = await newUser(server);
    // A resale checkout after the cut-off says which rule refused it (not "Resale is not open"), in the
    // reader's language.
    const lateSale = await createOrder(server, buyer, event, 1, { amount: 299, resale: true });
    expect(lateSale.status).toBe(400);
    expect(lateSale.body).toMatchObject({
      code: 'RESALE_CLOSED',
      error:
        'Resold tickets were on sale until Thursday, 1 October 2099 at 5:00 PM IST, 2 hours before the event starts; that time has passed.',
    });
    const inHindi = await server.request('POST', '/api/tickets/create-order', {
      token: buyer.token,
      headers: { 'accept-language': 'hi' },
      body: orderPayload(event, 1, { amount: 299, resale: true }),
    });
    expect(inHindi.body.error).toBe(
      'पुनर्विक्रय के टिकट गुरुवार, 1 अक्टूबर 2099, शाम 5:00 IST तक बिक रहे थे, कार्यक्रम शुरू होने से 2 घंटे पहले तक; वह समय निकल चुका है।',
    );
    expect((await joinWaitlist(server, buyer, 1)).status).toBe(200);
    expect((await myPlace(server, buyer)).status).toBe('waiting');
  });
});
