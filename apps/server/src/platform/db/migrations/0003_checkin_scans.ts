import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Check-in: every scan at a gate, online or synced from an offline device.
// Written once for both engines: only column types differ (see dialect.ts).

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);

  await db.schema
    .createTable('checkin_scans')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No foreign key: the log outlives a deleted ticket, and keeps the id a well-signed code named even when
    // no such ticket exists. Null only when the code did not verify.
    .addColumn('ticket_id', 'text')
    .addColumn('checker_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('device_id', 'text')
    .addColumn('gate', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    // The device's own id for an offline admission; see the unique constraint below.
    .addColumn('local_id', 'text')
    // When the gate scanned: the request time online, the device's clock (never in the future) offline.
    .addColumn('scanned_at', timestamp, (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('checkin_scans_action_check', sql`action in ('verify', 'mark', 'sync')`)
    .addCheckConstraint(
      'checkin_scans_result_check',
      sql`result in ('admitted', 'already_used', 'cancelled', 'not_found', 'invalid', 'verified')`,
    )
    // A device re-sending an offline admission (lost response, retry) is recognised here, not re-applied.
    // Online scans have no local_id; NULLs never collide on either engine.
    .addUniqueConstraint('checkin_scans_device_local_unique', ['device_id', 'local_id'])
    .execute();
  await db.schema.createIndex('checkin_scans_ticket_idx').on('checkin_scans').column('ticket_id').execute();
  await db.schema
    .createIndex('checkin_scans_created_at_idx')
    .on('checkin_scans')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('checkin_scans').execute();
}
