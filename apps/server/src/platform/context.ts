import type { FastifyBaseLogger } from 'fastify';
import type { TokenVerifier } from './auth/verifier';
import type { Config } from './config';
import type { Db } from './db/database';
import type { RazorpayClient } from './payments/razorpay-client';

/** What services need from the outside world; tests can swap the clock. */
export interface AppContext {
  db: Db;
  config: Config;
  verifier: TokenVerifier;
  now: () => Date;
  /** The app's logger, for work that runs outside a request (jobs, after-commit side effects). */
  log: FastifyBaseLogger;
  /**
   * The Razorpay client. A function because in emulator mode its base URL is this server's own listen
   * address, known only after listen (port 0 in tests).
   */
  razorpay: () => RazorpayClient;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
