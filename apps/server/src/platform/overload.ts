import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { AppError } from './errors';
import { requestLanguage } from './i18n/request-language';

// Graceful overload: when this instance is saturated it refuses the work that can wait, at once, with 503 and
// Retry-After, instead of queueing everything until every client times out and retries at the same moment.
//
// Saturation is measured two ways, whichever is worse: requests already being answered when one arrives
// (in flight: queued behind the database or the event loop), and the event loop's delay (p99 over the last
// sample window: the process is CPU-bound). Each is divided by its configured limit, giving a load of 1.0 at
// the limit. Routes are in three tiers:
// - never shed: paid-order verification, Razorpay webhooks, the gate (verify-qr, mark-used, offline sync),
//   health and metrics, and everything outside /api (the web app's files, the dev sign-in page and the
//   Razorpay emulator, which stands in for a remote service). Refusing those loses money or admissions.
// - sales: what a buyer needs to reach a seat (sign-in, who am I, the event, checkout, the waiting room, the
//   gate's snapshot): shed only at twice the limit, so it keeps the capacity that deferrable work gave up.
// - deferrable: every other API route (admin panels, exports, PDFs, own tickets and refunds, crash reports).

export type ShedTier = 'never' | 'sales' | 'deferrable';

const NEVER_SHED = new Set([
  'POST /api/tickets/verify-payment',
  'POST /api/payments/razorpay/webhook',
  'POST /api/tickets/verify-qr',
  'POST /api/tickets/mark-used',
  'POST /api/tickets/checkin/sync',
  'GET /api/health',
  'GET /metrics',
]);

const SALES = new Set([
  'POST /api/auth/google-signin',
  'GET /api/auth/me',
  'GET /api/event',
  'POST /api/tickets/create-order',
  'POST /api/tickets',
  'GET /api/tickets/checkin/snapshot',
]);

/** The tier of a route pattern (Fastify's `routeOptions.url`, undefined when no route matched). */
export function shedTier(method: string, pattern: string | undefined): ShedTier {
  if (pattern === undefined || !pattern.startsWith('/api/')) return 'never';
  const key = `${method} ${pattern}`;
  if (NEVER_SHED.has(key)) return 'never';
  if (SALES.has(key) || pattern.startsWith('/api/queue/')) return 'sales';
  return 'deferrable';
}

export interface OverloadLimits {
  /** Requests already in flight at which deferrable work is refused (sales work at twice this). */
  maxInFlight: number;
  /** Event-loop delay (p99 of the last window, ms) at which deferrable work is refused (sales at twice). */
  maxEventLoopDelayMs: number;
}

export interface LoadReading {
  inFlight: number;
  eventLoopDelayMs: number;
}

/** 1.0 = at the configured limit on the worse of the two measures. */
export function loadLevel(reading: LoadReading, limits: OverloadLimits): number {
  return Math.max(
    reading.inFlight / limits.maxInFlight,
    reading.eventLoopDelayMs / limits.maxEventLoopDelayMs,
  );
}

export function shouldShed(tier: ShedTier, level: number): boolean {
  if (tier === 'never') return false;
  return level >= (tier === 'sales' ? 2 : 1);
}

export interface OverloadOptions extends OverloadLimits {
  retryAfterSeconds: number;
  registry: Registry;
  /** How often the event-loop delay is read (and its histogram restarted). */
  sampleMs?: number;
}

const OVERLOADED = new AppError(
  'OVERLOADED',
  'We are very busy right now. Please wait a moment; this page will try again by itself.',
);

/**
 * Shedding and the in-flight count. Nothing here runs for every request in general: each route gets its own
 * check (`guardFor`, built when the route is registered, its tier worked out then), and the requests no route
 * matched are counted by `trackUnmatched` (never shed). platform/request-hooks.ts wires both.
 */
export interface OverloadShedding {
  /** The check of one route, for each of its methods; runs first among the route's onRequest hooks. */
  guardFor(pattern: string, methods: string | readonly string[]): RouteGuard;
  /** Counts a request no route matched while it is answered (such requests are never shed). */
  trackUnmatched(reply: FastifyReply): void;
}

/** Admits the request (counting it in flight) and returns true, or answers it 503 and returns false. */
export type RouteGuard = (request: FastifyRequest, reply: FastifyReply) => boolean;

export function registerOverloadShedding(app: FastifyInstance, options: OverloadOptions): OverloadShedding {
  const limits: OverloadLimits = options;
  const sampleMs = options.sampleMs ?? 500;
  let inFlight = 0;
  let eventLoopDelayMs = 0;

  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  // Sustained delay only: the lower of the last two windows, so one slow moment (a GC, a large export page)
  // does not turn buyers away for the next half second.
  let previousWindowMs = 0;
  const sampler = setInterval(() => {
    const windowMs = histogram.percentile(99) / 1e6;
    eventLoopDelayMs = Math.min(windowMs, previousWindowMs);
    previousWindowMs = windowMs;
    histogram.reset();
  }, sampleMs);
  sampler.unref();
  // Start-up (module loading, migrations) blocks the loop for seconds before the first request can arrive.
  app.addHook('onReady', async () => {
    histogram.reset();
    previousWindowMs = 0;
    eventLoopDelayMs = 0;
  });
  app.addHook('onClose', async () => {
    clearInterval(sampler);
    histogram.disable();
  });

  const shed = new Counter({
    name: 'utsav_requests_shed_total',
    help: 'Requests refused with 503 + Retry-After because this instance was saturated, by route pattern and tier.',
    labelNames: ['method', 'route', 'tier'] as const,
    registers: [options.registry],
  });
  new Gauge({
    name: 'utsav_requests_in_flight',
    help: 'Requests being answered by this instance right now (the in-flight measure of overload shedding).',
    registers: [options.registry],
    collect() {
      this.set(inFlight);
    },
  });
  new Gauge({
    name: 'utsav_overload_level',
    help: 'Load relative to the shedding limits: >= 1 sheds deferrable API work, >= 2 sheds sales work too.',
    registers: [options.registry],
    collect() {
      this.set(loadLevel({ inFlight, eventLoopDelayMs }, limits));
    },
  });

  // One listener function for every response (no closure per request).
  const finished = () => {
    inFlight -= 1;
  };
  const track = (reply: FastifyReply) => {
    inFlight += 1;
    // 'close' fires once whether the response finished or the client went away mid-answer.
    reply.raw.on('close', finished);
  };
  const retryAfter = String(options.retryAfterSeconds);

  return {
    trackUnmatched: track,
    guardFor(pattern, methods) {
      // The tier of each method of the route, worked out once here (it was a string key and two set lookups
      // on every request).
      const tiers = new Map<string, ShedTier>();
      for (const method of typeof methods === 'string' ? [methods] : methods)
        tiers.set(method, shedTier(method, pattern));
      const single = tiers.size === 1 ? [...tiers.values()][0]! : undefined;
      return (request, reply) => {
        const tier = single ?? tiers.get(request.method) ?? shedTier(request.method, pattern);
        // Measured before this request joins: "how busy was the server when it arrived".
        if (tier !== 'never' && shouldShed(tier, loadLevel({ inFlight, eventLoopDelayMs }, limits))) {
          shed.inc({ method: request.method, route: pattern, tier });
          reply
            .code(OVERLOADED.statusCode)
            .header('retry-after', retryAfter)
            .header('cache-control', 'no-store')
            .type('application/json')
            .send(OVERLOADED.toBody(requestLanguage(request)));
          return false;
        }
        track(reply);
        return true;
      };
    },
  };
}
