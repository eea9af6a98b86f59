import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { AppError } from './errors';
import { requestLanguage } from './i18n/request-language';

// Graceful overload: when this instance is saturated it refuses the work that can wait, at once, with 503 and
// Retry-After, instead of queueing everything until every client times out and retries at the same moment.
//
// Saturation means requests are queued: requests already being answered when one arrives (in flight, waiting
// on the database or the event loop) at the in-flight limit, or, once at least `minInFlight` are in flight,
// an event loop that is slow (p99 delay over the last sample windows: the process is CPU-bound). A slow loop
// alone sheds nothing: on a host whose CPU is busy with something else (a noisy neighbour, a backup, a PDF
// being built) a request that arrives alone is answered, however long the loop's turns take. Each measure is
// divided by its limit, giving a load of 1.0 at the limit. Routes are in three tiers:
// - never shed: every paid-order path (declared where the route is registered, `config: { paidOrder: true }`:
//   payment verification, the payment provider's webhooks, a waitlist offer's checkout), the gate
//   (verify-qr, mark-used, offline sync), health and metrics, and everything outside /api (the web app's
//   files, the dev sign-in page and the Razorpay emulator, which stands in for a remote service). Refusing
//   those loses money or admissions.
// - sales: what a buyer needs to reach a seat (sign-in, who am I, the event, checkout, the waiting room, the
//   gate's snapshot): shed only at twice the limit, so it keeps the capacity that deferrable work gave up.
// - deferrable: every other API route (admin panels, exports, PDFs, own tickets and refunds, crash reports).
//
// While the server closes (SIGTERM), requests that arrive on connections still open are answered 503 with
// the envelope and Retry-After (a client retries on another instance), except paid-order paths and the gate,
// which are still served: the database stays open until every request in flight is answered.

export type ShedTier = 'never' | 'sales' | 'deferrable';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This route takes or confirms a buyer's payment: never shed, still served while the server closes. A
     * route whose path looks like a payment step (PAID_ORDER_LOOK) must say true or false: forgetting is an
     * error when the route is registered, not a refused payment on the night.
     */
    paidOrder?: boolean;
  }
}

