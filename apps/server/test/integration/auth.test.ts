import { DEV_AUDIENCE, DEV_ISSUER } from '@utsav/dev-identity/keys';
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { findUserByEmail, insertUserIfAbsent } from '../../src/stores/users';
import { describeEachDatabase } from '../../support/databases';
import { devKeys, newUser, tokenFor, uniqueEmail } from '../../support/factories';
import { type TestServer, useServer } from '../../support/server';

describeEachDatabase('auth', (engine) => {
  const server = useServer(engine);

  it('sign-in creates the user once: isNewUser true, then false', async () => {
    const email = uniqueEmail();
    const token = await tokenFor(server, email, { name: 'Riya Shah' });
    const first = await server.request('POST', '/api/auth/google-signin', { body: { idToken: token } });
    const second = await server.request('POST', '/api/auth/google-signin', { body: { idToken: token } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      isNewUser: true,
      user: { email, name: 'Riya Shah', role: 'guest' },
    });
    expect(second.body.isNewUser).toBe(false);
    expect(second.body.user.id).toBe(first.body.user.id);
    expect(first.body.user._id).toBe(first.body.user.id);
  });

  it('the user JSON carries every field the clients read', async () => {
    const { user } = await newUser(server);
    expect(Object.keys(user).sort()).toEqual(
      [
        '_id',
        'id',
        'firebaseUID',
        'email',
        'name',
        'displayName',
        'photoURL',
        'profilePicture',
        'phone',
        'role',
        'createdAt',
        'lastLogin',
      ].sort(),
    );
  });

  it('GET /auth/me answers the signed-in user', async () => {
    const { token, email } = await newUser(server);
    const response = await server.request('GET', '/api/auth/me', { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, user: { email } });
  });

  it('a request without a token is 401 UNAUTHENTICATED in the envelope', async () => {
    const response = await server.request('GET', '/api/auth/me');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    expect(typeof response.body.error).toBe('string');
  });

  it('an expired token is 401 INVALID_TOKEN', async () => {
    const { email } = await newUser(server);
    const expired = await tokenFor(server, email, { now: new Date(Date.now() - 2 * 3600_000) });
    const response = await server.request('GET', '/api/auth/me', { token: expired });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('INVALID_TOKEN');
  });

  it('a tampered token is 401 INVALID_TOKEN', async () => {
    const { token } = await newUser(server);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, email: 'someone.else@example.test' })).toString(
      'base64url',
    );
    const response = await server.request('GET', '/api/auth/me', {
      token: `${header}.${forged}.${signature}`,
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('INVALID_TOKEN');
  });

  it('a token with a space or tab inside is refused (401 INVALID_TOKEN), though its signature would decode', async () => {
    // The signature's base64 decoder skips whitespace, so such a token verified and signed in before. The
    // bearer check's quick path takes the text after "Bearer " as is when the token cache knows it, which is
    // only sound if no cached token holds whitespace.
    const { token } = await newUser(server);
    const [header, payload, signature] = token.split('.');
    const tabbed = `${header}.${payload}.${signature!.slice(0, 10)}\t${signature!.slice(10)}`;
    for (const spaced of [`${token} `, tabbed]) {
      const signIn = await server.request('POST', '/api/auth/google-signin', { body: { idToken: spaced } });
      expect(signIn.status).toBe(401);
      expect(signIn.body.code).toBe('INVALID_TOKEN');
    }
    // (A header's trailing space is not part of its value; a tab inside it is.)
    const me = await server.request('GET', '/api/auth/me', {
      headers: { authorization: `Bearer ${tabbed}` },
    });
    expect(me.status).toBe(401);
    expect((await server.request('GET', '/api/auth/me', { token })).status).toBe(200);
  });

  it('a token signed by another key with the same kid is 401 INVALID_TOKEN', async () => {
    const { email } = await newUser(server);
    const keys = await devKeys(server);
    const { privateKey } = await generateKeyPair('RS256');
    const token = await new SignJWT({ email, email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: keys.kid })
      .setIssuer('urn:utsav:dev-identity')
      .setAudience('utsav-dev')
      .setSubject('someone')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
    const signIn = await server.request('POST', '/api/auth/google-signin', { body: { idToken: token } });
    const me = await server.request('GET', '/api/auth/me', { token });
    expect(signIn.status).toBe(401);
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('INVALID_TOKEN');
  });

  it('a valid token of someone who never signed in is 401 until google-signin', async () => {
    const token = await tokenFor(server, uniqueEmail());
    const before = await server.request('GET', '/api/auth/me', { token });
    await server.request('POST', '/api/auth/google-signin', { body: { idToken: token } });
    const after = await server.request('GET', '/api/auth/me', { token });
    expect(before.status).toBe(401);
    expect(before.body.code).toBe('UNAUTHENTICATED');
    expect(after.status).toBe(200);
  });

  it('signing in links a pre-created row with the same email and keeps its role', async () => {
    const email = uniqueEmail('precreated');
    const stamp = new Date().toISOString();
    await insertUserIfAbsent(server.ctx.db, {
      id: crypto.randomUUID(),
      firebase_uid: null,
      email,
      name: 'Pre Created',
      photo_url: null,
      phone: null,
      role: 'manager',
      created_at: stamp,
      updated_at: stamp,
      last_login_at: null,
    });
    const token = await tokenFor(server, email, { name: 'Real Name' });
    const response = await server.request('POST', '/api/auth/google-signin', { body: { idToken: token } });
    expect(response.body).toMatchObject({
      isNewUser: true,
      user: { email, role: 'manager', name: 'Real Name' },
    });
    expect(response.body.user.firebaseUID).toBeTruthy();
  });

  it('PUT /auth/profile updates the name and GET /auth/profile returns it', async () => {
    const { token } = await newUser(server);
    const put = await server.request('PUT', '/api/auth/profile', {
      token,
      body: { name: 'New Name', phone: '+91 98200 00000' },
    });
    const get = await server.request('GET', '/api/auth/profile', { token });
    expect(put.status).toBe(200);
    expect(get.body.user).toMatchObject({
      name: 'New Name',
      displayName: 'New Name',
      phone: '+91 98200 00000',
    });
  });

  it('PUT /auth/profile ignores read-only keys (email, role, ids) and never changes them', async () => {
    const { token, email, user } = await newUser(server);
    const before = (await server.request('GET', '/api/auth/me', { token })).body.user;
    const put = await server.request('PUT', '/api/auth/profile', {
      token,
      body: {
        name: 'Renamed Guest',
        email: 'someone.else@example.test',
        role: 'admin',
        _id: 'forged-id',
        id: 'forged-id',
        uid: 'forged-uid',
        firebaseUID: 'forged-uid',
        emailVerified: true,
        createdAt: '2000-01-01T00:00:00.000Z',
        lastLogin: null,
      },
    });
    expect(put.status, put.text).toBe(200);
    const after = (await server.request('GET', '/api/auth/me', { token })).body.user;
    for (const body of [put.body.user, after]) {
      expect(body).toEqual({ ...before, name: 'Renamed Guest', displayName: 'Renamed Guest' });
      expect(body).toMatchObject({ id: user.id, email, role: 'guest' });
    }
  });

  it('PUT /auth/profile with only { name, email } (an older client) is accepted', async () => {
    const { token, email } = await newUser(server);
    const put = await server.request('PUT', '/api/auth/profile', {
      token,
      body: { name: 'Spec Client', email },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body.user).toMatchObject({ name: 'Spec Client', email });
  });

  it('PUT /auth/profile still refuses keys it does not know (a typo is not silently dropped)', async () => {
    const { token } = await newUser(server);
    const response = await server.request('PUT', '/api/auth/profile', { token, body: { nmae: 'Typo' } });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });

  it('logout succeeds with or without a token, and with an empty JSON body', async () => {
    const { token } = await newUser(server);
    const withToken = await server.request('POST', '/api/auth/logout', {
      token,
      headers: { 'content-type': 'application/json' },
    });
    const without = await server.request('POST', '/api/auth/logout');
    expect(withToken.body).toEqual({ success: true });
    expect(without.body).toEqual({ success: true });
  });
});

