import type { TokenVerifier } from './auth/verifier';
import type { Config } from './config';
import type { Db } from './db/database';

/** What services need from the outside world; tests can swap the clock. */
export interface AppContext {
  db: Db;
  config: Config;
  verifier: TokenVerifier;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
