import { beforeAll, describe, expect, it } from 'vitest';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import {
  createOrder,
  newEvent,
  orderPayload,
  PURCHASE_ENV,
  pay,
  type TestEvent,
  verify,
} from '../../support/purchase';
import { type TestServer, useServer } from '../../support/server';

// Sales opening and the waiting room, over HTTP on both engines. The app's clock stands still until the test
// moves it (support/clock.ts): one person a minute is let in, passes last ten minutes, and nobody is let in
// while the test is still taking its steps, however slow the machine.

const MINUTE = 60_000;

function join(server: TestServer, person: TestUser) {
  return server.request('POST', '/api/queue/join', { token: person.token });
}

function status(server: TestServer, person: TestUser) {
  return server.request('GET', '/api/queue/me', { token: person.token });
}

function orderWithPass(server: TestServer, person: TestUser, event: TestEvent, pass: string | undefined) {
  return server.request('POST', '/api/tickets/create-order', {
    token: person.token,
    body: orderPayload(event, 1),
    headers: pass ? { 'x-queue-pass': pass } : {},
  });
}

describeEachDatabase('sales opening time', (engine) => {
  const server = useServer(engine, { env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;
  const opensAt = new Date(Date.now() + 2 * 60 * MINUTE);

  beforeAll(async () => {
    event = await newEvent(server, { salesOpenAt: opensAt.toISOString() });
    admin = await newUser(server, { role: 'admin' });
  });

  it('GET /event tells when sales open', async () => {
    const response = await server.request('GET', '/api/event');
    expect(response.body.data.salesOpenAt).toBe(opensAt.toISOString());
  });

  it('checkout before the opening answers 409 SALES_NOT_OPEN on both checkout routes', async () => {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 1);
    const booking = await server.request('POST', '/api/tickets', {
      token: buyer.token,
      body: { quantity: 1 },
    });
    expect(order.status).toBe(409);
    expect(order.body.code).toBe('SALES_NOT_OPEN');
    expect(order.body.error).toMatch(/^Ticket sales open on .* IST\.$/);
    expect(booking.status).toBe(409);
    expect(booking.body.code).toBe('SALES_NOT_OPEN');
  });

  it('the line is not open two hours before: joining says when it opens', async () => {
    const response = await join(server, await newUser(server));
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('SALES_NOT_OPEN');
  });

  it('saving the event without the field keeps the opening; null removes it and checkout works again', async () => {
    const current = (await server.request('GET', '/api/event')).body.data;
    const { salesOpenAt: _kept, ...withoutOpening } = current;
    const body = { ...withoutOpening, features: current.features.join(',') };
    const kept = await server.request('PUT', '/api/event', { token: admin.token, body });
    expect(kept.body.data.salesOpenAt).toBe(opensAt.toISOString());

    const cleared = await server.request('PUT', '/api/event', {
      token: admin.token,
      body: { ...body, salesOpenAt: null },
    });
    expect(cleared.body.data.salesOpenAt).toBeNull();
    expect((await createOrder(server, await newUser(server), event, 1)).status).toBe(200);
  });

  it('an opening after the event starts is refused with a field message', async () => {
    const current = (await server.request('GET', '/api/event')).body.data;
    const response = await server.request('PUT', '/api/event', {
      token: admin.token,
      body: { ...current, features: '', salesOpenAt: `${current.date}T${current.startTime}` },
    });
    expect(response.status).toBe(400);
    expect(response.body.details).toEqual([
      { field: 'salesOpenAt', message: 'Sales must open before the event starts' },
    ]);
  });
});

describeEachDatabase('waiting room (always on, one a minute)', (engine) => {
  const clock = testClock();
  const server = useServer(engine, {
    env: { ...PURCHASE_ENV, WAITING_ROOM: 'always', QUEUE_ADMIT_PER_MINUTE: '1', QUEUE_PASS_MINUTES: '10' },
    now: clock.now,
  });
  let event: TestEvent;
  let people: TestUser[];
  let firstPass: string;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 50 });
    people = await Promise.all(Array.from({ length: 4 }, () => newUser(server)));
  });

  it('checkout without a pass is 409 QUEUE_REQUIRED with a message a person understands', async () => {
    const buyer = await newUser(server);
    const order = await createOrder(server, buyer, event, 1);
    const booking = await server.request('POST', '/api/tickets', {
      token: buyer.token,
      body: { quantity: 1 },
    });
    expect(order.status).toBe(409);
    expect(order.body.code).toBe('QUEUE_REQUIRED');
    expect(order.body.error).toContain('join the line');
    expect(booking.body.code).toBe('QUEUE_REQUIRED');
  });

  it('the first to join an idle line goes straight in; the rest wait in arrival order', async () => {
    const answers = [];
    for (const person of people) answers.push(await join(server, person));
    expect(answers[0]!.body).toMatchObject({ status: 'admitted', ticketsLeft: 50 });
    expect(answers.slice(1).map((answer) => answer.body)).toEqual([
      expect.objectContaining({ status: 'waiting', position: 1, ahead: 0, etaSeconds: 60, ticketsLeft: 50 }),
      expect.objectContaining({ status: 'waiting', position: 2, ahead: 1, etaSeconds: 120 }),
      expect.objectContaining({ status: 'waiting', position: 3, ahead: 2, etaSeconds: 180 }),
    ]);
    firstPass = answers[0]!.body.pass;
    expect(Date.parse(answers[0]!.body.passExpiresAt) - clock.now().getTime()).toBeGreaterThan(9 * MINUTE);
  });

  it('a waiting answer says when to ask again, in the body and in Retry-After', async () => {
    const response = await status(server, people[2]!);
    expect(response.body.retryAfterSeconds).toBeGreaterThanOrEqual(2);
    expect(response.headers.get('retry-after')).toBe(String(response.body.retryAfterSeconds));
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('joining again, or a reload asking GET /queue/me, keeps the same place', async () => {
    expect((await join(server, people[2]!)).body).toMatchObject({ status: 'waiting', position: 2 });
    expect((await status(server, people[2]!)).body).toMatchObject({ status: 'waiting', position: 2 });
    expect((await join(server, people[0]!)).body).toMatchObject({ status: 'admitted', pass: firstPass });
  });

  it('the pass opens checkout for its holder only', async () => {
    const mine = await orderWithPass(server, people[0]!, event, firstPass);
    const borrowed = await orderWithPass(server, people[1]!, event, firstPass);
    const forged = await orderWithPass(server, people[1]!, event, `${firstPass.slice(0, -2)}AA`);
    expect(mine.status, mine.text).toBe(200);
    expect(borrowed.status).toBe(409);
    expect(borrowed.body).toMatchObject({ code: 'QUEUE_REQUIRED' });
    expect(borrowed.body.error).toContain('another account');
    expect(forged.body.code).toBe('QUEUE_REQUIRED');
  });

  it('the line moves at the admission rate as time passes', async () => {
    clock.advance(MINUTE + 1000);
    const second = await status(server, people[1]!);
    expect(second.body.status).toBe('admitted');
    expect((await status(server, people[2]!)).body).toMatchObject({ status: 'waiting', position: 1 });
    const order = await orderWithPass(server, people[1]!, event, second.body.pass);
    expect(order.status).toBe(200);
  });

  it('someone who never joined is told so by GET /queue/me', async () => {
    const response = await status(server, await newUser(server));
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_IN_QUEUE');
  });

  it('a pass runs out after QUEUE_PASS_MINUTES: checkout refuses it and joining again gives a new place', async () => {
    clock.advance(11 * MINUTE);
    const expired = await orderWithPass(server, people[0]!, event, firstPass);
    expect(expired.body.code).toBe('QUEUE_REQUIRED');
    expect(expired.body.error).toContain('ended');
    expect((await status(server, people[0]!)).body.code).toBe('NOT_IN_QUEUE');
    const again = await join(server, people[0]!);
    expect(again.status).toBe(200);
    expect(again.body.pass).not.toBe(firstPass);
  });
});

