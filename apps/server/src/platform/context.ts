import type { Organiser } from '@utsav/domain/organiser';
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
  /**
   * Who runs the night (the organiser profile; null before it is filled in), for every page, email and document
   * that names them. Composed in app.ts from the organiser module, so the modules that read it do not depend on it.
   */
  organiser: () => Promise<Organiser | null>;
  /**
   * Called right after a commit that gave seats back (a cancellation, a deletion, a raised capacity, an ended
   * hold or offer): the waitlist offers them to the next in line at once. Composed in app.ts from the waitlist
   * module, so the modules that give seats back do not depend on it. Never throws: the sweep is the safety net.
   */
  seatsReturned: (eventId: string) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
