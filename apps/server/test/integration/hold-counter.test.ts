import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { placeHold } from '../../src/modules/purchase/checkout-placement';
import type { HoldRequest } from '../../src/modules/purchase/hold-judgement';
import { reconcileOrders } from '../../src/modules/purchase/jobs';
import type { UserRow } from '../../src/platform/db/schema';
import { AppError } from '../../src/platform/errors';
import { findUserById } from '../../src/stores/users';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  availableTickets,
  createOrder,
  expireHoldNow,
  leaveSeats,
  newEvent,
  orderRow,
  PURCHASE_ENV,
  type TestEvent,
} from '../../support/purchase';
import { useServer } from '../../support/server';

// A hold reads the seats in holds from event_inventory.seats_in_holds (migration 0020), kept
// by triggers on orders, and sums the live holds only when that counter refuses. The counter also counts holds
// whose time ran out but that the job has not marked yet, so these check that such a hold never costs a buyer
// a seat or a wrong "only N left", and that the counter equals a recount throughout. On SQLite, holds that
// arrive together are placed in one transaction (hold-on-sqlite.ts): each judged on what the ones before it
// left, each undone alone when refused or failed.

describeEachDatabase('seats in holds', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 1000, ticketPrice: 300, groupPrice4: 250 });
  });

  async function counterAndRecount(): Promise<{ counter: number; recount: number }> {
    const counter = await server.ctx.db
      .selectFrom('event_inventory')
      .select('seats_in_holds')
      .where('event_id', '=', event.id)
      .executeTakeFirstOrThrow();
    const recount = await server.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('quantity'), eb.lit(0)).as('n'))
      .where('event_id', '=', event.id)
      .where('status', '=', 'created')
      .executeTakeFirstOrThrow();
    return { counter: Number(counter.seats_in_holds), recount: Number(recount.n) };
  }

  async function holdThatRanOut(quantity: number): Promise<string> {
    const answer = await createOrder(server, await newUser(server), event, quantity);
    expect(answer.status, answer.text).toBe(200);
    const { id } = await orderRow(server, answer.body.orderId);
    await expireHoldNow(server, id);
    return id;
  }

  it('a hold that ran out but is not yet marked expired does not keep the last seat from a buyer', async () => {
    await leaveSeats(server, event.id, 1);
    await holdThatRanOut(1);
    // The counter still counts the old hold: by it, nothing is left. Counted exactly, one seat is.
    const answer = await createOrder(server, await newUser(server), event, 1);
    expect(answer.status, answer.text).toBe(200);
    const refused = await createOrder(server, await newUser(server), event, 1);
    expect(refused.body.code).toBe('SOLD_OUT');
    expect(refused.body.error).toBe('Sorry, this event is sold out.');
    const books = await counterAndRecount();
    expect(books.counter).toBe(books.recount);
  });

  it('a refusal names the seats left counted exactly, not by the counter', async () => {
    await leaveSeats(server, event.id, 3);
    await holdThatRanOut(2);
    // The counter says 1 seat is left; 3 are.
    const refused = await createOrder(server, await newUser(server), event, 4);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SOLD_OUT');
    expect(refused.body.error).toBe('Only 3 tickets are left. Please choose 3 or fewer.');
    expect((await createOrder(server, await newUser(server), event, 3)).status).toBe(200);
    expect(await availableTickets(server)).toBe(0);
  });

  it('equals the recount of orders still created through holds, payments, expiries and a deleted account', async () => {
    await leaveSeats(server, event.id, 50);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => newUser(server)));
    const answers = await Promise.all(
      buyers.map((buyer, index) => createOrder(server, buyer, event, 1 + (index % 3))),
    );
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    let books = await counterAndRecount();
    expect(books.counter).toBe(books.recount);

    // Some run out and the job marks them, an account with a hold is deleted.
    for (const answer of answers.slice(0, 4))
      await expireHoldNow(server, (await orderRow(server, answer.body.orderId)).id);
    await reconcileOrders(server.ctx);
    const admin = await newUser(server, { role: 'admin' });
    const deleted = await server.request('DELETE', `/api/admin/users/${buyers[5]!.user.id}`, {
      token: admin.token,
    });
    expect(deleted.status, deleted.text).toBe(200);
    books = await counterAndRecount();
    expect(books.counter).toBe(books.recount);
    expect(books.counter).toBeGreaterThan(0);
  });

  it('holds arriving together are placed as one batch, each judged on what the ones before it left', async () => {
    await leaveSeats(server, event.id, 3);
    const people = await Promise.all(Array.from({ length: 6 }, () => newUser(server)));
    const rows = await Promise.all(people.map((person) => userRow(person)));
    const requests = rows.map((caller) => holdRequest(caller, 1, randomUUID()));
    // The same order id twice: the second insert fails on the primary key. SQLite undoes its savepoint only;
    // PostgreSQL's batch fails as a whole and each of its holds is placed again alone.
    requests.splice(1, 0, holdRequest(rows[0]!, 1, requests[0]!.plan.orderId));
    // All queued in one turn of the event loop: one batch.
    const outcomes = await Promise.allSettled(requests.map((request) => placeHold(server.ctx, request)));
    const statuses = outcomes.map((outcome) =>
      outcome.status === 'fulfilled' ? 'held' : errorCode(outcome.reason),
    );
    expect(statuses).toEqual(['held', 'failed', 'held', 'held', 'SOLD_OUT', 'SOLD_OUT', 'SOLD_OUT']);
    const written = await server.ctx.db
      .selectFrom('orders')
      .select('id')
      .where(
        'id',
        'in',
        requests.map((request) => request.plan.orderId),
      )
      .execute();
    expect(written.map((row) => row.id).sort()).toEqual(
      [0, 2, 3].map((index) => requests[index]!.plan.orderId).sort(),
    );
    expect(await availableTickets(server)).toBe(0);
    const books = await counterAndRecount();
    expect(books.counter).toBe(books.recount);
  });

  it('two holds of one person in one batch pass the cap only together within it', async () => {
    await leaveSeats(server, event.id, 100);
    const person = await userRow(await newUser(server));
    // The default cap is 20 seats: 15 fits, 15 more in the same batch does not, 5 more does.
    const requests = [15, 15, 5].map((quantity) => holdRequest(person, quantity, randomUUID()));
    const outcomes = await Promise.allSettled(requests.map((request) => placeHold(server.ctx, request)));
    expect(
      outcomes.map((outcome) => (outcome.status === 'fulfilled' ? 'held' : errorCode(outcome.reason))),
    ).toEqual(['held', 'PERSON_LIMIT_REACHED', 'held']);
    expect(await availableTickets(server)).toBe(80);
  });

  async function userRow(person: TestUser): Promise<UserRow> {
    return (await findUserById(server.ctx.db, person.user.id))!;
  }

  function holdRequest(caller: UserRow, quantity: number, orderId: string): HoldRequest {
    return {
      caller,
      language: 'en',
      eventId: event.id,
      checkout: {
        quantity,
        items: null,
        promoCode: null,
        language: 'en',
        prePriced: null,
        clientPrice: null,
        ticketNames: null,
      },
      plan: { orderId, razorpayOrderId: null, amountPaise: null },
    };
  }
});

/** A refusal's code, or 'failed' for anything else (the database refusing a duplicate id). */
function errorCode(error: unknown): string {
  return error instanceof AppError ? error.code : 'failed';
}
