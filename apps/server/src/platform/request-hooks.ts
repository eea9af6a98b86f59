import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { OverloadShedding } from './overload';

declare module 'fastify' {
  interface FastifyRequest {
    /** The pattern of the route that answers this request (`/api/tickets/:id`), once its first hook ran. */
    routePattern: string | undefined;
  }
}

type OnRequest = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => void;

// What the platform does before every request's own work, in as few hook calls as possible: each hook is a
// turn of Fastify's hook runner, and the per-request share of the platform was a third of a JSON answer's CPU
// (bench/history/platform.md).
// - One application-wide onRequest hook: the request id and the security headers on every answer (404s and
//   the web app's files included), and the in-flight count of requests no route matched.
// - One hook at the head of each route's own onRequest hooks, made when the route is registered: it notes the
//   route's pattern (the metrics read it: Fastify's `request.routeOptions` builds a new object on every read)
//   and applies overload shedding with the route's tiers worked out once. It runs after the application-wide
//   hooks (CORS included, so a shed answer carries the CORS headers) and before the route's own (sign-in,
//   rate limits, compression), where the shedding hook ran before.
//
// Must be registered before any route: a route registered earlier would be neither counted nor shed.
export function registerRequestHooks(
  app: FastifyInstance,
  options: { securityHeaders: Readonly<Record<string, string>>; overload: OverloadShedding },
): void {
  const { securityHeaders, overload } = options;
  app.decorateRequest('routePattern', undefined);

  // Callback style: an async hook costs a promise and a microtask turn on every request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    reply.headers(securityHeaders);
    if (request.is404) overload.trackUnmatched(reply);
    done();
  });

  app.addHook('onRoute', (route) => {
    const pattern = route.url;
    if (pattern === undefined) return;
    const admit = overload.guardFor(pattern, route.method, route.config ?? {});
    const first: OnRequest = (request, reply, done) => {
      request.routePattern = pattern;
      // A shed request has been answered; the rest of the route's hooks and its handler do not run.
      if (admit(request, reply)) done();
    };
    const own = route.onRequest;
    route.onRequest = own === undefined ? [first] : [first, ...(Array.isArray(own) ? own : [own])];
  });
}
