import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/platform/config';
import { type Engine, type ProvisionedDatabase, provisionMigratedDatabase } from './databases';
import { send, type TestResponse, type TestServer, testConfig } from './server';

export interface Instances {
  /** Each instance as a TestServer: the factories (newUser, newEvent, buy) work through any of them. */
  readonly servers: readonly TestServer[];
  /** One request to instance `index`. */
  call(index: number, method: string, path: string, token?: string, body?: unknown): Promise<TestResponse>;
}

/**
 * Several whole apps on one database (PostgreSQL, or one SQLite file), each with its own caches, copies and
 * timers, as the processes of a deployment behind one load balancer would be; started in beforeAll of the
 * enclosing describe block and closed after it. The data folder is shared too, so a sign-in token made for one
 * instance is good at every other.
 */
export function useInstances(
  engine: Engine,
  options: {
    count?: number;
    env?: Record<string, string>;
    now?: () => Date;
    /** A change to every instance's config (e.g. support/smtp.ts deliverTo). */
    adjust?: (config: Config) => Config;
  } = {},
): Instances {
  let database: ProvisionedDatabase | undefined;
  const servers: TestServer[] = [];

  beforeAll(async () => {
    database = await provisionMigratedDatabase(engine);
    const base = testConfig(database, options.env);
    const config = options.adjust ? options.adjust(base) : base;
    for (let i = 0; i < (options.count ?? 2); i++) {
      const app = await buildApp(config, options.now ? { now: options.now } : {});
      const url = await app.listen({ host: '127.0.0.1', port: 0 });
      servers.push({
        url,
        app,
        ctx: app.ctx,
        config,
        request: (method, path, requestOptions = {}) => send(url, method, path, requestOptions),
      });
    }
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.app.close();
    await database?.drop();
  });

  return {
    servers,
    call: (index, method, path, token, body) =>
      send(servers[index]!.url, method, path, { ...(token ? { token } : {}), ...(body ? { body } : {}) }),
  };
}