const NEVER_SHED = new Set([
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

/** Paths that look like a step of a payment: their routes must declare `paidOrder` one way or the other. */
export const PAID_ORDER_LOOK = /verify-payment|webhook|checkout|\/pay(ments?)?(\/|$)/i;

/** The route is registered with a path that looks like a payment step but does not say whether it is one. */
export class UndeclaredPaidOrderRoute extends Error {
  override name = 'UndeclaredPaidOrderRoute';
  constructor(method: string, pattern: string) {
    super(
      `${method} ${pattern} looks like a payment step: declare config.paidOrder (true: never shed, served while closing; false: an ordinary route)`,
    );
  }
}

/**
 * The tier of a route pattern (Fastify's `routeOptions.url`, undefined when no route matched) with the
 * route's config as registered. Throws UndeclaredPaidOrderRoute for an API path that looks like a payment
 * step and does not declare `paidOrder`.
 */
export function shedTier(
  method: string,
  pattern: string | undefined,
  config: { paidOrder?: boolean } = {},
): ShedTier {
  if (pattern === undefined || !pattern.startsWith('/api/')) return 'never';
  if (config.paidOrder) return 'never';
  if (config.paidOrder === undefined && PAID_ORDER_LOOK.test(pattern))
    throw new UndeclaredPaidOrderRoute(method, pattern);
  const key = `${method} ${pattern}`;
  if (NEVER_SHED.has(key)) return 'never';
  if (SALES.has(key) || pattern.startsWith('/api/queue/')) return 'sales';
  return 'deferrable';
}

/** Whether a route is still served while the server closes: paid-order paths and the gate; not health. */
export function servedWhileClosing(tier: ShedTier, pattern: string | undefined): boolean {
  return tier === 'never' && pattern !== '/api/health';
}

export interface OverloadLimits {
  /** Requests already in flight at which deferrable work is refused (sales work at twice this). */
  maxInFlight: number;
  /** Event-loop delay (p99 of the last window, ms) at which deferrable work is refused (sales at twice). */
  maxEventLoopDelayMs: number;
  /** Requests in flight below which a slow event loop sheds nothing (they are not queued, just slow). */
  minInFlight: number;
}

export interface LoadReading {
  inFlight: number;
  eventLoopDelayMs: number;
}

/** 1.0 = at the configured limit on the worse of the two measures; the loop's delay counts only when queued. */
export function loadLevel(reading: LoadReading, limits: OverloadLimits): number {
  const queued = reading.inFlight / limits.maxInFlight;
  if (reading.inFlight < limits.minInFlight) return queued;
  return Math.max(queued, reading.eventLoopDelayMs / limits.maxEventLoopDelayMs);
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
const CLOSING = new AppError(
  'SERVICE_UNAVAILABLE',
  'The service is temporarily unavailable. Please try again.',
);

/**
 * Shedding and the in-flight count. Nothing here runs for every request in general: each route gets its own
 * check (`guardFor`, built when the route is registered, its tier worked out then), and the requests no route
 * matched are counted by `trackUnmatched` (never shed). platform/request-hooks.ts wires both.
 */
export interface OverloadShedding {
  /**
   * The check of one route, for each of its methods, with the route's config as registered (its `paidOrder`
   * flag); runs first among the route's onRequest hooks. Throws UndeclaredPaidOrderRoute (see shedTier).
   */
  guardFor(
    pattern: string,
    methods: string | readonly string[],
    config?: { paidOrder?: boolean },
  ): RouteGuard;
  /** Counts a request no route matched while it is answered (such requests are never shed). */
  trackUnmatched(reply: FastifyReply): void;
}

/**
 * Admits the request (counting it in flight) and returns true, or answers it 503 (saturated, or closing) and
 * returns false.
 */
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
  // Registered before any other preClose hook (createServer calls this first), so it is set before jobs
  // and the outbox are waited for and before the listening socket closes.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
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
    name: 'utsav_event_loop_delay_ms',
    help: 'Sustained event-loop delay (p99, the lower of the last two windows) that overload shedding reads.',
    registers: [options.registry],
    collect() {
      this.set(eventLoopDelayMs);
    },
  });
  new Gauge({
    name: 'utsav_overload_level',
    help: 'Load relative to the shedding limits: >= 1 sheds deferrable API work, >= 2 sheds sales work too (the loop delay counts only with requests queued).',
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
  const refuse = (request: FastifyRequest, reply: FastifyReply, error: AppError) => {
    reply
      .code(error.statusCode)
      .header('retry-after', retryAfter)
      .header('cache-control', 'no-store')
      .type('application/json')
      .send(error.toBody(requestLanguage(request)));
  };

  return {
    trackUnmatched: track,
    guardFor(pattern, methods, config = {}) {
      // The tier of each method of the route, worked out once here (it was a string key and two set lookups
      // on every request).
      const tiers = new Map<string, ShedTier>();
      for (const method of typeof methods === 'string' ? [methods] : methods)
        tiers.set(method, shedTier(method, pattern, config));
      const single = tiers.size === 1 ? [...tiers.values()][0]! : undefined;
      return (request, reply) => {
        const tier = single ?? tiers.get(request.method) ?? shedTier(request.method, pattern, config);
        if (closing && !servedWhileClosing(tier, pattern)) {
          refuse(request, reply, CLOSING);
          return false;
        }
        // Measured before this request joins: "how busy was the server when it arrived".
        if (tier !== 'never' && shouldShed(tier, loadLevel({ inFlight, eventLoopDelayMs }, limits))) {
          shed.inc({ method: request.method, route: pattern, tier });
          refuse(request, reply, OVERLOADED);
          return false;
        }
        track(reply);
        return true;
      };
    },
  };
}
