import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from './config';

/**
 * A frontend served from another origin (a static site on a CDN, the API elsewhere) may call the API with
 * credentials, but only from the origins the organiser listed in CORS_ORIGINS; never `*`, which browsers
 * refuse with credentials anyway. Nothing is registered without a list: same-origin only, as before.
 */
export async function registerCors(app: FastifyInstance, config: Config): Promise<void> {
  if (config.corsOrigins.length === 0) return;
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    // A listed Origin is echoed back (with Vary: Origin); any other gets no CORS header at all, not even
    // Allow-Credentials, and its preflight is an ordinary 404.
    origin: (origin, callback) =>
      callback(null, origin !== undefined && allowed.has(origin) ? origin : false),
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // What the original contract's calls send (bearer token, JSON) and what our web client adds (its language, the
    // waiting room's pass on the checkout calls, and the key of each write: platform/idempotency/plugin.ts).
    allowedHeaders: ['authorization', 'content-type', 'accept-language', 'x-queue-pass', 'idempotency-key'],
    // The request id for support, Retry-After on a 429, the file name of an export or PDF download, and the mark of
    // an answer replayed for a repeated key.
    exposedHeaders: ['x-request-id', 'retry-after', 'content-disposition', 'idempotent-replayed'],
    maxAge: 600,
  });
}

/**
 * Helmet answers Cross-Origin-Resource-Policy: same-origin, which stops an <img> on the listed origins from
 * showing a resource of ours (the event image). Public resources call this: once CORS_ORIGINS lets other
 * origins in, they may embed it. CORP cannot name origins, so it is cross-origin; the bytes are public anyway.
 */
export function embeddableByCorsOrigins(reply: FastifyReply, config: Config): void {
  if (config.corsOrigins.length > 0) reply.header('cross-origin-resource-policy', 'cross-origin');
}
