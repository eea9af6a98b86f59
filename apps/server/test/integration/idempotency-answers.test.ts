import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Db } from '../../src/platform/db/database';
import type { UserRow } from '../../src/platform/db/schema';
import { registerErrorHandling } from '../../src/platform/error-handler';
import { registerIdempotencyKeys } from '../../src/platform/idempotency/plugin';
import {
  describeEachDatabase,
  type ProvisionedDatabase,
  provisionMigratedDatabase,
} from '../../support/databases';

// What a key keeps of each kind of answer, with handlers the test controls (the whole app's behaviour is in
// idempotency-keys.test.ts): the platform's plugin and error handler over real HTTP and a real database, in front
// of routes that fail with a 5xx when told, wait until released, or answer a PDF. Sign-in is stood in for by a
// hook that names the caller.

describeEachDatabase('idempotency keys: what is kept of an answer', (engine) => {
  let database: ProvisionedDatabase;
  let db: Db;
  let app: FastifyInstance;
  let url = '';
  const runs = { flaky: 0, slow: 0, pdf: 0 };
  let failNext = false;
  let slowStarted: () => void = () => {};
  let releaseSlow: () => void = () => {};

  beforeAll(async () => {
    database = await provisionMigratedDatabase(engine);
    db = createDatabase({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    app = Fastify();
    registerErrorHandling(app);
    app.decorateRequest('user', null);
    app.addHook('onRequest', async (request) => {
      request.user = { id: String(request.headers['x-user'] ?? 'someone') } as UserRow;
    });
    registerIdempotencyKeys(app, { db, now: () => new Date() });
    app.post('/api/flaky', async () => {
      runs.flaky += 1;
      if (failNext) {
        failNext = false;
        throw new Error('the transaction rolled back');
      }
      return { success: true, run: runs.flaky };
    });
    app.post('/api/slow', async () => {
      runs.slow += 1;
      slowStarted();
      await new Promise<void>((resolve) => {
        releaseSlow = resolve;
      });
      return { success: true, run: runs.slow };
    });
    app.post('/api/pdf', async (_request, reply) => {
      runs.pdf += 1;
      return reply.type('application/pdf').send(Buffer.from(`%PDF-1.4 run ${runs.pdf}`));
    });
    url = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await app?.close();
    await db?.destroy();
    await database?.drop();
  });

  const post = async (path: string, key: string, body: unknown = { note: 'same' }) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, text };
  };
  const keyRows = (key: string) =>
    db.selectFrom('idempotency_keys').select(['status']).where('idempotency_key', '=', key).execute();

  it('a 5xx is not kept: the key is freed, the retry really runs, and its answer is the one kept', async () => {
    const key = randomUUID();
    failNext = true;
    const failed = await post('/api/flaky', key);
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.text).code).toBe('INTERNAL');
    expect(await keyRows(key)).toEqual([]);
    const retried = await post('/api/flaky', key);
    expect(retried.status).toBe(200);
    expect(retried.headers.get('idempotent-replayed')).toBeNull();
    const replay = await post('/api/flaky', key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.text).toBe(retried.text);
    expect(runs.flaky).toBe(2);
  });

  it('a repeat while the first still runs gets 409 IDEMPOTENCY_IN_PROGRESS with Retry-After, then its answer', async () => {
    const key = randomUUID();
    const started = new Promise<void>((resolve) => {
      slowStarted = resolve;
    });
    const first = post('/api/slow', key);
    await started;
    const meanwhile = await post('/api/slow', key);
    expect(meanwhile.status).toBe(409);
    expect(JSON.parse(meanwhile.text)).toMatchObject({ success: false, code: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(meanwhile.headers.get('retry-after')).toBe('1');
    releaseSlow();
    const answered = await first;
    expect(answered.status).toBe(200);
    const later = await post('/api/slow', key);
    expect([later.status, later.headers.get('idempotent-replayed'), later.text]).toEqual([
      200,
      'true',
      answered.text,
    ]);
    expect(runs.slow).toBe(1);
  });

  it('a PDF is not kept: the key is freed and a repeat makes the document again', async () => {
    const key = randomUUID();
    const first = await post('/api/pdf', key);
    expect([first.status, first.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(await keyRows(key)).toEqual([]);
    const again = await post('/api/pdf', key);
    expect(again.text).toBe('%PDF-1.4 run 2');
    expect(again.headers.get('idempotent-replayed')).toBeNull();
  });
});