describeEachDatabase('assign-admin with ADMIN_EMAILS set', (engine) => {
  const server = useServer(engine, { env: { ADMIN_EMAILS: 'Boss@Example.test' } });

  // A stranger who finds a fresh deployment first must not keep admin for good.
  it('on a fresh install, the first caller who is not listed is refused (403)', async () => {
    const stranger = await newUser(server);
    const response = await server.request('POST', '/api/auth/assign-admin', { token: stranger.token });
    const me = await server.request('GET', '/api/auth/me', { token: stranger.token });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('FORBIDDEN');
    expect(me.body.user.role).toBe('guest');
  });

  it('an ADMIN_EMAILS address is admin from its first sign-in', async () => {
    const { user } = await newUser(server, { email: 'BOSS@example.test' });
    expect(user.role).toBe('admin');
  });

  it('a listed address set back to guest regains admin through assign-admin', async () => {
    // The address is already a user from the test above; demoted as if it had been listed only later.
    const listed = await newUser(server, { email: 'boss@example.test', role: 'guest' });
    const response = await server.request('POST', '/api/auth/assign-admin', { token: listed.token });
    expect(response.status).toBe(200);
    expect(response.body.user.role).toBe('admin');
  });

  it('a listed address whose token says it is not verified is refused (403)', async () => {
    const listed = await newUser(server, { email: 'boss@example.test', role: 'guest' });
    const unverified = await customToken(server, {
      sub: listed.user.firebaseUID,
      email: 'boss@example.test',
      email_verified: false,
    });
    const response = await server.request('POST', '/api/auth/assign-admin', { token: unverified });
    expect(response.status).toBe(403);
  });
});

