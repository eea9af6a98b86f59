import { SOLD_TICKET_STATUSES } from '@utsav/domain/gate-pass';
import type { TypeEntries } from '@utsav/domain/gates-live';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';

// SQL of the live gate view: a handful of grouped counts, each served by an index (migration 0013), so
// the cost grows with the number of gates and the last hour's scans, not with the night's guests.

export interface TicketFigures {
  sold: number;
  admitted: number;
  inside: number;
}

/**
 * Sold (active + used), admitted at least once (used) and inside now (used, not out on a pass), summed over the
 * tickets named `alias` in the statement. Inside: @utsav/domain/gate-pass isInside, spelled in SQL (as service.ts
 * verifyResult and ticket-json-on-postgres.ts verifyResultSql decide 'already_used').
 */
function ticketSums(alias: string) {
  const status = sql.ref(`${alias}.status`);
  const exited = sql.ref(`${alias}.exited_at`);
  return [
    sql<number>`sum(case when ${status} in (${sql.join(SOLD_TICKET_STATUSES)}) then 1 else 0 end)`.as('sold'),
    sql<number>`sum(case when ${status} = 'used' then 1 else 0 end)`.as('admitted'),
    sql<number>`sum(case when ${status} = 'used' and ${exited} is null then 1 else 0 end)`.as('inside'),
  ];
}

/** The event's sold, admitted and inside. One statement. */
export async function ticketFigures(db: Db, eventId: string): Promise<TicketFigures> {
  const row = await db
    .selectFrom('tickets')
    .select(ticketSums('tickets'))
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return {
    sold: Number(row.sold ?? 0),
    admitted: Number(row.admitted ?? 0),
    inside: Number(row.inside ?? 0),
  };
}

const TYPE_COLUMNS = [
  'tt.id',
  'tt.name',
  'tt.name_hi',
  'tt.name_gu',
  'tt.colour',
  'tt.admits',
  'tt.position',
  'tt.archived_at',
] as const;

/**
 * The event's types (archived ones too: their tickets still come to the gate), in the organiser's order, with their
 * tickets summed as ticketFigures sums the event's. One statement; a type with no ticket yet has zeros (left join).
 */
export async function entriesByType(db: Db, eventId: string): Promise<TypeEntries[]> {
  const rows = await db
    .selectFrom('ticket_types as tt')
    .leftJoin('tickets as t', 't.ticket_type_id', 'tt.id')
    .select([...TYPE_COLUMNS, ...ticketSums('t')])
    .where('tt.event_id', '=', eventId)
    .groupBy([...TYPE_COLUMNS])
    .orderBy('tt.position')
    .orderBy('tt.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    nameHi: row.name_hi,
    nameGu: row.name_gu,
    colour: row.colour,
    admits: Number(row.admits),
    archived: row.archived_at !== null,
    sold: Number(row.sold ?? 0),
    admitted: Number(row.admitted ?? 0),
    inside: Number(row.inside ?? 0),
  }));
}

/** Admissions (entries, re-entries included) per gate for the whole night; null gate = a phone with no name. */
export async function admissionsByGate(db: Db): Promise<{ gate: string | null; count: number }[]> {
  const rows = await db
    .selectFrom('checkin_scans')
    .select(['gate', (eb) => eb.fn.countAll<number>().as('count')])
    .where('result', '=', 'admitted')
    .where(sql.ref('direction'), '=', 'in')
    .groupBy('gate')
    .execute();
  return rows.map((row) => ({ gate: row.gate, count: Number(row.count) }));
}

