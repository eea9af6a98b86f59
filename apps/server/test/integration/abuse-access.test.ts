import { randomUUID } from 'node:crypto';
import { DEV_AUDIENCE, DEV_ISSUER, uidForEmail } from '@utsav/dev-identity/keys';
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { devKeys, newUser, type TestUser, uniqueEmail } from '../../support/factories';
import { newEvent, type TestEvent } from '../../support/purchase';
import { useServer } from '../../support/server';

// Abuse: a guest cannot read, cancel or refund someone else's ticket by guessing ids; no call a guest
// can make raises a role (floods: abuse.test.ts).

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
