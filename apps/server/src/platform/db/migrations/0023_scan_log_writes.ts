import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// What every gate scan writes, made cheaper (bench/RESULTS.md, docs/decisions/0826-scan-log-unique-only-offline.md). Every
// look and admission appends a checkin_scans row, each of its indexes one more B-tree entry to write.
// UNIQUE(device_id, local_id) becomes a unique index `where local_id is not null`: only offline admissions carry
// a local id (their replays must collide); online scans, nearly every row, wrote an entry that could never
// collide. The sync's `on conflict` names the same predicate (scan-log-repo.ts). The other indexes stay: each has
// a reader (created_at: the live view's latest scan per device, live-repo.ts recentScanDevices).
// SQLite cannot drop a table constraint, so the table is rebuilt there as 0013 rebuilt it, keeping its indexes.

const ACTIONS = `'verify', 'mark', 'exit', 'sync'`;
const RESULTS = `'admitted', 'exited', 'already_used', 'not_inside', 'reentry_closed', 'cancelled', 'transferred', 'not_found', 'invalid', 'verified'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db))
    await sql`alter table checkin_scans drop constraint checkin_scans_device_local_unique`.execute(db);
  else await rebuildSqliteScans(db, false);
  await sql`create unique index checkin_scans_device_local_unique on checkin_scans (device_id, local_id)
    where local_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('checkin_scans_device_local_unique').execute();
  if (isPostgres(db))
    await sql`alter table checkin_scans add constraint checkin_scans_device_local_unique
      unique (device_id, local_id)`.execute(db);
  else await rebuildSqliteScans(db, true);
}

/** SQLite's documented way to change a table's constraints: a new table, the rows copied, the indexes again. */
async function rebuildSqliteScans(db: Kysely<unknown>, withUniqueConstraint: boolean): Promise<void> {
  const indexes = await sql<{ sql: string | null; name: string }>`
    select name, sql from sqlite_master where type = 'index' and tbl_name = 'checkin_scans'`.execute(db);
  const unique = withUniqueConstraint
    ? `,
      constraint checkin_scans_device_local_unique unique (device_id, local_id)`
    : '';
  await sql
    .raw(`create table checkin_scans_new (
      id text primary key,
      ticket_id text,
      checker_user_id text not null references users(id),
      device_id text,
      gate text,
      action text not null,
      result text not null,
      local_id text,
      scanned_at text not null,
      created_at text not null,
      direction text not null default 'in',
      method text not null default 'scan',
      constraint checkin_scans_action_check check (action in (${ACTIONS})),
      constraint checkin_scans_result_check check (result in (${RESULTS})),
      constraint checkin_scans_direction_check check (direction in ('in', 'out')),
      constraint checkin_scans_method_check check (method in ('scan', 'typed', 'search'))${unique}
    )`)
    .execute(db);
  await sql`insert into checkin_scans_new (id, ticket_id, checker_user_id, device_id, gate, action, result,
    local_id, scanned_at, created_at, direction, method)
    select id, ticket_id, checker_user_id, device_id, gate, action, result, local_id, scanned_at, created_at,
      direction, method
    from checkin_scans`.execute(db);
  await sql`drop table checkin_scans`.execute(db);
  await sql`alter table checkin_scans_new rename to checkin_scans`.execute(db);
  // Explicit indexes only (sql is null for the automatic one behind UNIQUE, made again by the table itself).
  for (const index of indexes.rows) if (index.sql) await sql.raw(index.sql).execute(db);
}
