import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Config } from '../../src/platform/config';
import { describeEachDatabase } from '../../support/databases';
import { newUser } from '../../support/factories';
import { useServer } from '../../support/server';

const crash = {
  error: {
    message: 'Cannot read properties of undefined',
    stack: 'TypeError: ...\n    at Landing',
    name: 'TypeError',
  },
  errorInfo: { componentStack: '\n    at Landing\n    at App' },
  timestamp: new Date().toISOString(),
  url: 'http://localhost:8080/',
  userAgent: 'vitest',
};

describeEachDatabase('system', (engine) => {
  const server = useServer(engine, { env: { RATE_LIMIT_LOG_ERROR_PER_MINUTE: '3' } });

  it('GET /api/health answers ok while the database answers', async () => {
    const response = await server.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('POST /api/log-error accepts a crash report with 204, then rate-limits it', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await server.request('POST', '/api/log-error', { body: crash })).status);
    expect(statuses).toEqual([204, 204, 204, 429]);
  });

  it('an unknown /api route is a 404 envelope', async () => {
    const response = await server.request('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('every error body carries errorType, the same value as code (the "error type" older scanners read)', async () => {
    const guest = await newUser(server);
    const refusals = [
      await server.request('GET', '/api/no-such-thing'),
      await server.request('GET', '/api/tickets/my-tickets'),
      await server.request('GET', '/api/admin/users', { token: guest.token }),
      await server.request('POST', '/api/tickets', { token: guest.token, body: { quantity: 0 } }),
      await server.request('POST', '/api/auth/google-signin', { body: '{"idToken":' }),
      await server.request('POST', '/api/auth/google-signin', {
        body: 'idToken=abc',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    ];
    expect(refusals.map((response) => [response.status, response.body.errorType])).toEqual([
      [404, 'NOT_FOUND'],
      [401, 'UNAUTHENTICATED'],
      [403, 'FORBIDDEN'],
      [400, 'VALIDATION_FAILED'],
      [400, 'BAD_REQUEST'],
      [415, 'UNSUPPORTED_MEDIA_TYPE'],
    ]);
    for (const response of refusals) expect(response.body.errorType).toBe(response.body.code);
  });

  it('a 10 MB body is refused with a 413 envelope, even on the 8 MB event route', async () => {
    const admin = await newUser(server, { role: 'admin' });
    const response = await server.request('POST', '/api/event', {
      token: admin.token,
      body: { name: 'x'.repeat(10 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(response.body.error).toMatch(/too large/);
  });

  it('a body over 100 KB on an ordinary route is refused with 413', async () => {
    const response = await server.request('POST', '/api/auth/google-signin', {
      body: { idToken: 'x'.repeat(200 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('a body that is not JSON is refused with a 415 envelope', async () => {
    const response = await server.request('POST', '/api/auth/google-signin', {
      body: 'idToken=abc',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('malformed JSON is a 400 envelope without a stack trace', async () => {
    const response = await server.request('POST', '/api/auth/google-signin', { body: '{"idToken":' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(response.text).not.toMatch(/\bat .*\.(ts|js):\d+/);
  });

  it('every response carries a request id, and a sane incoming x-request-id is echoed', async () => {
    const generated = await server.request('GET', '/api/health');
    const echoed = await server.request('GET', '/api/health', { headers: { 'x-request-id': 'lb-1234' } });
    const replaced = await server.request('GET', '/api/health', {
      headers: { 'x-request-id': 'bad id\twith spaces' },
    });
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(echoed.headers.get('x-request-id')).toBe('lb-1234');
    expect(replaced.headers.get('x-request-id')).not.toContain(' ');
  });

  it('responses carry a CSP that allows only our own scripts in dev mode', async () => {
    const csp = (await server.request('GET', '/api/health')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain('razorpay');
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('client-config tells the web which providers to use, with no secrets', async () => {
    const response = await server.request('GET', '/api/system/client-config');
    expect(response.body).toEqual({
      success: true,
      authMode: 'dev',
      payments: 'emulator',
      razorpayKeyId: server.config.razorpay.keyId,
      scanNetworkBudgetMs: 2500,
    });
    expect(response.text).not.toContain(server.config.razorpay.keySecret);
  });

  it('the OpenAPI document lists the API', async () => {
    const response = await server.request('GET', '/api/docs/json');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/google-signin', '/api/event', '/api/admin/users']),
    );
  });

  it('the dev identity provider is mounted at /dev-auth', async () => {
    const response = await server.request('GET', '/dev-auth/jwks.json');
    expect(response.status).toBe(200);
    expect(response.body.keys[0].kty).toBe('RSA');
  });

  it('without a web build, / explains how to build it', async () => {
    const response = await fetch(`${server.url}/`);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('npm run build');
  });
});

// A minimal built web app: index.html and the installed apps' start pages' own documents (apps/web/build/
// start-page-documents.ts), each with a boot script; the scanner's differs, so each document's hash must count.
const BOOT = 'document.documentElement.lang = "en";';
const DOCUMENTS = {
  'index.html': `<!doctype html><title>Utsav</title><script>${BOOT}</script><div id="root">landing</div>`,
  'dashboard/guest.html': `<!doctype html><html data-static-page="guest"><script>${BOOT}</script><div id="root"></div>`,
  'dashboard/qrchecker.html':
    '<!doctype html><html data-static-page="scanner"><script>void 0;</script><div id="root"></div>',
};
const scriptHash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

/** The built web app, written before the server starts (the static routes are fixed at start). */
function withWebBuild(config: Config): Config {
  const dist = join(config.dataDir, 'web-dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, 'dashboard'), { recursive: true });
  for (const [file, html] of Object.entries(DOCUMENTS)) writeFileSync(join(dist, file), html);
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
  return { ...config, webDistDir: dist };
}

describeEachDatabase('web app serving', (engine) => {
  const server = useServer(engine, { adjust: withWebBuild });

  it("serves a start page's own document at its address, index.html at / and for other client-side routes, never cached, each allowing its boot script", async () => {
    const expected: Array<[string, keyof typeof DOCUMENTS]> = [
      ['/', 'index.html'],
      ['/dashboard/guest', 'dashboard/guest.html'],
      ['/dashboard/guest/', 'dashboard/guest.html'],
      ['/dashboard/guest?from=install', 'dashboard/guest.html'],
      ['/dashboard/qrchecker', 'dashboard/qrchecker.html'],
      ['/dashboard/guest/x', 'index.html'],
      ['/dashboard/admin', 'index.html'],
      ['/dashboard', 'index.html'],
      ['/legal/terms?x=1', 'index.html'],
    ];
    for (const [path, file] of expected) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(await response.text(), path).toBe(DOCUMENTS[file]);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const script of [BOOT, 'void 0;']) expect(csp, path).toContain(scriptHash(script));
    }
  });

  it('serves fingerprinted assets with immutable cache headers', async () => {
    const response = await fetch(`${server.url}/assets/index-abc123.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('a missing asset or API path is a 404, not index.html', async () => {
    expect((await fetch(`${server.url}/assets/missing.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/missing`)).status).toBe(404);
    expect((await fetch(`${server.url}/dev-auth/missing`)).status).toBe(404);
  });
});
