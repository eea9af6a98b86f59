import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Idempotency keys (platform/idempotency/, @utsav/domain/idempotency): one row per key a signed-in caller sent
// with a write. The primary key (user, key) is what lets exactly one of two identical requests run: each inserts,
// the conflict leaves one row, and only the request whose insert landed runs its handler. The row is written
// before the handler runs (status null) and finished with the answer after it; a 5xx answer deletes it.
// `started_at` is the claim of the request that runs (a repeat takes a lost one over by a conditional update on
// it); `created_at` starts the 24 hours after which the key is forgotten, and orders the clean-up.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // "POST /api/admin/ticket-types": the method and the path with its query.
    .addColumn('request', 'text', (c) => c.notNull())
    // SHA-256 of the validated body's JSON, base64url.
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer')
    // The JSON answer as sent.
    .addColumn('answer', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('started_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .columns(['created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
