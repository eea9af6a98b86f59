import { type Kysely, sql } from 'kysely';
import { columnTypes, isPostgres } from '../dialect';

// The night at the gates (docs/product.md#gate-scanner):
//  - events.reentry_allowed: pass-out on or off (0/1, default off).
//  - tickets.last_entry_at / exited_at: the latest admission and, while the holder is outside again, their
//    exit. Inside now = used and exited_at null. used_at stays the FIRST admission (the ticket's entryTime).
//  - checkin_scans.direction ('in' | 'out') and method ('scan' | 'typed' | 'search'), and more results
//    (exited, not_inside, reentry_closed, transferred). SQLite cannot alter a CHECK constraint, so the table
//    is rebuilt there (SQLite's documented 12-step way), keeping every index it has, whoever added it.
//  - checkin_devices: each gate phone's last contact and its offline admissions still queued.

const ACTIONS = `'verify', 'mark', 'exit', 'sync'`;
const RESULTS = `'admitted', 'exited', 'already_used', 'not_inside', 'reentry_closed', 'cancelled', 'transferred', 'not_found', 'invalid', 'verified'`;

export async function up(db: Kysely<unknown>): Promise<void> {
  const timestamp = sql.raw(columnTypes(db).timestamp);
  const pg = isPostgres(db);

  await db.schema
    .alterTable('events')
    .addColumn('reentry_allowed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('tickets').addColumn('last_entry_at', timestamp).execute();
  await db.schema.alterTable('tickets').addColumn('exited_at', timestamp).execute();
  await sql`update tickets set last_entry_at = used_at where used_at is not null`.execute(db);

  if (pg) {
    await sql`alter table checkin_scans drop constraint checkin_scans_action_check`.execute(db);
    await sql`alter table checkin_scans drop constraint checkin_scans_result_check`.execute(db);
    await sql
      .raw(
        `alter table checkin_scans add constraint checkin_scans_action_check check (action in (${ACTIONS}))`,
      )
      .execute(db);
    await sql
      .raw(
        `alter table checkin_scans add constraint checkin_scans_result_check check (result in (${RESULTS}))`,
      )
      .execute(db);
    await sql
      .raw(
        `alter table checkin_scans add column direction text not null default 'in' constraint checkin_scans_direction_check check (direction in ('in', 'out'))`,
      )
      .execute(db);
    await sql
      .raw(
        `alter table checkin_scans add column method text not null default 'scan' constraint checkin_scans_method_check check (method in ('scan', 'typed', 'search'))`,
      )
      .execute(db);
  } else {
    await rebuildSqliteScans(db);
  }
  // The live gate view's last hour, by time.
  await db.schema
    .createIndex('checkin_scans_scanned_at_idx')
    .on('checkin_scans')
    .columns(['scanned_at', 'result'])
    .execute();
  // Admissions per gate for the whole night, read from the index alone.
  await db.schema
    .createIndex('checkin_scans_result_gate_idx')
    .on('checkin_scans')
    .columns(['result', 'direction', 'gate'])
    .execute();

  await db.schema
    .createTable('checkin_devices')
    .addColumn('device_id', 'text', (c) => c.primaryKey())
    .addColumn('gate', 'text')
    .addColumn('checker_user_id', 'text', (c) => c.notNull().references('users.id'))
    // Offline admissions (and exits) the device says it still holds, as of last_seen_at.
    .addColumn('queued', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .execute();
}

async function rebuildSqliteScans(db: Kysely<unknown>): Promise<void> {
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
      constraint checkin_scans_action_check check (action in (${ACTIONS})),
      constraint checkin_scans_result_check check (result in (${RESULTS})),
      constraint checkin_scans_direction_check check (direction in ('in', 'out')),
      constraint checkin_scans_method_check check (method in ('scan', 'typed', 'search')),
      constraint checkin_scans_device_local_unique unique (device_id, local_id)
    )`)
    .execute(db);
  await sql`insert into checkin_scans_new (id, ticket_id, checker_user_id, device_id, gate, action, result,
    local_id, scanned_at, created_at)
    select id, ticket_id, checker_user_id, device_id, gate, action, result, local_id, scanned_at, created_at
    from checkin_scans`.execute(db);
  await sql`drop table checkin_scans`.execute(db);
  await sql`alter table checkin_scans_new rename to checkin_scans`.execute(db);
  // Explicit indexes only (sql is null for the automatic ones behind UNIQUE, recreated by the table itself).
  for (const index of indexes.rows) {
    if (index.sql) await sql.raw(index.sql).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('checkin_devices').execute();
  await db.schema.dropIndex('checkin_scans_result_gate_idx').execute();
  await db.schema.dropIndex('checkin_scans_scanned_at_idx').execute();
  await db.schema.alterTable('tickets').dropColumn('exited_at').execute();
  await db.schema.alterTable('tickets').dropColumn('last_entry_at').execute();
  await db.schema.alterTable('events').dropColumn('reentry_allowed').execute();
}
