import { beforeAll, expect, it } from 'vitest';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  availableTickets,
  buy,
  createOrder,
  expireHoldNow,
  newEvent,
  orderRow,
  type TestEvent,
} from '../../support/purchase';
import type { TestResponse, TestServer } from '../../support/server';
import { useServer } from '../../support/server';

// The hoarding this guards against: one account held 400 of 1,000 seats without paying (20 holds of 20 in under a
// second, the two checkout routes counting against separate rate limits). Now a person may hold plus have
// bought at most MAX_TICKETS_PER_PERSON (default 20) seats, and both routes share one rate-limit counter.
// The defaults are what is tested: 20 per person, 10 checkouts a minute per person.

const ENV = { HOLD_SWEEP_SECONDS: '86400', OUTBOX_INTERVAL_MS: '86400000' };

function book(server: TestServer, buyer: TestUser, quantity: number): Promise<TestResponse> {
  return server.request('POST', '/api/tickets', { token: buyer.token, body: { quantity } });
}

/** The two checkout routes, alternately, as an attacker spreading holds over both would. */
function checkout(server: TestServer, buyer: TestUser, event: TestEvent, quantity: number, index: number) {
  return index % 2 === 0 ? createOrder(server, buyer, event, quantity) : book(server, buyer, quantity);
}

function allowance(server: TestServer, buyer: TestUser): Promise<TestResponse> {
  return server.request('GET', '/api/tickets/allowance', { token: buyer.token });
}

describeEachDatabase('per-person ticket cap', (engine) => {
  const server = useServer(engine, { env: ENV });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: 300, groupPrice4: 250 });
  });

  it('the hoarding attack (20 holds of 20 from one account at once, over both routes) holds 20 seats, not 400', async () => {
    const attacker = await newUser(server);
    const before = await availableTickets(server);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => checkout(server, attacker, event, 20, index)),
    );

    const accepted = answers.filter((answer) => answer.status === 200);
    expect(accepted).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) {
      // Over the cap, or (past the 10th checkout of the minute) over the shared rate limit.
      expect([409, 429], answer.text).toContain(answer.status);
      if (answer.status === 409) expect(answer.body.code).toBe('PERSON_LIMIT_REACHED');
    }
    expect(answers.filter((a) => a.status === 409).length).toBeGreaterThanOrEqual(9);
    expect(before - (await availableTickets(server))).toBe(20);
  });

  it('the refusal is a 409 saying how many more that person may buy, and a hold that fits still goes through', async () => {
    const buyer = await newUser(server);
    expect((await createOrder(server, buyer, event, 10)).status).toBe(200);
    expect((await book(server, buyer, 3)).status).toBe(200);

    const over = await createOrder(server, buyer, event, 8);
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      success: false,
      code: 'PERSON_LIMIT_REACHED',
      error:
        'One person may buy at most 20 tickets for this event. You may buy 7 more. Please choose 7 or fewer.',
    });
    expect((await book(server, buyer, 7)).status).toBe(200);
    const full = await book(server, buyer, 1);
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('PERSON_LIMIT_REACHED');
    expect(full.body.error).toContain('You cannot buy more');
  });

  it('bought tickets count; hand-issued tickets, cancelled tickets and holds that ran out do not', async () => {
    const buyer = await newUser(server);
    const bought = await buy(server, buyer, event, 5);
    const admin = await newUser(server, { role: 'admin' });
    const issued = await server.request('POST', '/api/tickets/admin/issue-manual', {
      token: admin.token,
      body: { userName: 'Guest', userEmail: buyer.email, quantity: 10, paymentDone: true },
    });
    expect(issued.status, issued.text).toBe(200);
    const cancelled = await server.request('PATCH', `/api/tickets/cancel/${bought.tickets[0].id}`, {
      token: buyer.token,
      body: { reason: 'A friend cannot come' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const expiring = await createOrder(server, buyer, event, 6);
    await expireHoldNow(server, (await orderRow(server, expiring.body.orderId)).id);
    const live = await createOrder(server, buyer, event, 2);
    expect(live.status).toBe(200);

    // 4 bought (5 less the cancelled one) + 2 held; only the person themself may ask.
    expect((await server.request('GET', '/api/tickets/allowance')).status).toBe(401);
    expect((await allowance(server, buyer)).body).toEqual({
      success: true,
      allowance: { limit: 20, held: 2, bought: 4, remaining: 14 },
    });
    expect((await createOrder(server, buyer, event, 15)).body.code).toBe('PERSON_LIMIT_REACHED');
    expect((await createOrder(server, buyer, event, 14)).status).toBe(200);
  });

  it('a person over the cap through a late payment may buy nothing more, and is told so', async () => {
    const buyer = await newUser(server);
    await issuePaidTickets(server.ctx, { eventId: event.id, userId: buyer.user.id, quantity: 20 });
    expect((await allowance(server, buyer)).body.allowance).toMatchObject({ bought: 20, remaining: 0 });
    const refused = await createOrder(server, buyer, event, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('PERSON_LIMIT_REACHED');
  });

  it('both checkout routes share one rate-limit counter per person (10 a minute), another person is unaffected', async () => {
    const buyer = await newUser(server);
    const answers: number[] = [];
    for (let index = 0; index < 12; index++) {
      answers.push((await checkout(server, buyer, event, 1, index)).status);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers.slice(10)).toEqual([429, 429]);
    expect((await book(server, await newUser(server), 1)).status).toBe(200);
  });
});
