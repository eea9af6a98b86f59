import { type Action, can } from '@utsav/domain/roles';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import type { LoadUser } from './user-cache';
import type { Identity, TokenVerifier } from './verifier';

/**
 * A route's sign-in check. Fastify calls it with `done` (callback style: a signed-in request found in the
 * caches is checked without a promise, or the microtask turns Fastify's hook runner gives one); called with
 * two arguments (`await app.requireUser.call(this, request, reply)`, in a hook of one's own) it answers a promise.
 */
export interface SignInHook {
  (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void;
  (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: SignInHook;
    requireAction(action: Action): SignInHook;
    /**
     * Signs the request in when it carries a token that is still good, and lets it through signed out
     * otherwise (no token, an expired one, someone not registered): for public reads that show staff more.
     */
    signInIfPossible: SignInHook;
  }
  interface FastifyRequest {
    /** The signed-in user's row, set by requireUser. */
    user: UserRow | null;
    /** The bearer token of this request, set by requireUser. */
    idToken: string | null;
    /** What that token's identity provider says (email verified or not), set by requireUser. */
    identity: Identity | null;
  }
}

interface AuthOptions {
  verifier: TokenVerifier;
  loadUser: LoadUser;
}

// Messages the product fixes for a refused action (docs/product.md#users); others get the generic one.
const FORBIDDEN_MESSAGES: Partial<Record<Action, string>> = {
  'users:change-role': 'Only administrators can change user roles',
  'event:write': 'Only administrators can create or edit the event',
};

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** The signed-in user of a request that passed requireUser. */
export function actor(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.user;
}

/** The verified identity of a request that passed requireUser. */
export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.identity;
}

const BEARER = 'Bearer ';

async function authPlugin(app: FastifyInstance, options: AuthOptions): Promise<void> {
  app.decorateRequest('user', null);
  app.decorateRequest('idToken', null);
  app.decorateRequest('identity', null);
  const { verifier, loadUser } = options;

  /**
   * Signs the request in from the caches alone: true when done (or already signed in), false when the token
   * must be verified or the row read. Most requests of a session end here.
   */
  const fromCaches = (request: FastifyRequest): boolean => {
    if (request.user) return true;
    const header = request.headers.authorization;
    // "Bearer <token>" as every client writes it: the text after the space is the token as bearerToken's
    // pattern would take it, once the cache knows it (a cached token was verified, and verify refuses any
    // token with whitespace). Anything else (another case, several spaces, no cache entry) takes the long way.
    if (typeof header !== 'string' || !header.startsWith(BEARER) || !verifier.cached) return false;
    const token = header.slice(BEARER.length);
    const identity = verifier.cached(token);
    const user = identity && loadUser.cached?.(identity.uid);
    if (!user) return false;
    signedIn(request, token, identity, user);
    return true;
  };

  const signInSlowly = async (request: FastifyRequest): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
    const identity = verifier.cached?.(token) ?? (await verifier.verify(token));
    const user = loadUser.cached?.(identity.uid) ?? (await loadUser(identity.uid));
    signedIn(request, token, identity, user);
  };

  const requireUser = hook((request) => (fromCaches(request) ? undefined : signInSlowly(request)));

  app.decorate('requireUser', requireUser);
  app.decorate(
    'signInIfPossible',
    hook((request) => {
      if (fromCaches(request) || !request.headers.authorization) return undefined;
      return signInSlowly(request).catch(() => undefined);
    }),
  );
  app.decorate('requireAction', (action: Action) => {
    const allowed = (request: FastifyRequest) => {
      if (!can(request.user, action)) {
        throw new AppError(
          'FORBIDDEN',
          FORBIDDEN_MESSAGES[action] ?? 'You do not have permission to do this.',
        );
      }
    };
    return hook((request) => {
      if (fromCaches(request)) return allowed(request);
      return signInSlowly(request).then(() => allowed(request));
    });
  });
}

function signedIn(
  request: FastifyRequest,
  token: string,
  identity: Identity,
  user: UserRow | undefined,
): void {
  if (!user || user.deleted_at) {
    // A valid token for someone the server has not met: the client must call POST /auth/google-signin first.
    throw new AppError('UNAUTHENTICATED', 'Your account is not registered yet. Please sign in again.');
  }
  request.user = user;
  request.idToken = token;
  request.identity = identity;
}

/**
 * A check that finishes at once (returns undefined or throws) or later (returns a promise), as a hook of both
 * styles (SignInHook). Not an async function: Fastify runs a three-argument hook in callback style.
 */
function hook(check: (request: FastifyRequest) => Promise<void> | void): SignInHook {
  function signInHook(
    this: FastifyInstance,
    request: FastifyRequest,
    _reply: FastifyReply,
    done?: HookHandlerDoneFunction,
  ): Promise<void> | undefined {
    let pending: Promise<void> | void;
    try {
      pending = check(request);
    } catch (error) {
      if (!done) return Promise.reject(error);
      done(error as Error);
      return undefined;
    }
    if (!done) return pending ?? Promise.resolve();
    if (pending) pending.then(() => done(), done);
    else done();
    return undefined;
  }
  return signInHook as SignInHook;
}

export default fp(authPlugin, { name: 'utsav-auth' });