/** Admissions per gate per minute since `since` (minute = ISO text of its start, UTC). */
export async function admissionsPerMinute(
  db: Db,
  since: string,
): Promise<{ gate: string | null; minute: string; count: number }[]> {
  const minute = isPostgres(db)
    ? sql<string>`to_char(date_trunc('minute', scanned_at at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:MI')`
    : sql<string>`substr(scanned_at, 1, 16)`;
  const rows = await db
    .selectFrom('checkin_scans')
    .select(['gate', minute.as('minute'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('scanned_at', '>=', since)
    .where('result', '=', 'admitted')
    .where(sql.ref('direction'), '=', 'in')
    .groupBy(['gate', minute])
    .execute();
  return rows.map((row) => ({ gate: row.gate, minute: `${row.minute}:00.000Z`, count: Number(row.count) }));
}

/** Logged scan results among `results`, counted. */
export async function countResults(db: Db, results: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('checkin_scans')
    .select(['result', (eb) => eb.fn.countAll<number>().as('count')])
    .where('result', 'in', results as never)
    .groupBy('result')
    .execute();
  return new Map(rows.map((row) => [row.result, Number(row.count)]));
}

/** Offline admissions that reached the server after someone else had admitted the ticket. */
export async function countSyncConflicts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('checkin_scans')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('result', '=', 'already_used')
    .where('action', '=', 'sync')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface DeviceContact {
  device_id: string;
  gate: string | null;
  checker_name: string | null;
  last_seen_at: string;
  queued: number;
}

/** Phones that sent a heartbeat. */
export function heartbeatDevices(db: Db): Promise<DeviceContact[]> {
  return db
    .selectFrom('checkin_devices')
    .leftJoin('users', 'users.id', 'checkin_devices.checker_user_id')
    .select([
      'checkin_devices.device_id',
      'checkin_devices.gate',
      'users.name as checker_name',
      'checkin_devices.last_seen_at',
      'checkin_devices.queued',
    ])
    .execute();
}

/** Each device's latest scan since `since`, with the gate and checker it used then. */
export async function recentScanDevices(
  db: Db,
  since: string,
): Promise<{ device_id: string; gate: string | null; checker_name: string | null; last_seen_at: string }[]> {
  const latest = db
    .selectFrom('checkin_scans')
    .select(['device_id', (eb) => eb.fn.max('created_at').as('last_seen_at')])
    .where('scanned_at', '>=', since)
    .where('device_id', 'is not', null)
    .groupBy('device_id')
    .as('latest');
  const rows = await db
    .selectFrom(latest)
    .innerJoin('checkin_scans as scan', (join) =>
      join
        .onRef('scan.device_id', '=', 'latest.device_id')
        .onRef('scan.created_at', '=', 'latest.last_seen_at'),
    )
    .leftJoin('users', 'users.id', 'scan.checker_user_id')
    .select(['latest.device_id', 'scan.gate', 'users.name as checker_name', 'latest.last_seen_at'])
    .execute();
  return rows.map((row) => ({
    device_id: row.device_id as string,
    gate: row.gate,
    checker_name: row.checker_name,
    last_seen_at: String(row.last_seen_at),
  }));
}

export interface PassRow {
  direction: string;
  scanned_at: string;
  gate: string | null;
  device_id: string | null;
  method: string;
  action: string;
  checker_name: string | null;
}

/** A ticket's passes through the gates (entries and exits that happened), oldest first. */
export function ticketPasses(db: Db, ticketId: string): Promise<PassRow[]> {
  return db
    .selectFrom('checkin_scans')
    .leftJoin('users', 'users.id', 'checkin_scans.checker_user_id')
    .select([
      sql<string>`checkin_scans.direction`.as('direction'),
      'checkin_scans.scanned_at',
      'checkin_scans.gate',
      'checkin_scans.device_id',
      sql<string>`checkin_scans.method`.as('method'),
      'checkin_scans.action',
      'users.name as checker_name',
    ])
    .where('checkin_scans.ticket_id', '=', ticketId)
    .where('checkin_scans.result', 'in', ['admitted', 'exited'])
    .orderBy('checkin_scans.scanned_at')
    .orderBy('checkin_scans.created_at')
    .execute();
}
