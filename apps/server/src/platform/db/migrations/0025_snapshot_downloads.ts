import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect';

// Each offline ticket list a gate volunteer downloaded, by the server's own clock: an offline admission
// synced later says which list it was decided with (its generatedAt), and only a list recorded here for that
// volunteer bounds how early the admission can be recorded (@utsav/domain/checkin-time). A time the device
// merely claims bounds nothing: a claimed 2001 once back-dated admissions to 2001.

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema
    .createTable('checkin_snapshot_downloads')
    .addColumn('checker_user_id', 'text', (c) => c.notNull())
    .addColumn('generated_at', timestamp, (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('checkin_snapshot_downloads_pk', ['checker_user_id', 'generated_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('checkin_snapshot_downloads').execute();
}
