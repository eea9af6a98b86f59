import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { JSONWebKeySet } from 'jose';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/platform/config';
import type { AppContext } from '../src/platform/context';
import type { LogDestination } from '../src/platform/logger';
import { type Engine, type ProvisionedDatabase, provisionMigratedDatabase } from './databases';

export interface TestServer {
  readonly url: string;
  readonly app: FastifyInstance;
  readonly ctx: AppContext;
  readonly config: Config;
  /** JSON over real HTTP; `token` becomes the bearer header. */
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever shape the route answers.
  body: any;
  text: string;
}

/** A config as main.ts would build it from the environment, pointed at the suite's database. */
export function testConfig(database: ProvisionedDatabase, env: Record<string, string> = {}): Config {
  return {
    ...loadConfig({
      DATA_DIR: database.dataDir,
      DATABASE_URL: database.databaseUrl,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DEMO_SEED: 'false',
      // Suites sign in dozens of people from 127.0.0.1; the limit itself has its own test.
      RATE_LIMIT_AUTH_PER_MINUTE: '100000',
      // On a shared box the event loop of a test process can stall for seconds; shedding has its own suite.
      OVERLOAD_MAX_IN_FLIGHT: '100000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '600000',
      // The emulator answers inside this process: on a busy 2-core machine a rush of 300 checkouts can keep an
      // answer longer than production's 10 s, which would fail a buyer with 502 PAYMENT_PROVIDER_ERROR.
      RAZORPAY_TIMEOUT_MS: '120000',
      ...env,
    }),
    webDistDir: `${database.dataDir}/no-web-build`,
    // The emulator's refunds wait until the test settles them (support/purchase.ts settleRefunds): with its
    // usual delay a slow machine could hear of a refund's end before the answer that started it.
    emulatorRefundDelayMs: null,
  };
}

/** Starts a fresh app on its own database for the enclosing describe block, listening on 127.0.0.1:0. */
export function useServer(
  engine: Engine,
  options: {
    env?: Record<string, string>;
    adjust?: (config: Config) => Config;
    /** The app's clock, for tests that move time (an opening, an expiry) without waiting for it. */
    now?: () => Date;
    /** Where the app's log lines go (default: stdout, silent unless LOG_LEVEL is set). */
    logDestination?: LogDestination;
    /** With AUTH_MODE=firebase: the public keys the suite signs its Firebase-shaped ID tokens with. */
    firebaseKeys?: () => JSONWebKeySet;
  } = {},
): TestServer {
  let database: ProvisionedDatabase;
  let app: FastifyInstance;
  let url = '';
  let config: Config;
  let connections: ReturnType<typeof trackConnections> | undefined;

  beforeAll(async () => {
    database = await provisionMigratedDatabase(engine);
    config = testConfig(database, options.env);
    if (options.adjust) config = options.adjust(config);
    app = await buildApp(config, {
      ...(options.now ? { now: options.now } : {}),
      ...(options.logDestination ? { logDestination: options.logDestination } : {}),
      ...(options.firebaseKeys ? { firebaseKeys: options.firebaseKeys() } : {}),
    });
    connections = trackConnections(app.server);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    url = address;
  });

  afterAll(async () => {
    // Guards against a close that does not end (a connection or a hook that outlives the app, as the one
    // shutdown.test.ts now covers did): it would fail this suite on vitest's hook timeout, far from its
    // cause. Bound the wait and say so; the database drop below forces its way anyway.
    const closed = await Promise.race([
      (app?.close() ?? Promise.resolve()).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000).unref()),
    ]);
    if (!closed) {
      console.warn(
        '[test] app.close() did not finish within 20 s; dropping the database anyway. ' +
          `Open connections: ${connections?.describe()}. Active resources: ${process.getActiveResourcesInfo().join(', ')}`,
      );
    }
    await database?.drop();
  });

  return {
    get url() {
      return url;
    },
    get app() {
      return app;
    },
    get ctx() {
      return app.ctx;
    },
    get config() {
      return config;
    },
    request: (method, path, requestOptions = {}) => send(url, method, path, requestOptions),
  };
}

/** For the close warning: each open connection with the last request it carried, and whether it was answered. */
function trackConnections(server: Server) {
  const lastRequest = new Map<Socket, string>();
  server.on('connection', (socket: Socket) => {
    lastRequest.set(socket, 'no request yet');
    socket.once('close', () => lastRequest.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const line = `${request.method} ${request.url} from ${request.headers['user-agent'] ?? '?'}`;
    lastRequest.set(socket, `${line}, unanswered`);
    response.once('finish', () => {
      if (lastRequest.has(socket)) lastRequest.set(socket, `${line}, answered`);
    });
  });
  return {
    describe: () => (lastRequest.size === 0 ? 'none' : [...lastRequest.values()].join(' | ')),
  };
}

export async function send(
  base: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<TestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(`${base}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  return { status: response.status, headers: response.headers, body: parsed, text };
}
