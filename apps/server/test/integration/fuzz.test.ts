import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/platform/config';
import { issuePaidTickets } from '../../support/checkin';
import { describeEachDatabase } from '../../support/databases';
import { newUser, type TestUser } from '../../support/factories';
import { newEvent } from '../../support/purchase';
import { type TestServer, useServer } from '../../support/server';
import { taxJobsDone } from '../../support/tax';
import { problemsWith, rowCounts } from './fuzz-checks';
import { criticalCases, type FuzzCase, fixedCases, requestCases } from './fuzz-payloads';
import { type ApiRoute, apiRoutes } from './fuzz-values';

// Bad input: every API route, found at run time from the route catalog (a route added later is
// fuzzed too), gets requests generated from its own zod schemas: wrong types, huge and hostile strings, odd
// numbers, missing and extra fields, arrays for objects, deep nesting, broken JSON, 10 MB, wrong content types.
// Each goes over real HTTP as an admin (auth passes, so validation is what answers) and as a guest.
//
// Requests the schemas refuse: never a 5xx, always the error envelope, no stack trace or path, and no row
// written anywhere. Well-formed requests with hostile content (NUL bytes, RTL overrides, emoji, 4 KB strings
// within a field's limit): never a 5xx and no leak; they may legitimately write (a profile name with emoji).
//
// Reproduce a failure with FUZZ_SEED=<seed printed in the failure>; FUZZ_RUNS raises the number of runs.

const SEED = Number(process.env.FUZZ_SEED ?? 7_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const WELL_FORMED_RUNS = Math.ceil(RUNS / 2);

// Per-user limits raised so the validators, not the limiters, answer (abuse.test.ts covers the limits).
const FUZZ_ENV = {
  RATE_LIMIT_CREATE_ORDER_PER_MINUTE: '100000',
  RATE_LIMIT_LOG_ERROR_PER_MINUTE: '100000',
  HOLD_SWEEP_SECONDS: '86400',
};

/** The routes as the app registers them today, read once from a throwaway app. */
const ROUTES: Array<Pick<ApiRoute, 'method' | 'url'>> = await (async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'utsav-fuzz-routes-'));
  try {
    const app = await buildApp({
      ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEMO_SEED: 'false' }),
      webDistDir: join(dataDir, 'no-web-build'),
    });
    const routes = apiRoutes(app).map(({ method, url }) => ({ method, url }));
    await app.close();
    return routes;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
})();

const WEBHOOK = '/api/payments/razorpay/webhook';

interface Caller {
  name: string;
  token: string | undefined;
}

