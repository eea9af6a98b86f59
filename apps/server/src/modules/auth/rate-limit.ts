import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/errors';

/**
 * Sign-in attempts counted per verified identity (the ID token's subject), so a hundred people behind one
 * carrier-NAT address each get the full allowance. A token that does not verify names nobody: those attempts
 * are counted per address instead, at the same rate, so a flood of forged tokens is still cut short.
 * Verification is cached by the verifier, so signIn's own verify of the same token costs nothing more.
 */
export function identityRateLimit(app: FastifyInstance, perMinute: number): preHandlerAsyncHookHandler {
  const limit = app.createRateLimit({
    max: perMinute,
    timeWindow: 60_000,
    keyGenerator: async (request: FastifyRequest) => {
      const token = (request.body as { idToken?: unknown } | undefined)?.idToken;
      if (typeof token === 'string') {
        try {
          return `signin-subject:${(await app.ctx.verifier.verify(token)).uid}`;
        } catch {
          // Falls through to the address: an invalid token is answered 401 by the handler.
        }
      }
      return `signin-unverified:${request.ip}`;
    },
  });
  return async (request, reply) => {
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new AppError('RATE_LIMITED', 'Too many sign-in attempts. Please wait a minute and try again.');
  };
}
