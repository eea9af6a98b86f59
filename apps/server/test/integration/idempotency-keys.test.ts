import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENCY_LEASE_MS } from '@utsav/domain/idempotency';
import { beforeAll, expect, it } from 'vitest';
import { sweepExpiredKeys } from '../../src/platform/idempotency/keys-repo';
import { WITHOUT_KEYS } from '../../src/platform/idempotency/plugin';
import { testClock } from '../../support/clock';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser, uniqueEmail } from '../../support/factories';
import { newEvent, orderPayload, PURCHASE_ENV, type TestEvent } from '../../support/purchase';
import { type TestResponse, useServer } from '../../support/server';

// A write retried with its Idempotency-Key is performed once (docs/architecture.md#idempotency-keys), over the
// whole app: the repeat gets the first answer again, the same key for another request is refused, two identical
// requests at once run once, keys are per person and are forgotten after a day. What a 5xx, a request still
// running and a PDF do to a key is in idempotency-answers.test.ts, where the handler is the test's own.

describeEachDatabase('idempotency keys', (engine) => {
  const clock = testClock();
  const server = useServer(engine, { now: clock.now, env: PURCHASE_ENV });
  let event: TestEvent;
  let admin: TestUser;

  beforeAll(async () => {
    event = await newEvent(server, { totalTickets: 500, ticketPrice: 299, groupPrice4: 249 });
    admin = await newUser(server, { role: 'admin' });
  });

  const pass = (name: string) => ({ name, price: 599, admits: 2, capacity: 100, phases: [] });
  const send = (method: string, path: string, key: string, body: unknown, token = admin.token) =>
    server.request(method, path, { token, body, headers: { 'Idempotency-Key': key } });
  const addType = (key: string, body: unknown, token = admin.token) =>
    send('POST', '/api/admin/ticket-types', key, body, token);
  const typesNamed = async (name: string) => {
    const list = await server.request('GET', '/api/admin/ticket-types', { token: admin.token });
    return list.body.ticketTypes.filter((type: { name: string }) => type.name === name);
  };
  const replayed = (response: TestResponse) => response.headers.get('idempotent-replayed');

  it('a retried "add ticket type" gets the first answer again, marked replayed, and makes one type', async () => {
    const key = randomUUID();
    const first = await addType(key, pass('Couple pass'));
    expect(first.status, first.text).toBe(200);
    expect(replayed(first)).toBeNull();
    const again = await addType(key, pass('Couple pass'));
    expect(again.status).toBe(200);
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await typesNamed('Couple pass')).toHaveLength(1);
  });

  it('a retried manual issuance issues its tickets once', async () => {
    const key = randomUUID();
    const email = uniqueEmail('cash-desk');
    const body = { userName: 'Asha Patel', userEmail: email, quantity: 2, paymentDone: true };
    const first = await send('POST', '/api/tickets/admin/issue-manual', key, body);
    expect(first.status, first.text).toBe(200);
    const again = await send('POST', '/api/tickets/admin/issue-manual', key, body);
    expect(replayed(again)).toBe('true');
    expect(again.body.tickets).toEqual(first.body.tickets);
    const tickets = await server.ctx.db
      .selectFrom('tickets')
      .select('id')
      .where('user_id', '=', first.body.user.id)
      .execute();
    expect(tickets).toHaveLength(2);
  });

  it('a refusal is an answer too: the repeat gets the same 4xx without running again', async () => {
    const key = randomUUID();
    const missing = `/api/admin/ticket-types/${randomUUID()}`;
    const first = await send('PUT', missing, key, pass('Nobody'));
    expect(first.status).toBe(404);
    const again = await send('PUT', missing, key, pass('Nobody'));
    expect(again.status).toBe(404);
    expect(replayed(again)).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('the same key with another body or another route is refused 422 IDEMPOTENCY_KEY_REUSED, and nothing runs', async () => {
    const key = randomUUID();
    const created = await addType(key, pass('Family pass'));
    expect(created.status).toBe(200);
    const otherBody = await addType(key, pass('Family pass plus'));
    expect(otherBody.status).toBe(422);
    expect(otherBody.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
    const otherRoute = await send(
      'PUT',
      `/api/admin/ticket-types/${created.body.ticketType.id}`,
      key,
      pass('Family pass plus'),
    );
    expect(otherRoute.status).toBe(422);
    expect(otherRoute.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await typesNamed('Family pass plus')).toHaveLength(0);
    expect(await typesNamed('Family pass')).toHaveLength(1);
  });

  it('a key in the wrong shape is refused 400 with the header named, before anything runs', async () => {
    for (const key of ['short', 'x'.repeat(65), 'has spaces in it, sixteen+']) {
      const response = await addType(key, pass('Malformed pass'));
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'Idempotency-Key' }],
      });
    }
    expect(await typesNamed('Malformed pass')).toHaveLength(0);
  });

  it('keys belong to the person: another admin sending the same key runs their own request', async () => {
    const key = randomUUID();
    const other = await newUser(server, { role: 'admin' });
    expect(replayed(await addType(key, pass('Shared key pass')))).toBeNull();
    const theirs = await addType(key, pass('Shared key pass'), other.token);
    expect(theirs.status).toBe(200);
    expect(replayed(theirs)).toBeNull();
    expect(await typesNamed('Shared key pass')).toHaveLength(2);
  });

  it('of eight identical requests sent at once exactly one runs; the others are told it runs, or get its answer', async () => {
    const key = randomUUID();
    const responses = await Promise.all(Array.from({ length: 8 }, () => addType(key, pass('Rush pass'))));
    const ran = responses.filter((response) => response.status === 200 && replayed(response) === null);
    expect(ran).toHaveLength(1);
    for (const response of responses) {
      if (response === ran[0]) continue;
      if (response.status === 409) expect(response.body.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      else expect([response.status, replayed(response), response.body]).toEqual([200, 'true', ran[0]?.body]);
    }
    expect(await typesNamed('Rush pass')).toHaveLength(1);
  });

  it('a request lost with its process (still running after the lease) is taken over by its repeat', async () => {
    const key = randomUUID();
    expect((await addType(key, pass('Lost pass'))).status).toBe(200);
    // As a process that died between the claim and the answer leaves it: recorded, running, no answer.
    await server.ctx.db
      .updateTable('idempotency_keys')
      .set({ status: null, answer: null })
      .where('idempotency_key', '=', key)
      .execute();
    const running = await addType(key, pass('Lost pass'));
    expect([running.status, running.body.code]).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS']);
    expect(running.headers.get('retry-after')).toBe('1');
    clock.advance(IDEMPOTENCY_LEASE_MS);
    const takenOver = await addType(key, pass('Lost pass'));
    expect(takenOver.status).toBe(200);
    expect(replayed(takenOver)).toBeNull();
    expect(replayed(await addType(key, pass('Lost pass')))).toBe('true');
    expect(await typesNamed('Lost pass')).toHaveLength(2);
  });

  it('a retried checkout holds its seats once and answers the same order', async () => {
    const buyer = await newUser(server);
    const key = randomUUID();
    const body = orderPayload(event, 2);
    const first = await send('POST', '/api/tickets/create-order', key, body, buyer.token);
    expect(first.status, first.text).toBe(200);
    const again = await send('POST', '/api/tickets/create-order', key, body, buyer.token);
    expect(replayed(again)).toBe('true');
    expect(again.body.orderId).toBe(first.body.orderId);
    const orders = await server.ctx.db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', buyer.user.id)
      .execute();
    expect(orders).toHaveLength(1);
  });

  it('a write without the header, and a read with one, are not touched', async () => {
    const before = await server.ctx.db.selectFrom('idempotency_keys').select('idempotency_key').execute();
    await server.request('POST', '/api/admin/ticket-types', { token: admin.token, body: pass('Plain pass') });
    await server.request('POST', '/api/admin/ticket-types', { token: admin.token, body: pass('Plain pass') });
    expect(await typesNamed('Plain pass')).toHaveLength(2);
    const read = await server.request('GET', '/api/admin/ticket-types', {
      token: admin.token,
      headers: { 'Idempotency-Key': randomUUID() },
    });
    expect(read.status).toBe(200);
    const after = await server.ctx.db.selectFrom('idempotency_keys').select('idempotency_key').execute();
    expect(after).toHaveLength(before.length);
  });

  it('every write the keys leave alone is a route the app has', () => {
    const routes = new Set(
      server.app.routeCatalog.flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method]).map(
          (method) => `${method} ${route.url}`,
        ),
      ),
    );
    for (const route of WITHOUT_KEYS)
      expect({ route, registered: routes.has(route) }).toEqual({ route, registered: true });
  });

  it('a key is forgotten after a day: the same key is then a new request, and the clean-up deletes it', async () => {
    const key = randomUUID();
    expect((await addType(key, pass('Yesterday pass'))).status).toBe(200);
    clock.advance(IDEMPOTENCY_KEY_TTL_MS - 1);
    expect(replayed(await addType(key, pass('Yesterday pass')))).toBe('true');
    clock.advance(1);
    const nextDay = await addType(key, pass('Yesterday pass'));
    expect(nextDay.status).toBe(200);
    expect(replayed(nextDay)).toBeNull();
    expect(await typesNamed('Yesterday pass')).toHaveLength(2);

    clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    expect(await sweepExpiredKeys(server.ctx.db, clock.now())).toBeGreaterThan(0);
    const left = await server.ctx.db.selectFrom('idempotency_keys').select('idempotency_key').execute();
    expect(left).toEqual([]);
  });
});
