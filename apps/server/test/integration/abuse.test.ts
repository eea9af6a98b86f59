import { randomUUID } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { DEV_AUDIENCE, DEV_ISSUER, uidForEmail } from '@utsav/dev-identity/keys';
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { issuePaidTickets } from '../support/checkin';
import { describeEachDatabase } from '../support/databases';
import { devKeys, newUser, type TestUser, tokenFor, uniqueEmail } from '../support/factories';
import { newEvent, orderPayload, type TestEvent } from '../support/purchase';
import { send, type TestResponse, type TestServer, useServer } from '../support/server';

// Issue 7, "abuse": the rate limits hold under a flood from one client without slowing anyone else; a guest
// cannot read, cancel or refund someone else's ticket by guessing ids; no call a guest can make raises a role.

// ---------------------------------------------------------------------------------------------------------
// Floods

const FLOOD = 500;
const FLOOD_CONCURRENCY = 50;

interface FloodRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** JSON text; `{{n}}` is replaced by the request's number (each sign-in attempt a different token). */
  body?: string;
}

interface FloodAnswer {
  status: number;
  code: string | undefined;
  retryAfter: string | null;
}

// The flooding client runs in its own thread, as a real one runs on its own machine: in the server's thread its
// own fetch machinery would compete with the server for the event loop and blur what is measured.
const FLOOD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { request, count, concurrency } = workerData;
  const answers = [];
  let next = 0;
  async function worker() {
    while (next < count) {
      const n = next++;
      const response = await fetch(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body === undefined ? undefined : request.body.replaceAll('{{n}}', String(n)),
      });
      const text = await response.text();
      let code;
      try { code = JSON.parse(text).code; } catch {}
      answers.push({ status: response.status, code, retryAfter: response.headers.get('retry-after') });
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  parentPort.postMessage(answers);
})();
`;

function flood(request: FloodRequest): Promise<FloodAnswer[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(FLOOD_WORKER, {
      eval: true,
      workerData: { request, count: FLOOD, concurrency: FLOOD_CONCURRENCY },
    });
    worker.once('message', (answers: FloodAnswer[]) => {
      resolve(answers);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/** Sequential calls; the latency of each in milliseconds. */
async function timed(
  count: number,
  call: () => Promise<TestResponse>,
  expectStatus: number,
): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await call();
    latencies.push(performance.now() - started);
    expect(response.status, response.text).toBe(expectStatus);
  }
  return latencies;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * Floods with one client: exactly `allowed` answers are not 429 and the rest are 429 envelopes with
 * Retry-After. Then, with the allowance spent, a second flood of 429s runs while a second client keeps calling:
 * its calls all succeed, with a median latency near its median on an idle server. (What the allowance itself
 * costs is ordinary traffic; what is measured is that refusing the excess costs others next to nothing.)
 */
async function expectFloodContained(options: {
  allowed: number;
  flooder: FloodRequest;
  bystander: () => Promise<TestResponse>;
  bystanderStatus: number;
  bystanderCalls: number;
}): Promise<void> {
  const half = Math.floor(options.bystanderCalls / 2);
  const idle = await timed(half, options.bystander, options.bystanderStatus);

  const first = await flood(options.flooder);
  const limited = first.filter((answer) => answer.status === 429);
  expect(first.length - limited.length, 'flood requests let through').toBe(options.allowed);
  expect(limited).toHaveLength(FLOOD - options.allowed);

  const second = flood(options.flooder);
  // Let the flood get going before the bystander calls again.
  await new Promise((resolve) => setTimeout(resolve, 50));
  const during = await timed(options.bystanderCalls - half, options.bystander, options.bystanderStatus);
  const refused = await second;
  expect(refused.filter((answer) => answer.status !== 429)).toEqual([]);
  for (const answer of [...limited, ...refused]) {
    expect(answer.code).toBe('RATE_LIMITED');
    expect(answer.retryAfter).toMatch(/^\d+$/);
  }

  // "Normal latency": a refused request is answered before any real work. Generous bounds for a busy 2-core
  // machine shared with other test runs; a server that did real work per refused request would blow past them.
  const idleMedian = median(idle);
  const duringMedian = median(during);
  if (process.env.ABUSE_VERBOSE)
    console.info(
      `flood: bystander median idle ${idleMedian.toFixed(1)} ms, during ${duringMedian.toFixed(1)} ms`,
    );
  expect(
    duringMedian,
    `bystander median ${duringMedian.toFixed(1)} ms during the flood vs ${idleMedian.toFixed(1)} ms idle`,
  ).toBeLessThan(Math.max(idleMedian * 5, idleMedian + 150));
}

function floodOf(
  server: TestServer,
  method: string,
  path: string,
  options: { address?: string; token?: string; body?: string },
): FloodRequest {
  const headers: Record<string, string> = {};
  if (options.address) headers['x-forwarded-for'] = options.address;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  return { url: `${server.url}${path}`, method, headers, body: options.body };
}

function asClient(server: TestServer, address: string) {
  return (method: string, path: string, options: { token?: string; body?: unknown } = {}) =>
    send(server.url, method, path, { ...options, headers: { 'x-forwarded-for': address } });
}

const crashReport = { error: { message: 'boom', name: 'Error' }, url: 'http://localhost/', timestamp: 'now' };

describeEachDatabase('abuse: floods from one client', (engine) => {
  // The suite plays the proxy in front of the server (trusted on loopback), so X-Forwarded-For names the client.
  const server = useServer(engine, {
    env: {
      TRUST_PROXY: '127.0.0.1',
      RATE_LIMIT_AUTH_PER_MINUTE: '30',
      RATE_LIMIT_LOG_ERROR_PER_MINUTE: '10',
      RATE_LIMIT_CREATE_ORDER_PER_MINUTE: '10',
      HOLD_SWEEP_SECONDS: '86400',
    },
  });

  it('sign-in: 30 a minute per address, the rest 429, another address signs in as usual', async () => {
    const bystander = asClient(server, '198.51.100.8');
    const token = await tokenFor(server, uniqueEmail('bystander'));
    await expectFloodContained({
      allowed: 30,
      flooder: floodOf(server, 'POST', '/api/auth/google-signin', {
        address: '198.51.100.7',
        body: '{"idToken":"not.a.real.token.attempt-number-{{n}}"}',
      }),
      bystander: () => bystander('POST', '/api/auth/google-signin', { body: { idToken: token } }),
      bystanderStatus: 200,
      bystanderCalls: 20,
    });
  });

  it('log-error: 10 a minute per address, the rest 429, another address still reports', async () => {
    const bystander = asClient(server, '203.0.113.51');
    await expectFloodContained({
      allowed: 10,
      flooder: floodOf(server, 'POST', '/api/log-error', {
        address: '203.0.113.50',
        body: JSON.stringify(crashReport),
      }),
      bystander: () => bystander('POST', '/api/log-error', { body: crashReport }),
      bystanderStatus: 204,
      bystanderCalls: 8,
    });
  });

  it('create-order: 10 a minute per buyer (so 10 holds at most), another buyer on the same address buys', async () => {
    const event = await newEvent(server, { totalTickets: 1000 });
    const attacker = await newUser(server);
    const buyer = await newUser(server);
    // Both behind one venue Wi-Fi address: the limit is per account, so the buyer is not punished for it.
    const sameWifi = '192.0.2.10';
    await expectFloodContained({
      allowed: 10,
      flooder: floodOf(server, 'POST', '/api/tickets/create-order', {
        address: sameWifi,
        token: attacker.token,
        body: JSON.stringify(orderPayload(event, 1)),
      }),
      bystander: () =>
        asClient(server, sameWifi)('POST', '/api/tickets/create-order', {
          token: buyer.token,
          body: orderPayload(event, 1),
        }),
      bystanderStatus: 200,
      bystanderCalls: 8,
    });
    const holds = await server.ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', attacker.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(holds.count)).toBe(10);
  });

  it('scanning: 300 a minute per checker, the rest 429, another gate keeps scanning', async () => {
    const event = (await server.request('GET', '/api/event')).body.data as TestEvent;
    expect(event, 'the create-order test made the event').toBeTruthy();
    const guest = await newUser(server);
    const tickets = await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: guest.user.id,
      quantity: 2,
    });
    const runaway = await newUser(server, { role: 'qrchecker' });
    const gate = await newUser(server, { role: 'qrchecker' });
    await expectFloodContained({
      allowed: 300,
      flooder: floodOf(server, 'POST', '/api/tickets/verify-qr', {
        token: runaway.token,
        body: JSON.stringify({ qrCode: tickets[0]!.qr_token, deviceId: 'runaway-phone' }),
      }),
      bystander: () =>
        server.request('POST', '/api/tickets/verify-qr', {
          token: gate.token,
          body: { qrCode: tickets[1]!.qr_token, deviceId: 'gate-2' },
        }),
      bystanderStatus: 200,
      bystanderCalls: 20,
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Other people's tickets and refunds

describeEachDatabase("abuse: other people's tickets", (engine) => {
  const server = useServer(engine, { env: { HOLD_SWEEP_SECONDS: '86400' } });

  const has = (method: 'GET' | 'PATCH' | 'POST', url: string) => server.app.hasRoute({ method, url });
  let event: TestEvent | undefined;

  async function setup() {
    event ??= await newEvent(server);
    const owner = await newUser(server, { name: 'Asha Owner' });
    const attacker = await newUser(server, { name: 'Mallory Guesser' });
    const ownerTickets = await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: owner.user.id,
      quantity: 3,
    });
    const [attackerTicket] = await issuePaidTickets(server.ctx, {
      eventId: event.id,
      userId: attacker.user.id,
      quantity: 1,
    });
    return { event, owner, attacker, ownerTickets, attackerTicket: attackerTicket! };
  }

  /** The answer for an id that certainly does not exist: what every guess must look like, byte for byte. */
  async function missing(path: (id: string) => string, method: string, attacker: TestUser, body?: unknown) {
    const response = await server.request(method, path(`missing-${randomUUID().slice(0, 8)}`), {
      token: attacker.token,
      body,
    });
    expect(response.status).toBe(404);
    return response.body;
  }

  it("reading someone else's ticket by id, code or a guessed neighbour is the same 404 as a made-up id", async () => {
    const { attacker, ownerTickets, attackerTicket } = await setup();
    const notFound = await missing((id) => `/api/tickets/${id}`, 'GET', attacker);
    expect(notFound).toMatchObject({ success: false, code: 'TICKET_NOT_FOUND' });

    const own = attackerTicket.ticket_code;
    const neighbours = [...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'].map((char) => `${own.slice(0, -1)}${char}`);
    const guesses = [
      ...ownerTickets.flatMap((ticket) => [ticket.id, ticket.ticket_code, ticket.ticket_code.toLowerCase()]),
      ...neighbours.filter((code) => code !== own),
      ...Array.from({ length: 20 }, () => randomUUID()),
      '1',
      '2',
      '0',
      '%2A',
    ];
    for (const guess of guesses) {
      const response = await server.request('GET', `/api/tickets/${guess}`, { token: attacker.token });
      expect(response.status, guess).toBe(404);
      expect(response.body, guess).toEqual(notFound);
    }
    // Their own ticket still reads fine, and My Tickets lists only their own.
    expect(
      (await server.request('GET', `/api/tickets/${attackerTicket.id}`, { token: attacker.token })).status,
    ).toBe(200);
    const mine = await server.request('GET', '/api/tickets/my-tickets', { token: attacker.token });
    expect(mine.body.tickets.map((ticket: { id: string }) => ticket.id)).toEqual([attackerTicket.id]);
  });

  it("cancelling someone else's ticket is the same 404 as a made-up id, and changes nothing", async ({
    skip,
  }) => {
    skip(
      !has('PATCH', '/api/tickets/cancel/:id'),
      'PATCH /api/tickets/cancel/:id is not registered yet (refunds module not landed)',
    );
    const { attacker, ownerTickets } = await setup();
    const body = { reason: 'Change of plans' };
    const notFound = await missing((id) => `/api/tickets/cancel/${id}`, 'PATCH', attacker, body);
    for (const ticket of ownerTickets) {
      for (const id of [ticket.id, ticket.ticket_code]) {
        const response = await server.request('PATCH', `/api/tickets/cancel/${id}`, {
          token: attacker.token,
          body,
        });
        expect(response.status, id).toBe(404);
        expect(response.body, id).toEqual(notFound);
      }
    }
    await expectUntouched(ownerTickets.map((ticket) => ticket.id));
  });

  it("asking for a refund of someone else's ticket is the same 404 as a made-up id, and changes nothing", async ({
    skip,
  }) => {
    skip(
      !has('POST', '/api/refunds/create'),
      'POST /api/refunds/create is not registered yet (refunds module)',
    );
    const { attacker, ownerTickets } = await setup();
    const notFound = (
      await server.request('POST', '/api/refunds/create', {
        token: attacker.token,
        body: { ticketId: `missing-${randomUUID().slice(0, 8)}`, reason: 'x' },
      })
    ).body;
    expect(notFound).toMatchObject({ success: false });
    for (const ticket of ownerTickets) {
      const response = await server.request('POST', '/api/refunds/create', {
        token: attacker.token,
        body: { ticketId: ticket.id, reason: 'I would like my money back' },
      });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(notFound);
    }
    await expectUntouched(ownerTickets.map((ticket) => ticket.id));
  });

  it("reading someone else's refund by id or code is the same 404 as a made-up id", async ({ skip }) => {
    skip(
      !has('GET', '/api/refunds/status/:id') || !has('PATCH', '/api/tickets/cancel/:id'),
      'refund routes are not registered yet (refunds module not landed)',
    );
    const { owner, attacker, ownerTickets } = await setup();
    const cancelled = await server.request('PATCH', `/api/tickets/cancel/${ownerTickets[0]!.id}`, {
      token: owner.token,
      body: { reason: 'Cannot make it' },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    const refund = cancelled.body.refund as { id: string; refundId?: string };

    const notFound = await missing((id) => `/api/refunds/status/${id}`, 'GET', attacker);
    for (const id of [refund.id, refund.refundId].filter(Boolean) as string[]) {
      const response = await server.request('GET', `/api/refunds/status/${id}`, { token: attacker.token });
      expect(response.status, id).toBe(404);
      expect(response.body, id).toEqual(notFound);
    }
    const mine = await server.request('GET', '/api/refunds/my-refunds', { token: attacker.token });
    expect(mine.body.refunds).toEqual([]);
  });

  it('staff views of tickets, refunds and check-in answer a guest 403 whatever the id (no existence hint)', async () => {
    const { attacker, ownerTickets } = await setup();
    const real = ownerTickets[0]!;
    const calls: Array<[string, (id: string) => string, unknown?]> = [
      ['PATCH', (id) => `/api/tickets/admin/${id}/status`, { status: 'cancelled' }],
      ['DELETE', (id) => `/api/admin/tickets/${id}`],
      ['POST', () => '/api/tickets/admin/generate-pdf', { ticketIds: [real.id] }],
      ['POST', () => '/api/tickets/verify-qr', { qrCode: real.qr_token }],
      ['POST', () => '/api/tickets/mark-used', { qrCode: real.qr_token }],
      ['GET', () => '/api/tickets/checkin/snapshot'],
      ['GET', () => '/api/admin/tickets/export'],
    ];
    for (const [method, path, body] of calls) {
      for (const id of [real.id, `missing-${randomUUID()}`]) {
        const response = await server.request(method, path(id), { token: attacker.token, body });
        expect(response.status, `${method} ${path(id)}`).toBe(403);
        expect(response.body.code).toBe('FORBIDDEN');
      }
    }
    await expectUntouched(ownerTickets.map((ticket) => ticket.id));
  });

  async function expectUntouched(ticketIds: string[]): Promise<void> {
    const rows = await server.ctx.db
      .selectFrom('tickets')
      .select('status')
      .where('id', 'in', ticketIds)
      .execute();
    expect(rows.map((row) => row.status)).toEqual(ticketIds.map(() => 'active'));
    const refunds = await server.ctx.db
      .selectFrom('refunds')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('ticket_id', 'in', ticketIds)
      .executeTakeFirstOrThrow();
    expect(Number(refunds.count)).toBe(0);
  }
});

// ---------------------------------------------------------------------------------------------------------
// Roles

const ORGANISER = 'organiser@utsav.example';

describeEachDatabase('abuse: raising a role', (engine) => {
  const server = useServer(engine, { env: { ADMIN_EMAILS: ORGANISER } });

  async function roleOf(user: TestUser): Promise<string> {
    const row = await server.ctx.db
      .selectFrom('users')
      .select('role')
      .where('id', '=', user.user.id)
      .executeTakeFirst();
    return row!.role;
  }

  async function adminCount(): Promise<number> {
    const row = await server.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  it('a guest cannot make themselves anything through their profile, assign-admin or the role route', async () => {
    await newUser(server, { role: 'admin' });
    const guest = await newUser(server);
    const admins = await adminCount();

    for (const body of [
      { role: 'admin' },
      { name: 'Still Me', role: 'admin' },
      { name: 'Still Me', isAdmin: true, permissions: ['*'] },
      { displayName: 'x', user: { role: 'admin' } },
      JSON.parse('{"name":"x","__proto__":{"role":"admin"}}'),
      { name: 'x', firebase_uid: 'someone-else', email: ORGANISER },
    ]) {
      const response = await server.request('PUT', '/api/auth/profile', { token: guest.token, body });
      expect(response.status, JSON.stringify(body)).toBeLessThan(500);
      if (response.status === 200) expect(response.body.user.role).toBe('guest');
    }
    const assign = await server.request('POST', '/api/auth/assign-admin', { token: guest.token });
    expect(assign.status).toBe(403);
    expect(assign.body.code).toBe('FORBIDDEN');

    for (const role of ['admin', 'manager', 'qrchecker']) {
      const own = await server.request('PATCH', `/api/admin/users/${guest.user.id}/role`, {
        token: guest.token,
        body: { role },
      });
      expect(own.status).toBe(403);
    }
    const me = await server.request('GET', '/api/auth/me', { token: guest.token });
    expect(me.body.user.role).toBe('guest');
    expect(me.body.user.email).toBe(guest.email);
    expect(await roleOf(guest)).toBe('guest');
    expect(await adminCount()).toBe(admins);
  });

  describe('google-signin with crafted ID tokens', () => {
    const claims = (email: string, extra: Record<string, unknown> = {}) => ({
      email,
      email_verified: true,
      name: 'Crafted',
      user_id: uidForEmail(email),
      auth_time: Math.floor(Date.now() / 1000),
      firebase: { sign_in_provider: 'google.com', identities: {} },
      ...extra,
    });

    async function devSigned(
      email: string,
      extra: Record<string, unknown> = {},
      options: { issuer?: string; audience?: string; expiresIn?: number } = {},
    ): Promise<string> {
      const keys = await devKeys(server);
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(claims(email, extra))
        .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
        .setIssuer(options.issuer ?? DEV_ISSUER)
        .setAudience(options.audience ?? DEV_AUDIENCE)
        .setSubject(uidForEmail(email))
        .setIssuedAt(now - 10)
        .setExpirationTime(now + (options.expiresIn ?? 3600))
        .sign(keys.privateKey);
    }

    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    async function signIn(idToken: string) {
      return server.request('POST', '/api/auth/google-signin', { body: { idToken } });
    }

    async function userExists(email: string): Promise<boolean> {
      const row = await server.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      return row !== undefined;
    }

    it('an unsigned (alg: none) token is refused and creates nobody', async () => {
      const email = uniqueEmail('none');
      const now = Math.floor(Date.now() / 1000);
      const payload = {
        ...claims(email, { role: 'admin' }),
        iss: DEV_ISSUER,
        aud: DEV_AUDIENCE,
        sub: uidForEmail(email),
        iat: now,
        exp: now + 3600,
      };
      for (const alg of ['none', 'None', 'NONE']) {
        const response = await signIn(`${b64({ alg, typ: 'JWT' })}.${b64(payload)}.`);
        expect(response.status, alg).toBe(401);
        expect(response.body.code).toBe('INVALID_TOKEN');
      }
      expect(await userExists(email)).toBe(false);
    });

    it('a token signed by another key, even under our key id, is refused', async () => {
      const email = uniqueEmail('forged');
      const keys = await devKeys(server);
      const { privateKey } = await generateKeyPair('RS256');
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT(claims(email, { role: 'admin' }))
        .setProtectedHeader({ alg: 'RS256', kid: keys.kid, typ: 'JWT' })
        .setIssuer(DEV_ISSUER)
        .setAudience(DEV_AUDIENCE)
        .setSubject(uidForEmail(email))
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
      expect((await signIn(forged)).status).toBe(401);

      // Algorithm confusion: HS256 keyed with our published public key.
      const publicJwk = JSON.stringify(keys.publicJwks.keys[0]);
      const confused = await new SignJWT(claims(email))
        .setProtectedHeader({ alg: 'HS256', kid: keys.kid, typ: 'JWT' })
        .setIssuer(DEV_ISSUER)
        .setAudience(DEV_AUDIENCE)
        .setSubject(uidForEmail(email))
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode(publicJwk));
      expect((await signIn(confused)).status).toBe(401);

      // A key carried in the token's own header (embedded jwk) is not trusted either.
      const { privateKey: ecKey, publicKey: ecPublic } = await generateKeyPair('ES256', {
        extractable: true,
      });
      const { exportJWK } = await import('jose');
      const embedded = await new SignJWT(claims(email))
        .setProtectedHeader({ alg: 'ES256', jwk: await exportJWK(ecPublic), typ: 'JWT' })
        .setIssuer(DEV_ISSUER)
        .setAudience(DEV_AUDIENCE)
        .setSubject(uidForEmail(email))
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(ecKey);
      expect((await signIn(embedded)).status).toBe(401);
      expect(await userExists(email)).toBe(false);
    });

    it('a genuine token with role or admin claims signs in a guest', async () => {
      const email = uniqueEmail('claims');
      const token = await devSigned(email, {
        role: 'admin',
        admin: true,
        roles: ['admin'],
        customClaims: { role: 'admin' },
        firebase: { sign_in_provider: 'google.com', identities: {}, tenant: 'admin' },
      });
      const response = await signIn(token);
      expect(response.status, response.text).toBe(200);
      expect(response.body.user.role).toBe('guest');
      const me = await server.request('GET', '/api/auth/me', { token });
      expect(me.body.user.role).toBe('guest');
    });

    it('the wrong issuer, the wrong audience or an expired token is refused', async () => {
      const email = uniqueEmail('claims');
      for (const token of [
        await devSigned(email, {}, { issuer: 'https://securetoken.google.com/someone-else' }),
        await devSigned(email, {}, { audience: 'someone-else' }),
        await devSigned(email, {}, { expiresIn: -3600 }),
      ]) {
        expect((await signIn(token)).status).toBe(401);
      }
      expect(await userExists(email)).toBe(false);
    });

    it('an ADMIN_EMAILS address the provider has not verified gets no account, let alone admin', async () => {
      const admins = await adminCount();
      const response = await signIn(await devSigned(ORGANISER, { email_verified: false, role: 'admin' }));
      expect(response.status).toBe(403);
      expect(await userExists(ORGANISER)).toBe(false);
      expect(await adminCount()).toBe(admins);
    });
  });
});
