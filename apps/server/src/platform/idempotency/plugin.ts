import { createHash } from 'node:crypto';
import {
  IDEMPOTENCY_IN_PROGRESS_RETRY_AFTER_S,
  IDEMPOTENT_REPLAYED_HEADER,
  isFinalAnswer,
  repeatOutcome,
} from '@utsav/domain/idempotency';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@utsav/domain/idempotency-schema';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { Db } from '../db/database';
import { AppError, validationError } from '../errors';
import { startRepeatingJob } from '../jobs/repeating-job';
import {
  claimKey,
  findKey,
  finishKey,
  type KeyClaim,
  releaseKey,
  sweepExpiredKeys,
  takeOverKey,
} from './keys-repo';

declare module 'fastify' {
  interface FastifyRequest {
    /** The idempotency key this request holds while its handler runs (./plugin.ts). */
    idempotencyClaim: KeyClaim | undefined;
  }
}

// A write retried by its client is performed once (docs/architecture.md#idempotency-keys,
// docs/decisions/0033-idempotency-keys.md). For a signed-in write that sends `Idempotency-Key`:
//
// 1. After sign-in and the body's validation, before the handler (preHandler), the key is recorded for the caller
//    with the request ("POST /api/admin/ticket-types") and a hash of the body, as running (keys-repo.ts
//    claimKey: one insert whose primary key lets exactly one of two identical requests through).
// 2. A request whose key is recorded does not run: the stored answer again (+ Idempotent-Replayed: true), 409
//    IDEMPOTENCY_IN_PROGRESS with Retry-After while the first runs, 422 IDEMPOTENCY_KEY_REUSED for another
//    request or body (@utsav/domain/idempotency repeatOutcome).
// 3. The answer (onSend, before compression) is stored as final when it is a JSON answer below 500 (one
//    update). A 5xx frees the key, so the retry really runs. Why that is safe: every write is one transaction
//    (CONTRIBUTING.md, "Add a server module"), and a 5xx is what an exception that escaped it gives: the
//    transaction rolled back and nothing was written, so running again is the only way to do the write. The
//    few services that do work after their commit (asking Razorpay for a refund, mail) leave it to their jobs
//    and answer 2xx, not 5xx, when that part fails (docs/decisions/0602-commit-then-razorpay.md). A process
//    that dies between the claim and the answer leaves the key running: after IDEMPOTENCY_LEASE_MS a repeat
//    takes it over and runs. If that request had committed, its write happens twice: the key cannot close
//    that window without being written in the handler's own transaction, and the service's own rules
//    (conditional updates, unique keys) are then what stands.
//    An answer that is not JSON (a PDF, a zip: documents made from what exists, no write) is not stored: the
//    key is freed and a repeat makes the document again, rather than keeping megabytes per click.
//
// A request without the header, not signed in (sign-in, logout, crash reports, Razorpay's webhook, which
// Razorpay signs and the payments module dedupes by event id) or on a route of WITHOUT_KEYS is not touched.
// The hooks are added to each write route when it is registered, so reads pay nothing.

/**
 * Writes that keep their own once-only rule and are on a hot path, where the key's insert and update would be a
 * third of the work: the header is ignored there.
 */
export const WITHOUT_KEYS: ReadonlySet<string> = new Set([
  // The gate: verify-qr changes nothing; an admission is one conditional update that admits once, answering a
  // repeat ALREADY_USED with the first scan (docs/decisions/0819-online-admission-one-write.md); the offline
  // sync ignores a replay by (device, local id); a heartbeat only says the phone is alive.
  'POST /api/tickets/verify-qr',
  'POST /api/tickets/mark-used',
  'POST /api/tickets/mark-exit',
  'POST /api/tickets/checkin/sync',
  'POST /api/tickets/checkin/heartbeat',
  // Paying: the order is paid once under its row lock, and a repeat answers its tickets from the row; never
  // shed, served while closing (platform/overload.ts).
  'POST /api/tickets/verify-payment',
  'POST /api/tickets/transfer/verify-payment',
  // The waiting room: one place in line per account, a repeat answers the same place; the opening is its burst.
  'POST /api/queue/join',
]);

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);
const JSON_TYPE = /^application\/json\b/i;

/** How often each instance deletes the keys forgotten by now (a forgotten key is ignored before that anyway). */
export const KEY_SWEEP_INTERVAL_MS = 15 * 60 * 1000;