describeEachDatabase('waiting room at the opening', (engine) => {
  const clock = testClock();
  const server = useServer(engine, {
    env: { ...PURCHASE_ENV, QUEUE_ADMIT_PER_MINUTE: '1' },
    now: clock.now,
  });
  let event: TestEvent;
  const opensAt = new Date(Date.now() + 10 * MINUTE);

  beforeAll(async () => {
    event = await newEvent(server, { salesOpenAt: opensAt.toISOString() });
  });

  it('everyone who joined before the opening gets a place drawn at the opening, later arrivals queue behind', async () => {
    const early = await Promise.all(Array.from({ length: 8 }, () => newUser(server)));
    for (const person of early) {
      const answer = await join(server, person);
      expect(answer.body).toMatchObject({
        status: 'waiting',
        position: null,
        ahead: null,
        salesOpenAt: opensAt.toISOString(),
      });
      expect(answer.body.etaSeconds).toBeGreaterThan(500);
    }
    expect((await createOrder(server, early[0]!, event, 1)).body.code).toBe('SALES_NOT_OPEN');

    clock.advance(10 * MINUTE + 500);
    const after = await Promise.all(early.map((person) => status(server, person)));
    const admitted = after.filter((answer) => answer.body.status === 'admitted');
    const positions = after.filter((answer) => answer.body.status === 'waiting').map((a) => a.body.position);
    // One place's worth of tokens at the opening (the burst at one a minute), then the drawn order.
    expect(admitted).toHaveLength(1);
    expect(positions.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    const late = await join(server, await newUser(server));
    expect(late.body).toMatchObject({ status: 'waiting', position: 8 });
  });

  it('with the room on at the opening, checkout needs the pass', async () => {
    expect((await createOrder(server, await newUser(server), event, 1)).body.code).toBe('QUEUE_REQUIRED');
  });
});

describeEachDatabase('sold out while waiting', (engine) => {
  const clock = testClock();
  const server = useServer(engine, {
    env: { ...PURCHASE_ENV, WAITING_ROOM: 'always', QUEUE_ADMIT_PER_MINUTE: '1' },
    now: clock.now,
  });

  it('the people still waiting are told at once, and newcomers too', async () => {
    const event = await newEvent(server, { totalTickets: 2 });
    const [first, second] = await Promise.all([newUser(server), newUser(server)]);
    const pass = (await join(server, first!)).body.pass;
    expect((await join(server, second!)).body.status).toBe('waiting');

    const order = await server.request('POST', '/api/tickets/create-order', {
      token: first!.token,
      body: orderPayload(event, 2),
      headers: { 'x-queue-pass': pass },
    });
    expect(order.status, order.text).toBe(200);
    expect((await verify(server, first!, await pay(server, order.body.orderId))).status).toBe(200);

    clock.advance(1100); // past the one-second snapshot every instance keeps
    expect((await status(server, second!)).body).toEqual({
      success: true,
      status: 'sold-out',
      ticketsLeft: 0,
    });
    expect((await join(server, await newUser(server))).body.status).toBe('sold-out');
  });
});

describeEachDatabase('waiting room off, or auto with a quiet sale', (engine) => {
  describe('auto', () => {
    const server = useServer(engine, { env: PURCHASE_ENV });

    it('checkout needs no pass, and joining lets the person straight in', async () => {
      const event = await newEvent(server);
      const buyer = await newUser(server);
      expect((await createOrder(server, buyer, event, 1)).status).toBe(200);
      expect((await join(server, buyer)).body.status).toBe('admitted');
    });
  });

  describe('off', () => {
    const server = useServer(engine, { env: { ...PURCHASE_ENV, WAITING_ROOM: 'off' } });

    it('checkout works as before, without any pass', async () => {
      const event = await newEvent(server);
      expect((await createOrder(server, await newUser(server), event, 1)).status).toBe(200);
    });
  });
});

describeEachDatabase('auto: demand outrunning the admission rate turns the room on', (engine) => {
  const clock = testClock();
  const server = useServer(engine, {
    env: { ...PURCHASE_ENV, QUEUE_ADMIT_PER_MINUTE: '3' },
    now: clock.now,
  });

  it('after a minute with as many holds as the rate, the next buyer is asked to join the line', async () => {
    const event = await newEvent(server);
    for (let i = 0; i < 3; i++) {
      expect((await createOrder(server, await newUser(server), event, 1)).status).toBe(200);
    }
    clock.advance(1100); // the next snapshot sees the holds
    const next = await createOrder(server, await newUser(server), event, 1);
    expect(next.status).toBe(409);
    expect(next.body.code).toBe('QUEUE_REQUIRED');
  });
});
