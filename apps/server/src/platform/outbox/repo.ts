import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';

// Durable queue of slow side effects (emails with PDFs). A row is written inside the transaction that
// makes the change it reports, so it exists exactly when the change committed; a worker sends it later,
// after the commit, with retries. A mail failure can then never fail or roll back a purchase.

export type OutboxKind = 'tickets-confirmation' | 'late-payment-refunded' | (string & {});

/** Call with the transaction that makes the change; the row commits or rolls back with it. */
export async function enqueueOutbox(
  trx: Db,
  kind: OutboxKind,
  payload: Record<string, unknown>,
  at: Date = new Date(),
): Promise<string> {
  const id = randomUUID();
  const stamp = at.toISOString();
  await trx
    .insertInto('outbox')
    .values({
      id,
      kind,
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      next_attempt_at: stamp,
      last_error: null,
      created_at: stamp,
      sent_at: null,
    })
    .execute();
  return id;
}

/**
 * Queues a row under a caller-chosen id, once: the primary key turns a second attempt (another instance,
 * a restart, the next sweep) into a no-op. Returns whether this call queued it.
 */
export async function enqueueOutboxOnce(
  db: Db,
  id: string,
  kind: OutboxKind,
  payload: Record<string, unknown>,
  at: Date = new Date(),
): Promise<boolean> {
  const stamp = at.toISOString();
  const result = await db
    .insertInto('outbox')
    .values({
      id,
      kind,
      payload: JSON.stringify(payload),
      status: 'pending',
      attempts: 0,
      next_attempt_at: stamp,
      last_error: null,
      created_at: stamp,
      sent_at: null,
    })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** One row of a batch: its payload and when it is first due. */
export interface OutboxItem {
  payload: Record<string, unknown>;
  at: Date;
}

/**
 * Queues many rows of one kind in the caller's transaction (a message to thousands), in chunks that stay under
 * both engines' bound-parameter limits. Returns the rows' ids in the items' order.
 */
export async function enqueueOutboxMany(
  trx: Db,
  kind: OutboxKind,
  items: OutboxItem[],
  now: Date = new Date(),
): Promise<string[]> {
  const created = now.toISOString();
  const rows = items.map((item) => {
    const stamp = item.at.toISOString();
    return {
      id: randomUUID(),
      kind,
      payload: JSON.stringify(item.payload),
      status: 'pending' as const,
      attempts: 0,
      next_attempt_at: stamp,
      last_error: null,
      created_at: created,
      sent_at: null,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await trx
      .insertInto('outbox')
      .values(rows.slice(start, start + 500))
      .execute();
  }
  return rows.map((row) => row.id);
}
