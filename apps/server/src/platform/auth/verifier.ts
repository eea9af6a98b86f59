import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  type JSONWebKeySet,
  type JWTPayload,
  jwtVerify,
} from 'jose';
import { AppError } from '../errors';
import { ClaimsCache } from './claims-cache';

export const FIREBASE_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** Who a verified ID token speaks for. `uid` is the token subject (Firebase UID or dev-identity uid). */
export interface Identity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** Token expiry, epoch milliseconds. */
  expiresAt: number;
}

export interface TokenVerifier {
  verify(token: string): Promise<Identity>;
  /** What verify would answer at once from its cache, without a promise; undefined when it must check. */
  cached?(token: string): Identity | undefined;
  /** Drops the cached claims of a token (sign-out); the token itself stays valid until it expires. */
  forget(token: string): void;
}

type KeySet = ReturnType<typeof createRemoteJWKSet> | ReturnType<typeof createLocalJWKSet>;

interface VerifierOptions {
  keySet: KeySet;
  issuer: string;
  audience: string;
  now?: () => number;
  cacheSize?: number;
}

const LEEWAY_SECONDS = 60;
const WHITESPACE = /\s/;

/**
 * Firebase ID tokens of one project. `keys` replaces Google's published signing keys: tests sign tokens of the
 * same shape with keys of their own, and everything else (issuer, audience, claims) is checked as in production.
 */
export function firebaseVerifier(projectId: string, keys?: JSONWebKeySet): TokenVerifier {
  return createTokenVerifier({
    // jose caches the key set and refetches at most every 30 s when an unknown kid shows up (key rotation).
    keySet: keys ? createLocalJWKSet(keys) : createRemoteJWKSet(new URL(FIREBASE_JWKS_URL)),
    issuer: `https://securetoken.google.com/${projectId}`,
    audience: projectId,
  });
}

export function localVerifier(jwks: JSONWebKeySet, issuer: string, audience: string): TokenVerifier {
  return createTokenVerifier({ keySet: createLocalJWKSet(jwks), issuer, audience });
}

export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  const now = options.now ?? Date.now;
  const cache = new ClaimsCache<Identity>(options.cacheSize, now);
  return {
    async verify(token) {
      const cached = cache.get(token);
      if (cached) return cached;
      // A compact JWS is base64url and dots only. The signature's decoder would skip a space or tab, so a token
      // carrying one could verify; refused here, no cached token holds whitespace, which the signed-in request's
      // quick path relies on (it takes the text after "Bearer " as is when the cache knows it: plugin.ts).
      if (WHITESPACE.test(token)) throw invalidToken();
      const identity = toIdentity(await verifySignature(token, options, now), now);
      cache.set(token, identity);
      return identity;
    },
    cached: (token) => cache.get(token),
    forget: (token) => cache.delete(token),
  };
}

async function verifySignature(
  token: string,
  options: VerifierOptions,
  now: () => number,
): Promise<JWTPayload> {
  try {
    const { payload } = await jwtVerify(token, options.keySet, {
      issuer: options.issuer,
      audience: options.audience,
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      clockTolerance: LEEWAY_SECONDS,
      currentDate: new Date(now()),
    });
    return payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      throw new AppError('INVALID_TOKEN', 'Your session has expired. Please sign in again.');
    }
    if (error instanceof errors.JOSEError) throw invalidToken();
    // Anything else (the Firebase key endpoint unreachable) is our problem, not a bad token.
    throw error;
  }
}

function toIdentity(payload: JWTPayload, now: () => number): Identity {
  const sub = payload.sub;
  const nowSeconds = now() / 1000;
  // Firebase's own rules for ID tokens: a non-empty subject of at most 128 characters, issued and
  // authenticated in the past.
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) throw invalidToken();
  if (typeof payload.iat !== 'number' || payload.iat > nowSeconds + LEEWAY_SECONDS) throw invalidToken();
  const authTime = payload.auth_time;
  if (authTime !== undefined && (typeof authTime !== 'number' || authTime > nowSeconds + LEEWAY_SECONDS)) {
    throw invalidToken();
  }
  return {
    uid: sub,
    email: typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : null,
    emailVerified: payload.email_verified === true,
    name: typeof payload.name === 'string' ? payload.name : null,
    picture: typeof payload.picture === 'string' ? payload.picture : null,
    expiresAt: (payload.exp ?? 0) * 1000,
  };
}

function invalidToken(): AppError {
  return new AppError('INVALID_TOKEN', 'Invalid sign-in token. Please sign in again.');
}
