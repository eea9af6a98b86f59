import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { updateUser } from '../../src/stores/users';
import { describeEachDatabase } from '../../support/databases';
import { newEventBody, newUser, tokenFor, uniqueEmail } from '../../support/factories';
import { type TestServer, useServer } from '../../support/server';

// The first run of an install without the demo (docs/product.md#first-run): who becomes the organiser, and how
// far setup has got, with the development sign-in and with Firebase ID tokens.

const PROFILE = { name: 'Navratri Nights', supportEmail: 'help@navratri.example' };

async function setup(server: TestServer, token?: string) {
  const response = await server.request('GET', '/api/setup', token ? { token } : {});
  expect(response.status, response.text).toBe(200);
  return response.body.setup;
}

describeEachDatabase('first run with the development sign-in and no ADMIN_EMAILS', (engine) => {
  const server = useServer(engine);

  it('the first person becomes the organiser, fills in the profile, creates a draft and publishes it', async () => {
    expect(await setup(server)).toEqual({
      adminExists: false,
      canBecomeOrganiser: false,
      bootstrap: 'first-caller',
      organiserProfile: false,
      event: 'none',
      complete: false,
    });
    const first = await newUser(server);
    expect(first.user.role).toBe('guest');
    expect((await setup(server, first.token)).canBecomeOrganiser).toBe(true);

    const claimed = await server.request('POST', '/api/auth/assign-admin', { token: first.token });
    expect(claimed.body.user.role).toBe('admin');
    expect(await setup(server, first.token)).toMatchObject({ adminExists: true, canBecomeOrganiser: false });
    const second = await newUser(server);
    expect((await setup(server, second.token)).canBecomeOrganiser).toBe(false);

    const nothing = await server.request('POST', '/api/admin/event/publish', { token: first.token });
    expect(nothing.status).toBe(404);
    expect(nothing.body.code).toBe('EVENT_NOT_FOUND');

    const draft = await server.request('POST', '/api/event', {
      token: first.token,
      body: newEventBody({ published: false }),
    });
    expect(draft.status, draft.text).toBe(200);
    expect(draft.body.data).toMatchObject({ published: false, publishedAt: null });
    expect((await setup(server)).event).toBe('draft');

    const tooSoon = await server.request('POST', '/api/admin/event/publish', { token: first.token });
    expect(tooSoon.status).toBe(409);
    expect(tooSoon.body.code).toBe('ORGANISER_PROFILE_MISSING');

    const saved = await server.request('PUT', '/api/admin/organiser', { token: first.token, body: PROFILE });
    expect(saved.status, saved.text).toBe(200);
    const published = await server.request('POST', '/api/admin/event/publish', { token: first.token });
    expect(published.status, published.text).toBe(200);
    expect(published.body.data.published).toBe(true);
    expect(await setup(server)).toMatchObject({ organiserProfile: true, event: 'published', complete: true });
  });
});

describeEachDatabase('ADMIN_EMAILS with the development sign-in', (engine) => {
  const server = useServer(engine, { env: { ADMIN_EMAILS: 'organiser@navratri.example' } });

  it('a listed address that signed in before as a guest is admin at its next sign-in', async () => {
    // As after a restart with ADMIN_EMAILS newly set: the account exists with the role it had.
    const before = await newUser(server, { email: 'organiser@navratri.example' });
    await updateUser(server.ctx.db, before.user.id, { role: 'guest' });
    const again = await server.request('POST', '/api/auth/google-signin', {
      body: { idToken: await tokenFor(server, 'organiser@navratri.example') },
    });
    expect(again.body.user.role).toBe('admin');
    const audit = await server.ctx.db
      .selectFrom('audit_log')
      .select(['action'])
      .where('entity_id', '=', before.user.id)
      .where('action', '=', 'user.admin_assigned')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('says the first organiser is recognised by a listed address', async () => {
    expect((await setup(server)).bootstrap).toBe('listed-email');
  });
});

/** Firebase-shaped ID tokens, signed by keys this suite made and gave the app in place of Google's. */
const PROJECT = 'navratri-test';
const keys = await generateKeyPair('RS256', { extractable: true });
const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };

async function firebaseToken(
  email: string,
  options: { verified?: boolean; uid?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const uid = options.uid ?? randomBytes(14).toString('hex').slice(0, 28);
  return new SignJWT({
    name: 'Navratri Organiser',
    picture: 'https://lh3.googleusercontent.com/a/organiser',
    auth_time: now - 5,
    user_id: uid,
    email,
    email_verified: options.verified ?? true,
    firebase: {
      identities: { 'google.com': ['1098765432'], email: [email] },
      sign_in_provider: 'google.com',
    },
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
    .setIssuer(`https://securetoken.google.com/${PROJECT}`)
    .setAudience(PROJECT)
    .setSubject(uid)
    .setIssuedAt(now - 5)
    .setExpirationTime(now + 3600)
    .sign(keys.privateKey);
}

describeEachDatabase('first run with Firebase sign-in', (engine) => {
  const server = useServer(engine, {
    env: {
      FIREBASE_PROJECT_ID: PROJECT,
      FIREBASE_API_KEY: 'AIza-test-key',
      ADMIN_EMAILS: 'Organiser@Navratri.example',
      // The Razorpay emulator beside Firebase: refused at start-up unless asked for, as for a staging demo.
      ALLOW_STAND_INS: 'true',
    },
    firebaseKeys: () => ({ keys: [publicJwk] }),
  });

  const signIn = (idToken: string) =>
    server.request('POST', '/api/auth/google-signin', { body: { idToken } });

  it('a stranger who signs in first is a guest and cannot become the organiser', async () => {
    const token = await firebaseToken(uniqueEmail('stranger'));
    expect((await signIn(token)).body.user.role).toBe('guest');
    expect(await setup(server, token)).toMatchObject({
      adminExists: false,
      canBecomeOrganiser: false,
      bootstrap: 'listed-email',
    });
    expect((await server.request('POST', '/api/auth/assign-admin', { token })).status).toBe(403);
  });

  it('the listed, verified address is admin at its first sign-in and at every later one', async () => {
    const uid = randomBytes(14).toString('hex');
    const first = await signIn(await firebaseToken('organiser@navratri.example', { uid }));
    expect(first.status, first.text).toBe(200);
    expect(first.body.user.role).toBe('admin');
    await updateUser(server.ctx.db, first.body.user.id, { role: 'guest' });
    const later = await signIn(await firebaseToken('organiser@navratri.example', { uid }));
    expect(later.body.user).toMatchObject({ id: first.body.user.id, role: 'admin' });
    expect((await setup(server)).adminExists).toBe(true);
  });

  it('the listed address is not admin while the provider has not verified it', async () => {
    const response = await signIn(await firebaseToken('organiser@navratri.example', { verified: false }));
    expect(response.status).toBe(403);
  });

  it('a token for another Firebase project is refused', async () => {
    const now = Math.floor(Date.now() / 1000);
    const foreign = await new SignJWT({ email: 'organiser@navratri.example', email_verified: true })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1' })
      .setIssuer('https://securetoken.google.com/someone-else')
      .setAudience('someone-else')
      .setSubject('ForeignSubject00000000000001')
      .setIssuedAt(now)
      .setExpirationTime(now + 3600)
      .sign(keys.privateKey);
    expect((await signIn(foreign)).status).toBe(401);
  });
});
