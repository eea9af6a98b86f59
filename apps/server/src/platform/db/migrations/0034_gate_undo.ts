import { type Kysely, sql } from 'kysely';
import { isPostgres } from '../dialect';

// A gate's admission taken back within seconds (@utsav/domain/gate-undo): the scan log gains the action 'undo' (the
// row that records who took it back, and when) and the result 'undone' (on that row, and on the admission's own row,
// so every count of admissions — per gate, per minute, a ticket's passes — stops counting it). SQLite cannot alter
// a CHECK constraint, so the table is rebuilt there as 0013 and 0023 rebuilt it, keeping its indexes.

const ACTIONS = `'verify', 'mark', 'exit', 'sync'`;
const RESULTS = `'admitted', 'exited', 'already_used', 'not_inside', 'reentry_closed', 'cancelled', 'transferred', 'not_found', 'invalid', 'verified'`;
const WITH_UNDO = { actions: `${ACTIONS}, 'undo'`, results: `${RESULTS}, 'undone'` };
const WITHOUT_UNDO = { actions: ACTIONS, results: RESULTS };

export async function up(db: Kysely<unknown>): Promise<void> {
  await allowScans(db, WITH_UNDO);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The undos' own rows go; the admissions they took back are admissions again (the tickets stay as they are).
  await sql`delete from checkin_scans where action = 'undo'`.execute(db);
  await sql`update checkin_scans set result = 'admitted' where result = 'undone'`.execute(db);
  await allowScans(db, WITHOUT_UNDO);
}

async function allowScans(db: Kysely<unknown>, allowed: { actions: string; results: string }): Promise<void> {
  if (!isPostgres(db)) return rebuildSqliteScans(db, allowed);
  await sql`alter table checkin_scans drop constraint checkin_scans_action_check`.execute(db);
  await sql`alter table checkin_scans drop constraint checkin_scans_result_check`.execute(db);
  await sql
    .raw(
      `alter table checkin_scans add constraint checkin_scans_action_check check (action in (${allowed.actions}))`,
    )
    .execute(db);
  await sql
    .raw(
      `alter table checkin_scans add constraint checkin_scans_result_check check (result in (${allowed.results}))`,
    )
    .execute(db);
}

/** SQLite's documented way to change a table's constraints: a new table, the rows copied, the indexes again. */
async function rebuildSqliteScans(
  db: Kysely<unknown>,
  allowed: { actions: string; results: string },
): Promise<void> {
  const indexes = await sql<{ sql: string | null; name: string }>`
    select name, sql from sqlite_master where type = 'index' and tbl_name = 'checkin_scans'`.execute(db);
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
      constraint checkin_scans_action_check check (action in (${allowed.actions})),
      constraint checkin_scans_result_check check (result in (${allowed.results})),
      constraint checkin_scans_direction_check check (direction in ('in', 'out')),
      constraint checkin_scans_method_check check (method in ('scan', 'typed', 'search'))
    )`)
    .execute(db);
  await sql`insert into checkin_scans_new (id, ticket_id, checker_user_id, device_id, gate, action, result,
    local_id, scanned_at, created_at, direction, method)
    select id, ticket_id, checker_user_id, device_id, gate, action, result, local_id, scanned_at, created_at,
      direction, method
    from checkin_scans`.execute(db);
  await sql`drop table checkin_scans`.execute(db);
  await sql`alter table checkin_scans_new rename to checkin_scans`.execute(db);
  for (const index of indexes.rows) if (index.sql) await sql.raw(index.sql).execute(db);
}
