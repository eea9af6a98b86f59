import type { Kysely } from 'kysely';

// The audit log viewer (GET /admin/audit) reads newest first, a keyset page at a time ((created_at, id) below the
// last row shown), unfiltered or by action or by the person who acted. Every hold writes an audit row, so the table
// grows with sales: without these the viewer sorts the whole table per page. Both new keys start or end with the
// time, so a write lands at the end of the index, as the time-ordered ids already do (time-ordered-id.ts).
// Filtering by ticket or order uses audit_log_entity_idx (entity, entity_id), whose few rows are sorted.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('audit_log_created_idx')
    .on('audit_log')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_action_idx')
    .on('audit_log')
    .columns(['action', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('audit_log_actor_idx')
    .on('audit_log')
    .columns(['actor_user_id', 'created_at', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['audit_log_actor_idx', 'audit_log_action_idx', 'audit_log_created_idx']) {
    await db.schema.dropIndex(name).execute();
  }
}
