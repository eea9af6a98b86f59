import type { FastifyBaseLogger } from 'fastify';

type ChildLoggerFactory = (logger: FastifyBaseLogger, bindings: Record<string, unknown>) => FastifyBaseLogger;

/**
 * Route options for a route that logs only warnings and errors (health probes, metrics scrapes). With
 * `logLevel` alone Fastify gives each request a child logger at another level than its parent's, and pino
 * rebuilds every log method of such a child (a visible share of a health probe's CPU, bench/history/platform.md).
 * Here each request's child comes from one warn-level logger made once, so it inherits the level
 * as it is. Call once per route: the warn-level logger belongs to the app that serves the route.
 */
export function warningsOnly(): { logLevel: 'warn'; childLoggerFactory: ChildLoggerFactory } {
  let quiet: FastifyBaseLogger | undefined;
  let parent: FastifyBaseLogger | undefined;
  return {
    logLevel: 'warn',
    childLoggerFactory: (logger, bindings) => {
      if (quiet === undefined || parent !== logger) {
        parent = logger;
        quiet = logger.child({}, { level: 'warn' });
      }
      return quiet.child(bindings);
    },
  };
}
