import { IDEMPOTENCY_KEY_TTL_MS, type IdempotencyRecord } from '@utsav/domain/idempotency';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';

// The SQL of idempotency keys (./plugin.ts says when each runs). A request that sends a key costs one insert
// before its handler and one update (or delete) after it; a repeat costs the insert that finds the key taken
// and one read.

/** The key a running request holds: `startedAt` is its claim, so it never finishes or frees a key it lost. */
export interface KeyClaim {
  userId: string;
  key: string;
  startedAt: string;
}

export interface StoredKey extends IdempotencyRecord {
  answer: string | null;
}

/** What a claim writes, first or on taking over an abandoned one: this request, no answer yet, started now. */
function freshClaim(claim: KeyClaim, request: string, bodyHash: string) {
  return {
    request,
    body_hash: bodyHash,
    status: null,
    answer: null,
    created_at: claim.startedAt,
    started_at: claim.startedAt,
  };
}

/**
 * Records the key as running, unless it is recorded already (by an identical request running at this very
 * moment, or earlier). The primary key (user_id, idempotency_key) makes this the one place two identical
 * requests are told apart: of any number inserting at once, exactly one row lands, and only its request runs.
 */
export async function claimKey(db: Db, claim: KeyClaim, request: string, bodyHash: string): Promise<boolean> {
  const result = await db
    .insertInto('idempotency_keys')
    .values({ user_id: claim.userId, idempotency_key: claim.key, ...freshClaim(claim, request, bodyHash) })
    .onConflict((conflict) => conflict.columns(['user_id', 'idempotency_key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findKey(db: Db, userId: string, key: string): Promise<StoredKey | undefined> {
  const row = await db
    .selectFrom('idempotency_keys')
    .select(['request', 'body_hash', 'status', 'answer', 'created_at', 'started_at'])
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    request: row.request,
    bodyHash: row.body_hash,
    status: row.status,
    answer: row.answer,
    createdAt: Date.parse(row.created_at),
    startedAt: Date.parse(row.started_at),
  };
}

/**
 * Takes over a key that is forgotten (expired) or whose request was lost (still running after the lease): a
 * conditional update on the claim the record showed, so of two repeats taking it over at once one wins.
 */
export async function takeOverKey(
  db: Db,
  claim: KeyClaim,
  previousStartedAt: number,
  request: string,
  bodyHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('idempotency_keys')
    .set(freshClaim(claim, request, bodyHash))
    .where('user_id', '=', claim.userId)
    .where('idempotency_key', '=', claim.key)
    .where('started_at', '=', new Date(previousStartedAt).toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The row while the request holding `claim` runs: not once another took it over, nor once finished. */
const stillHeld = (claim: KeyClaim) => (eb: ExpressionBuilder<Database, 'idempotency_keys'>) =>
  eb.and([
    eb('user_id', '=', claim.userId),
    eb('idempotency_key', '=', claim.key),
    eb('started_at', '=', claim.startedAt),
    eb('status', 'is', null),
  ]);

/** Stores the final answer of the request that holds the claim. */
export async function finishKey(db: Db, claim: KeyClaim, status: number, answer: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ status, answer }).where(stillHeld(claim)).execute();
}

/** Frees the key: the next request with it runs (its answer was a 5xx, or one that is not stored). */
export async function releaseKey(db: Db, claim: KeyClaim): Promise<void> {
  await db.deleteFrom('idempotency_keys').where(stillHeld(claim)).execute();
}

/** Deletes the keys forgotten by now (a request with one of them would take it over anyway). */
export async function sweepExpiredKeys(db: Db, now: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<=', new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
