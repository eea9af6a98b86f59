import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from '../dialect';

// A resold ticket says so in its own column: `tickets.resold_at`, set by the sale's conditional update in the same
// transaction that issues the buyer's ticket (purchase/resale-sale.ts). Every reader — the gate online and offline,
// the sync, the staff's status change, the guest's card — reads this column, never the free-text cancellation
// reason a person could also type. Existing resold tickets get it from their sold listing (else their cancellation
// time), found by the reason the sale wrote before this column existed.
//
// The scan log gains the result 'resold': a resold ticket refused at a gate is logged as such, not as a cancel, and
// the refusals the log recorded before as 'cancelled' on a resold ticket are renamed. SQLite cannot alter a CHECK
// constraint, so the table is rebuilt there as 0034 rebuilt it, keeping its indexes.

const ACTIONS = `'verify', 'mark', 'exit', 'sync', 'undo'`;
const RESULTS = `'admitted', 'exited', 'already_used', 'not_inside', 'reentry_closed', 'cancelled', 'transferred', 'not_found', 'invalid', 'verified', 'undone'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  await db.schema.alterTable('tickets').addColumn('resold_at', timestamp).execute();
  await sql`update tickets set resold_at = coalesce(
      (select max(l.sold_at) from resale_listings l where l.ticket_id = tickets.id and l.status = 'sold'),
      cancelled_at, updated_at)
    where status = 'cancelled' and cancellation_reason = 'Resold'`.execute(db);
  await allowResults(db, `${RESULTS}, 'resold'`);
  await sql`update checkin_scans set result = 'resold'
    where result = 'cancelled' and ticket_id in (select id from tickets where resold_at is not null)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update checkin_scans set result = 'cancelled' where result = 'resold'`.execute(db);
  await allowResults(db, RESULTS);
  await db.schema.alterTable('tickets').dropColumn('resold_at').execute();
}

async function allowResults(db: Kysely<unknown>, results: string): Promise<void> {
  if (!isPostgres(db)) return rebuildSqliteScans(db, results);
  await sql`alter table checkin_scans drop constraint checkin_scans_result_check`.execute(db);
  await sql
    .raw(`alter table checkin_scans add constraint checkin_scans_result_check check (result in (${results}))`)
    .execute(db);
}

/** SQLite's documented way to change a table's constraints: a new table, the rows copied, the indexes again. */
async function rebuildSqliteScans(db: Kysely<unknown>, results: string): Promise<void> {
  const indexes = await sql<{ sql: string | null }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'checkin_scans'`.execute(db);
  const columns = `id, ticket_id, checker_user_id, device_id, gate, action, result, local_id, scanned_at, created_at,
    direction, method`;
  await sql
    .raw(`create table checkin_scans_new (
      id text primary key, ticket_id text, checker_user_id text not null references users(id), device_id text,
      gate text, action text not null, result text not null, local_id text, scanned_at text not null,
      created_at text not null, direction text not null default 'in', method text not null default 'scan',
      constraint checkin_scans_action_check check (action in (${ACTIONS})),
      constraint checkin_scans_result_check check (result in (${results})),
      constraint checkin_scans_direction_check check (direction in ('in', 'out')),
      constraint checkin_scans_method_check check (method in ('scan', 'typed', 'search'))
    )`)
    .execute(db);
  await sql
    .raw(`insert into checkin_scans_new (${columns}) select ${columns} from checkin_scans`)
    .execute(db);
  await sql`drop table checkin_scans`.execute(db);
  await sql`alter table checkin_scans_new rename to checkin_scans`.execute(db);
  for (const index of indexes.rows) if (index.sql) await sql.raw(index.sql).execute(db);
}