describeEachDatabase('assign-admin without ADMIN_EMAILS on the development sign-in', (engine) => {
  const server = useServer(engine);

  it('grants the first caller of a fresh install (the local bootstrap) and refuses the next', async () => {
    const first = await newUser(server);
    const second = await newUser(server);
    const granted = await server.request('POST', '/api/auth/assign-admin', { token: first.token });
    const refused = await server.request('POST', '/api/auth/assign-admin', { token: second.token });
    expect(granted.status).toBe(200);
    expect(granted.body.user.role).toBe('admin');
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
  });
});

describeEachDatabase('sign-in never re-links an account', (engine) => {
  const server = useServer(engine);

  it('a token of another subject with the same verified email is refused (409) and takes nothing over', async () => {
    const owner = await newUser(server, { role: 'manager' });
    const other = await customToken(server, {
      sub: 'AnotherSubject0000000000001',
      email: owner.email,
      email_verified: true,
    });
    const signIn = await server.request('POST', '/api/auth/google-signin', { body: { idToken: other } });
    const otherMe = await server.request('GET', '/api/auth/me', { token: other });
    const ownerMe = await server.request('GET', '/api/auth/me', { token: owner.token });
    expect(signIn.status).toBe(409);
    expect(signIn.body.code).toBe('ACCOUNT_LINKED_ELSEWHERE');
    expect(otherMe.status).toBe(401);
    expect(ownerMe.body.user).toMatchObject({
      id: owner.user.id,
      firebaseUID: owner.user.firebaseUID,
      role: 'manager',
    });
  });

  it('an unverified email does not link a hand-issued account', async () => {
    const email = uniqueEmail('handissued');
    const id = crypto.randomUUID();
    const stamp = new Date().toISOString();
    await insertUserIfAbsent(server.ctx.db, {
      id,
      firebase_uid: null,
      email,
      name: 'Hand Issued',
      photo_url: null,
      phone: null,
      role: 'guest',
      created_at: stamp,
      updated_at: stamp,
      last_login_at: null,
    });
    const token = await customToken(server, {
      sub: 'UnverifiedSubject000000001',
      email,
      email_verified: false,
    });
    const signIn = await server.request('POST', '/api/auth/google-signin', { body: { idToken: token } });
    const row = await findUserByEmail(server.ctx.db, email);
    expect(signIn.status).toBe(403);
    expect(row?.firebase_uid).toBeNull();
  });
});

/** An ID token signed by this server's development identity provider with exactly these claims. */
async function customToken(
  server: TestServer,
  claims: { sub: string; email: string; email_verified: boolean },
): Promise<string> {
  const keys = await devKeys(server);
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest, name: 'Custom Token' })
    .setProtectedHeader({ alg: 'RS256', kid: keys.kid })
    .setIssuer(DEV_ISSUER)
    .setAudience(DEV_AUDIENCE)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(keys.privateKey);
}

describe('auth rate limit', () => {
  const server = useServer('sqlite', { env: { RATE_LIMIT_AUTH_PER_MINUTE: '3' } });

  it('counts sign-ins per identity: a fourth by one person is refused, others from the address are not', async () => {
    const token = await tokenFor(server, uniqueEmail());
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await server.request('POST', '/api/auth/google-signin', { body: { idToken: token } })).status,
      );
    }
    const neighbour = await tokenFor(server, uniqueEmail());
    const other = await server.request('POST', '/api/auth/google-signin', { body: { idToken: neighbour } });
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(other.status).toBe(200);
  });

  it('answers 429 RATE_LIMITED in the envelope after the per-minute allowance', async () => {
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof server.request>> | undefined;
    for (let i = 0; i < 4; i++) {
      last = await server.request('POST', '/api/auth/google-signin', { body: { idToken: 'x'.repeat(40) } });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(last?.body.code).toBe('RATE_LIMITED');
    expect(last?.headers.get('retry-after')).toBeTruthy();
  });
});

describeEachDatabase('sign-in behind one address (carrier NAT)', (engine) => {
  // The defaults of a real deployment: no test override of the sign-in limits.
  const server = useServer(engine, { env: { RATE_LIMIT_AUTH_PER_MINUTE: '30' } });

  it('150 people signing in at once from one address all succeed', async () => {
    const tokens = await Promise.all(Array.from({ length: 150 }, () => tokenFor(server, uniqueEmail('nat'))));
    const answers = await Promise.all(
      tokens.map((idToken) => server.request('POST', '/api/auth/google-signin', { body: { idToken } })),
    );
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.status)).toEqual([]);
  });
});

describe('sign-in per-address ceiling', () => {
  const server = useServer('sqlite', { env: { RATE_LIMIT_AUTH_PER_ADDRESS_PER_MINUTE: '5' } });

  it('is configurable: past it, even different people from one address get 429', async () => {
    const tokens = await Promise.all(Array.from({ length: 6 }, () => tokenFor(server, uniqueEmail())));
    const statuses: number[] = [];
    for (const idToken of tokens) {
      statuses.push((await server.request('POST', '/api/auth/google-signin', { body: { idToken } })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