export interface IdempotencyOptions {
  db: Db;
  now: () => Date;
}

/** Must be registered before the routes it guards (an onRoute hook), and after compression (see onSend). */
export function registerIdempotencyKeys(app: FastifyInstance, { db, now }: IdempotencyOptions): void {
  app.decorateRequest('idempotencyClaim', undefined);

  const claim = async (request: FastifyRequest, reply: FastifyReply, header: unknown): Promise<boolean> => {
    const parsed = idempotencyKeySchema.safeParse(header);
    if (!parsed.success)
      throw validationError([{ field: 'Idempotency-Key', message: IDEMPOTENCY_KEY_MESSAGE }]);
    const user = request.user;
    if (!user) return false;
    const at = now();
    const mine: KeyClaim = { userId: user.id, key: parsed.data, startedAt: at.toISOString() };
    const line = `${request.method} ${request.url}`;
    const bodyHash = hashBody(request.body);
    // Two rounds at most: a key freed or swept between our insert and our read is claimed again.
    for (let round = 0; round < 2; round += 1) {
      if (await claimKey(db, mine, line, bodyHash)) {
        request.idempotencyClaim = mine;
        return false;
      }
      const stored = await findKey(db, mine.userId, mine.key);
      if (!stored) continue;
      const outcome = repeatOutcome(stored, { request: line, bodyHash, now: at.getTime() });
      if (outcome === 'replay' && stored.status !== null && stored.answer !== null) {
        reply
          .code(stored.status)
          .type('application/json; charset=utf-8')
          .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
          .send(stored.answer);
        return true;
      }
      if (outcome === 'reused') {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for a different request.',
        );
      }
      if (outcome === 'take-over' && (await takeOverKey(db, mine, stored.startedAt, line, bodyHash))) {
        request.idempotencyClaim = mine;
        return false;
      }
      break;
    }
    reply.header('retry-after', String(IDEMPOTENCY_IN_PROGRESS_RETRY_AFTER_S));
    throw new AppError(
      'IDEMPOTENCY_IN_PROGRESS',
      'This request is still being processed. Please wait a moment.',
    );
  };

  // Callback style: a write without the header (most of the suite, every other client) costs one header read.
  const preHandler = function (
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    const header = request.headers['idempotency-key'];
    if (header === undefined || !request.user) {
      done();
      return;
    }
    claim(request, reply, header).then((answered) => {
      // An answered request goes no further: Fastify is not called back.
      if (!answered) done();
    }, done);
  };

  const onSend = function (
    this: FastifyInstance,
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void {
    const held = request.idempotencyClaim;
    if (!held) {
      done(null, payload);
      return;
    }
    request.idempotencyClaim = undefined;
    const isJson =
      typeof payload === 'string' && JSON_TYPE.test(String(reply.getHeader('content-type') ?? ''));
    const stored = isFinalAnswer(reply.statusCode, isJson)
      ? finishKey(db, held, reply.statusCode, payload as string)
      : releaseKey(db, held);
    // The answer waits for its record, so a repeat sent after it arrived is replayed, never refused as running.
    // A failure to record is logged and the answer still goes: the key stays running until the lease ends.
    stored.then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.error({ err: error }, 'idempotency key not recorded');
        done(null, payload);
      },
    );
  };

  // The clean-up: every instance, from ready to close. A delete of rows older than a day, safe on several at once.
  let sweeping: ReturnType<typeof startRepeatingJob> | undefined;
  app.addHook('onReady', async () => {
    sweeping = startRepeatingJob({
      name: 'idempotency key clean-up',
      intervalMs: KEY_SWEEP_INTERVAL_MS,
      log: app.log,
      run: () => sweepExpiredKeys(db, now()),
    });
  });
  app.addHook('preClose', async () => {
    await sweeping?.stop();
  });

  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url?.startsWith('/api/') || methods.every((method) => READS.has(method))) return;
    if (methods.some((method) => WITHOUT_KEYS.has(`${method} ${route.url}`))) return;
    // Appended to the route's own preHandlers (sign-in ran at onRequest; a route's rate limit runs first), and
    // put first among its onSend hooks: compression is one of them, and the answer is stored as JSON.
    route.preHandler = [...asList(route.preHandler), preHandler as preHandlerHookHandler];
    route.onSend = [onSend as onSendHookHandler, ...asList(route.onSend)];
  });
}

function asList<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/** The validated body's JSON, hashed: the same body retried has the same hash. */
function hashBody(body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
}
