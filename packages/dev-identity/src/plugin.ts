// The development identity provider: a stand-in for Firebase's Google sign-in, mounted by the server
// at /dev-auth when AUTH_MODE=dev (routes below are relative to that prefix). It signs real RS256
// ID tokens and publishes its JWKS, so the server verifies them exactly as it verifies Firebase's.

import { readFile } from 'node:fs/promises';
import type { FastifyError, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  type DevIdentity,
  ID_TOKEN_LIFETIME_SECONDS,
  loadOrCreateSigningKeys,
  signIdToken,
  uidForEmail,
} from './keys';
import { type DemoAccount, renderPopupPage } from './popup-page';
import { RefreshTokenStore } from './refresh-tokens';

export type { DemoAccount } from './popup-page';

export interface DevIdentityOptions {
  dataDir: string;
  demoAccounts: DemoAccount[];
}

// The chooser needs nothing but its own files and a POST back to this server.
const POPUP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const BODY_LIMIT = 4096;

const tokenBody = z.object({
  email: z
    .string({ error: 'Enter an email address' })
    .trim()
    .min(1, 'Enter an email address')
    .max(254, 'Email address is too long')
    .pipe(z.email('Enter a valid email address')),
  name: z.string({ error: 'Name must be text' }).trim().min(1, 'Enter your name').max(80).optional(),
  picture: z
    .url({ protocol: /^https?$/, error: 'Picture must be an http(s) URL' })
    .max(2048)
    .optional(),
});

const refreshBody = z.object({
  refreshToken: z.string({ error: 'refreshToken is required' }).min(1, 'refreshToken is required').max(256),
});

interface TokenResponse {
  success: true;
  idToken: string;
  refreshToken: string;
  expiresIn: number;
  user: { uid: string; email: string; displayName: string; photoURL: string | null; emailVerified: true };
}

function validationFailed(reply: FastifyReply, error: z.ZodError) {
  return reply.code(400).send({
    success: false,
    error: 'Some fields are missing or invalid.',
    code: 'VALIDATION_FAILED',
    details: error.issues.map((issue) => ({
      field: issue.path.length > 0 ? issue.path.join('.') : 'body',
      message: issue.message,
    })),
  });
}

async function asset(name: string): Promise<string> {
  return readFile(new URL(`./assets/${name}`, import.meta.url), 'utf8');
}

const devIdentityPlugin: FastifyPluginAsync<DevIdentityOptions> = async (app, options) => {
  const keys = await loadOrCreateSigningKeys(options.dataDir);
  const refreshTokens = new RefreshTokenStore(options.dataDir);
  const demoAccounts = options.demoAccounts;
  const popupHtml = renderPopupPage(demoAccounts);
  const [popupJs, popupCss] = await Promise.all([asset('popup.js'), asset('popup.css')]);

  function nameFor(email: string): string {
    const demo = demoAccounts.find((account) => account.email.toLowerCase() === email.toLowerCase());
    return demo?.name ?? email.split('@')[0] ?? email;
  }

  async function tokensFor(
    identity: DevIdentity,
    authTime: Date,
    refreshToken: string,
  ): Promise<TokenResponse> {
    const idToken = await signIdToken(keys, identity, { authTime });
    return {
      success: true,
      idToken,
      refreshToken,
      expiresIn: ID_TOKEN_LIFETIME_SECONDS,
      user: {
        uid: uidForEmail(identity.email),
        email: identity.email,
        displayName: identity.name,
        photoURL: identity.picture ?? null,
        emailVerified: true,
      },
    };
  }

  // Encapsulated to this plugin: answers in the API's error envelope whatever the host app does.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .code(413)
        .send({ success: false, error: 'Request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
    }
    if (status === 415) {
      return reply.code(415).send({
        success: false,
        error: 'Send the body as application/json.',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    if (status === 400) {
      return reply.code(400).send({
        success: false,
        error: 'The request body is not valid JSON.',
        code: 'VALIDATION_FAILED',
        details: [{ field: 'body', message: 'Send a JSON object' }],
      });
    }
    request.log.error({ err: error }, 'dev-identity request failed');
    return reply.code(500).send({ success: false, error: 'Something went wrong.', code: 'INTERNAL' });
  });

  app.get('/popup', async (_request, reply) =>
    reply
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Content-Security-Policy', POPUP_CSP)
      .header('Referrer-Policy', 'no-referrer')
      .header('X-Content-Type-Options', 'nosniff')
      .send(popupHtml),
  );

  app.get('/popup.js', async (_request, reply) =>
    reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .send(popupJs),
  );

  app.get('/popup.css', async (_request, reply) =>
    reply
      .header('Content-Type', 'text/css; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('X-Content-Type-Options', 'nosniff')
      .send(popupCss),
  );

  app.get('/jwks.json', async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=300').send(keys.publicJwks),
  );

  app.post('/token', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const parsed = tokenBody.safeParse(request.body ?? {});
    if (!parsed.success) return validationFailed(reply, parsed.error);
    const email = parsed.data.email.toLowerCase();
    const demo = demoAccounts.find((account) => account.email.toLowerCase() === email);
    const identity: DevIdentity = {
      email,
      name: parsed.data.name ?? nameFor(email),
      picture: parsed.data.picture ?? demo?.picture,
    };
    const authTime = new Date();
    const refreshToken = await refreshTokens.issue({ identity, authTime: authTime.toISOString() }, authTime);
    return reply.header('Cache-Control', 'no-store').send(await tokensFor(identity, authTime, refreshToken));
  });

  app.post('/refresh', { bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const parsed = refreshBody.safeParse(request.body ?? {});
    if (!parsed.success) return validationFailed(reply, parsed.error);
    const rotated = await refreshTokens.rotate(parsed.data.refreshToken);
    if (!rotated) {
      return reply.code(401).send({
        success: false,
        error: 'Your session has expired. Please sign in again.',
        code: 'INVALID_TOKEN',
      });
    }
    const { grant, refreshToken } = rotated;
    return reply
      .header('Cache-Control', 'no-store')
      .send(await tokensFor(grant.identity, new Date(grant.authTime), refreshToken));
  });
};

export default devIdentityPlugin;
