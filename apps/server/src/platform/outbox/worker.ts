import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database';
import { inLanes } from '../jobs/lanes';
import type { OutboxKind } from './repo';

// Drains the outbox after commits: claims due rows with a lease, runs the handler for each kind with
// bounded concurrency, and retries failures with backoff. Safe on every instance at once: a row is
// claimed by one conditional update, so two workers never send the same mail at the same time.

export type OutboxHandler = (
  payload: Record<string, unknown>,
  context: { id: string; attempt: number },
) => Promise<void>;

export interface OutboxWorkerOptions {
  db: Db;
  log: FastifyBaseLogger;
  handlers: Partial<Record<OutboxKind, OutboxHandler>>;
  intervalMs?: number;
  batchSize?: number;
  concurrency?: number;
  maxAttempts?: number;
  /** How long a claimed row stays hidden from other workers while its handler runs. */
  leaseMs?: number;
}

const BACKOFF_MS = [10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000];

export function retryDelayMs(attempt: number): number {
  return BACKOFF_MS[Math.min(attempt - 1, BACKOFF_MS.length - 1)] ?? 3_600_000;
}

export interface OutboxWorker {
  /** One pass over the due rows; resolves when they are handled. Tests call it directly. */
  drain(now?: Date): Promise<number>;
  start(): void;
  /**
   * Claims nothing more and waits for the rows being handled. With `graceMs`, waits at most that long: a
   * row still being handled then (a large mail's PDF) is released, due again at once, for another instance
   * or the next start, and stop resolves. That send may still finish before the process exits, so the mail
   * can go twice: delivery was at least once already (a crash mid-send retries too).
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, log, handlers } = options;
  const intervalMs = options.intervalMs ?? 2000;
  const batchSize = options.batchSize ?? 20;
  // One lane by default: mail is never urgent, and its PDFs share the CPU with ticket buyers.
  const concurrency = options.concurrency ?? 1;
  const maxAttempts = options.maxAttempts ?? 8;
  const leaseMs = options.leaseMs ?? 120_000;
  let timer: NodeJS.Timeout | undefined;
  let stopped = true;
  let stopping = false;
  /** Rows being handled, with the lease each was claimed under (release matches on it). */
  const handling = new Map<string, string>();

  async function claim(row: { id: string; next_attempt_at: string }, now: Date): Promise<boolean> {
    const lease = new Date(now.getTime() + leaseMs).toISOString();
    const result = await db
      .updateTable('outbox')
      .set({ next_attempt_at: lease })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    const claimed = Number(result.numUpdatedRows) === 1;
    if (claimed) handling.set(row.id, lease);
    return claimed;
  }

  /** Makes the rows still being handled due now, where they are still under our lease (nobody else's). */
  async function releaseHandling(): Promise<void> {
    const now = new Date().toISOString();
    for (const [id, lease] of handling) {
      await db
        .updateTable('outbox')
        .set({ next_attempt_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', lease)
        .execute();
      log.warn({ outboxId: id }, 'outbox row released at shutdown, still being handled');
    }
  }

  async function handle(row: { id: string; kind: string; payload: string; attempts: number }): Promise<void> {
    const attempt = row.attempts + 1;
    const handler = handlers[row.kind];
    try {
      if (!handler) throw new Error(`no handler for outbox kind "${row.kind}"`);
      await handler(JSON.parse(row.payload) as Record<string, unknown>, { id: row.id, attempt });
      await db
        .updateTable('outbox')
        .set({ status: 'sent', attempts: attempt, sent_at: new Date().toISOString(), last_error: null })
        .where('id', '=', row.id)
        .execute();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const giveUp = attempt >= maxAttempts;
      log.warn({ outboxId: row.id, kind: row.kind, attempt, giveUp, err: message }, 'outbox delivery failed');
      await db
        .updateTable('outbox')
        .set({
          status: giveUp ? 'failed' : 'pending',
          attempts: attempt,
          last_error: message.slice(0, 1000),
          next_attempt_at: new Date(Date.now() + retryDelayMs(attempt)).toISOString(),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }

  /** Every pass in progress, the timer's and any a caller started (drain is public). */
  const passes = new Set<Promise<number>>();
  function drain(now = new Date()): Promise<number> {
    const pass = drainOnce(now);
    passes.add(pass);
    const forget = () => passes.delete(pass);
    pass.then(forget, forget);
    return pass;
  }

  async function drainOnce(now: Date): Promise<number> {
    const due = await db
      .selectFrom('outbox')
      .select(['id', 'kind', 'payload', 'attempts', 'next_attempt_at'])
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now.toISOString())
      .orderBy('next_attempt_at')
      .limit(batchSize)
      .execute();
    let handled = 0;
    // A stop claims nothing more; the row in hand is finished (or released, see stop).
    await inLanes(due, concurrency, async (row) => {
      if (stopping) return false;
      if (!(await claim(row, now))) return true;
      try {
        await handle(row);
      } finally {
        handling.delete(row.id);
      }
      handled += 1;
      return !stopping;
    });
    return handled;
  }

  function schedule(delayMs = intervalMs) {
    if (stopped) return;
    timer = setTimeout(async () => {
      const handled = await drain().catch((error) => {
        log.error({ err: error }, 'outbox drain failed');
        return 0;
      });
      // A full batch means more is waiting: go again at once instead of after the interval.
      schedule(handled >= batchSize ? 0 : intervalMs);
    }, delayMs);
    timer.unref();
  }

  return {
    drain,
    start() {
      if (!stopped) return;
      stopped = false;
      stopping = false;
      schedule();
    },
    async stop(stopOptions = {}) {
      stopped = true;
      stopping = true;
      if (timer) clearTimeout(timer);
      const inProgress = Promise.allSettled([...passes]);
      if (stopOptions.graceMs === undefined) {
        await inProgress;
        return;
      }
      let wait: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        inProgress.then(() => true),
        new Promise<false>((resolve) => {
          wait = setTimeout(() => resolve(false), stopOptions.graceMs);
        }),
      ]);
      clearTimeout(wait);
      if (!finished) await releaseHandling();
    },
  };
}
