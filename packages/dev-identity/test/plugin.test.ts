import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_AUDIENCE, DEV_ISSUER, uidForEmail } from '../src/keys';
import devIdentity from '../src/plugin';

const demoAccounts = [
  { email: 'admin@utsav.test', name: 'Aarti Admin', role: 'admin' },
  { email: 'manager@utsav.test', name: 'Mehul Manager', role: 'manager' },
  { email: 'checker@utsav.test', name: 'Chirag Checker', role: 'qrchecker' },
  {
    email: 'guest@utsav.test',
    name: 'Gita <Guest> & "Co"',
    role: 'guest',
    picture: 'https://example.com/g.png',
  },
];

interface Server {
  app: FastifyInstance;
  base: string;
}

async function startServer(dataDir: string): Promise<Server> {
  const app = Fastify({ logger: false });
  await app.register(devIdentity, { prefix: '/dev-auth', dataDir, demoAccounts });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, base: `${address}/dev-auth` };
}

function post(url: string, body: unknown, contentType = 'application/json') {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

let dataDir: string;
let server: Server;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'utsav-dev-identity-'));
  server = await startServer(dataDir);
});

afterAll(async () => {
  await server.app.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function signIn(body: unknown = { email: 'Ravi@Example.com', name: 'Ravi Shah' }) {
  const response = await post(`${server.base}/token`, body);
  expect(response.status).toBe(200);
  return (await response.json()) as {
    idToken: string;
    refreshToken: string;
    expiresIn: number;
    user: {
      uid: string;
      email: string;
      displayName: string;
      photoURL: string | null;
      emailVerified: boolean;
    };
  };
}

function verify(idToken: string, base = server.base) {
  return jwtVerify(idToken, createRemoteJWKSet(new URL(`${base}/jwks.json`)), {
    issuer: DEV_ISSUER,
    audience: DEV_AUDIENCE,
    algorithms: ['RS256'],
  });
}

describe('POST /dev-auth/token', () => {
  it('issues an ID token that verifies against /dev-auth/jwks.json', async () => {
    const { idToken, refreshToken } = await signIn();
    const { payload, protectedHeader } = await verify(idToken);
    expect(protectedHeader.alg).toBe('RS256');
    expect(protectedHeader.kid).toBeTruthy();
    expect(payload.email).toBe('ravi@example.com');
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('puts the Firebase claims in the token, with a uid stable per email', async () => {
    const { idToken, user } = await signIn();
    const { payload } = await verify(idToken);
    const uid = uidForEmail('ravi@example.com');
    expect(payload).toMatchObject({
      iss: 'urn:utsav:dev-identity',
      aud: 'utsav-dev',
      sub: uid,
      user_id: uid,
      email: 'ravi@example.com',
      email_verified: true,
      name: 'Ravi Shah',
      firebase: { sign_in_provider: 'google.com', identities: { email: ['ravi@example.com'] } },
    });
    expect(payload.auth_time).toBe(payload.iat);
    expect(user).toEqual({
      uid,
      email: 'ravi@example.com',
      displayName: 'Ravi Shah',
      photoURL: null,
      emailVerified: true,
    });
    const again = await signIn({ email: 'ravi@example.com', name: 'Ravi' });
    expect(again.user.uid).toBe(uid);
  });

  it('issues tokens that expire one hour after they are issued', async () => {
    const before = Math.floor(Date.now() / 1000);
    const { idToken, expiresIn } = await signIn();
    const { payload } = await verify(idToken);
    expect(expiresIn).toBe(3600);
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(payload.iat).toBeGreaterThanOrEqual(before);
  });

  it("uses a demo account's name and picture when only its email is sent", async () => {
    const { idToken, user } = await signIn({ email: 'guest@utsav.test' });
    expect(user.displayName).toBe('Gita <Guest> & "Co"');
    expect(user.photoURL).toBe('https://example.com/g.png');
    expect((await verify(idToken)).payload.picture).toBe('https://example.com/g.png');
  });

  it.each([
    ['no body', undefined, 'email'],
    ['a missing email', { name: 'Ravi' }, 'email'],
    ['an invalid email', { email: 'not-an-email', name: 'Ravi' }, 'email'],
    ['a blank name', { email: 'ravi@example.com', name: '   ' }, 'name'],
    ['a name that is not text', { email: 'ravi@example.com', name: 42 }, 'name'],
    [
      'a picture that is not an http URL',
      { email: 'ravi@example.com', picture: 'javascript:alert(1)' },
      'picture',
    ],
    ['a JSON array', [], 'body'],
  ])('refuses %s with 400 VALIDATION_FAILED naming the field', async (_label, body, field) => {
    const response = await fetch(`${server.base}/token`, {
      method: 'POST',
      ...(body === undefined
        ? {}
        : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    });
    expect(response.status).toBe(400);
    const json = (await response.json()) as { success: boolean; code: string; details: { field: string }[] };
    expect(json).toMatchObject({ success: false, code: 'VALIDATION_FAILED', error: expect.any(String) });
    expect(json.details.map((detail) => detail.field)).toContain(field);
  });

  it('refuses malformed JSON with 400 in the same envelope', async () => {
    const response = await post(`${server.base}/token`, '{"email":');
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('refuses a body over 4 KB with 413', async () => {
    const response = await post(`${server.base}/token`, { email: 'a@b.co', name: 'x'.repeat(5000) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('POST /dev-auth/refresh', () => {
  it('returns a new ID token and rotates the refresh token', async () => {
    const first = await signIn();
    const response = await post(`${server.base}/refresh`, { refreshToken: first.refreshToken });
    expect(response.status).toBe(200);
    const second = (await response.json()) as {
      idToken: string;
      refreshToken: string;
      user: { uid: string };
    };
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.user.uid).toBe(uidForEmail('ravi@example.com'));
    const { payload } = await verify(second.idToken);
    expect(payload.sub).toBe(uidForEmail('ravi@example.com'));
    expect(payload.name).toBe('Ravi Shah');
    // auth_time is when the person chose the account, as with Firebase.
    expect(payload.auth_time).toBe((await verify(first.idToken)).payload.auth_time);
  });

  it('refuses a refresh token that was already used, with 401', async () => {
    const first = await signIn();
    expect((await post(`${server.base}/refresh`, { refreshToken: first.refreshToken })).status).toBe(200);
    const reused = await post(`${server.base}/refresh`, { refreshToken: first.refreshToken });
    expect(reused.status).toBe(401);
    expect(await reused.json()).toMatchObject({ success: false, code: 'INVALID_TOKEN' });
  });

  it('lets exactly one of two simultaneous refreshes with the same token win', async () => {
    const { refreshToken } = await signIn();
    const results = await Promise.all([1, 2].map(() => post(`${server.base}/refresh`, { refreshToken })));
    expect(results.map((response) => response.status).sort()).toEqual([200, 401]);
  });

  it('refuses an unknown refresh token with 401', async () => {
    const response = await post(`${server.base}/refresh`, { refreshToken: 'made-up' });
    expect(response.status).toBe(401);
  });

  it('refuses a body without a refresh token with 400', async () => {
    const response = await post(`${server.base}/refresh`, {});
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      details: [{ field: 'refreshToken' }],
    });
  });
});

describe('persistence across restarts', () => {
  it('a second instance on the same data folder signs with the same key and honours refresh tokens', async () => {
    const { idToken, refreshToken } = await signIn();
    const restarted = await startServer(dataDir);
    try {
      expect(decodeProtectedHeader(idToken).kid).toBe(
        ((await (await fetch(`${restarted.base}/jwks.json`)).json()) as { keys: { kid: string }[] }).keys[0]
          ?.kid,
      );
      await expect(verify(idToken, restarted.base)).resolves.toBeTruthy();
      const response = await post(`${restarted.base}/refresh`, { refreshToken });
      expect(response.status).toBe(200);
      const { idToken: renewed } = (await response.json()) as { idToken: string };
      await expect(verify(renewed)).resolves.toBeTruthy();
    } finally {
      await restarted.app.close();
    }
  });
});

describe('GET /dev-auth/jwks.json', () => {
  it('publishes public keys only, cacheable', async () => {
    const response = await fetch(`${server.base}/jwks.json`);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toContain('max-age');
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('the account chooser popup', () => {
  it('is served as HTML under a CSP without inline script', async () => {
    const response = await fetch(`${server.base}/popup`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const html = await response.text();
    const scripts = html.match(/<script\b[^>]*>[\s\S]*?<\/script>/gi) ?? [];
    expect(scripts).toHaveLength(1);
    for (const script of scripts) {
      expect(script).toMatch(/\ssrc="popup\.js"/);
      expect(script.replace(/<script\b[^>]*>|<\/script>/gi, '').trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/\sstyle\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
  });

  it('shows the chooser texts, the development banner and every demo account with its role', async () => {
    const html = await (await fetch(`${server.base}/popup`)).text();
    expect(html).toContain('Choose an account');
    expect(html).toContain('to continue to <span class="subtitle__app">Utsav</span>');
    expect(html).toContain('Development sign-in</strong> — no real Google account is used');
    expect(html).toContain('Use another account');
    expect(html).toContain('Cancel');
    for (const label of ['Admin', 'Manager', 'QR Checker', 'Guest']) expect(html).toContain(label);
    expect(html).toContain('admin@utsav.test');
  });

  it('escapes account names', async () => {
    const html = await (await fetch(`${server.base}/popup`)).text();
    expect(html).toContain('Gita &lt;Guest&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<Guest>');
  });

  it('labels the form fields and ties their error messages to them', async () => {
    const html = await (await fetch(`${server.base}/popup`)).text();
    expect(html).toContain('<label for="another-name">Name</label>');
    expect(html).toContain('<label for="another-email">Email</label>');
    expect(html).toContain('aria-describedby="another-name-error"');
    expect(html).toContain('aria-describedby="another-email-error"');
  });

  it('serves its script and styles with the right content types', async () => {
    const script = await fetch(`${server.base}/popup.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const source = await script.text();
    expect(source).toContain("'utsav-dev-auth'");
    expect(source).toContain('location.origin');
    expect(source).toContain("'popup-closed'");
    const styles = await fetch(`${server.base}/popup.css`);
    expect(styles.status).toBe(200);
    expect(styles.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(await styles.text()).toContain('.account');
  });
});