async function callOnce(server: TestServer, caller: Caller, request: FuzzCase) {
  const headers: Record<string, string> = {};
  if (caller.token) headers.authorization = `Bearer ${caller.token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  const method = request.describe.split(' ')[0]!;
  const response = await fetch(`${server.url}${request.path}${request.query}`, {
    method,
    headers,
    body: request.body,
  });
  return { status: response.status, text: await response.text() };
}

async function expectSafe(server: TestServer, callers: Caller[], request: FuzzCase): Promise<void> {
  for (const caller of callers) {
    const response = await callOnce(server, caller, request);
    const problems = problemsWith(response.status, response.text);
    if (problems.length > 0) {
      throw new Error(
        `as ${caller.name}: ${request.describe}\n  -> ${response.status} ${problems.join(', ')}\n  body: ${response.text.slice(0, 400)}`,
      );
    }
  }
}

function routeOf(server: TestServer, method: string, url: string): ApiRoute {
  const route = apiRoutes(server.app).find(
    (candidate) => candidate.method === method && candidate.url === url,
  );
  if (!route) throw new Error(`route ${method} ${url} is gone`);
  return route;
}

/** A fresh admin and guest per route: per-user limits (30 syncs a minute) never answer in place of validation. */
async function callersFor(server: TestServer, url: string): Promise<Caller[]> {
  // The webhook has no bearer token (Razorpay's signature is its authentication): one anonymous caller.
  if (url === WEBHOOK) return [{ name: 'Razorpay (unsigned)', token: undefined }];
  const admin: TestUser = await newUser(server, { role: 'admin' });
  const guest: TestUser = await newUser(server);
  return [
    { name: 'admin', token: admin.token },
    { name: 'guest', token: guest.token },
  ];
}

describeEachDatabase('bad input on every API route', (engine) => {
  const server = useServer(engine, { env: FUZZ_ENV });

  beforeAll(async () => {
    // Something to find: an event, a guest with tickets (so lists, exports and snapshots have rows).
    const event = await newEvent(server);
    const owner = await newUser(server);
    await issuePaidTickets(server.ctx, { eventId: event.id, userId: owner.user.id, quantity: 3 });
    // The sale's tax document is made before any count is taken, so the rows its job writes are never read as
    // written by a fuzzed request. The worker's own timer may hold the job: wait until it has run once.
    await taxJobsDone(server);
  });

  it('finds the routes to fuzz in the route catalog', () => {
    expect(ROUTES.length).toBeGreaterThan(30);
    expect(ROUTES).toContainEqual({ method: 'POST', url: '/api/tickets/create-order' });
  });

  // A refused request is answered by the route's schema before the route's own work starts, the same code on
  // either engine: it is fuzzed once, on SQLite. Well-formed hostile content reaches the database (a NUL byte, 4 KB of RTL
  // overrides), where the engines differ, so that half runs on both.
  if (engine === 'sqlite')
    describe('requests the schemas refuse: 4xx envelope, no leak, nothing written', () => {
      for (const { method, url } of ROUTES) {
        it(`${method} ${url}`, { timeout: 180_000 }, async () => {
          const route = routeOf(server, method, url);
          const callers = await callersFor(server, url);
          const before = await rowCounts(server.ctx.db);

          for (const request of fixedCases(route)) await expectSafe(server, callers, request);

          const hasSchema = Object.values(route.schema).some(Boolean);
          if (hasSchema) {
            await fc.assert(
              fc.asyncProperty(requestCases(route), async (request) => {
                fc.pre(!request.valid);
                await expectSafe(server, callers, request);
              }),
              { numRuns: RUNS, seed: SEED, maxSkipsPerRun: 1000 },
            );
          }

          expect(
            servedWrites(url, await rowCounts(server.ctx.db)),
            `rows written by refused requests to ${method} ${url}`,
          ).toEqual(servedWrites(url, before));
        });
      }
    });

  describe('well-formed requests with hostile content: never a 5xx, never a leak', () => {
    for (const { method, url } of ROUTES) {
      it(`${method} ${url}`, { timeout: 180_000 }, async () => {
        const route = routeOf(server, method, url);
        if (!Object.values(route.schema).some(Boolean)) return;
        const callers = await callersFor(server, url);
        for (const request of wellFormedCases(route)) await expectSafe(server, callers, request);
      });
    }
  });
});

const wellFormedByRoute = new Map<string, FuzzCase[]>();

/**
 * The well-formed requests for a route: the critical strings in each field, then the first valid ones of a seeded
 * sample. The seed is fixed, so both engines get the same requests: they are made once, not once per engine
 * (finding them samples 200 requests of the route, some with 1 MB strings, and checks each against its schemas).
 */
function wellFormedCases(route: ApiRoute): FuzzCase[] {
  const key = `${route.method} ${route.url}`;
  let cases = wellFormedByRoute.get(key);
  if (!cases) {
    const sampled = fc
      .sample(requestCases(route), { numRuns: WELL_FORMED_RUNS * 20, seed: SEED })
      .filter((request) => request.valid)
      .slice(0, WELL_FORMED_RUNS);
    cases = [...criticalCases(route), ...sampled];
    wellFormedByRoute.set(key, cases);
  }
  return cases;
}

/**
 * The gate's list takes no query, so the odd query strings above are served like a plain download, and a served
 * list is recorded by design (checkin_snapshot_downloads bounds an offline admission's time): that table is not
 * counted for that route. Every other table still is.
 */
function servedWrites(url: string, counts: Record<string, unknown>): Record<string, unknown> {
  if (url !== '/api/tickets/checkin/snapshot') return counts;
  const { checkin_snapshot_downloads: _served, ...rest } = counts;
  return rest;
}
