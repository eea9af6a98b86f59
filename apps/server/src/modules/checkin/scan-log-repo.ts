import { compiledQueryOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type {
  CheckinScansTable,
  ScanAction,
  ScanDirection,
  ScanMethod,
  ScanResult,
} from '../../platform/db/schema';
import { groupCommitted } from '../../platform/db/sqlite-now';

// The scan log's SQL: every look, admission, exit and refusal at a gate is one row, online or synced from a
// device (the unique index on (device_id, local_id) where local_id is not null, migration 0023, makes a synced
// scan's replay a no-op). Used by the general gate path (service.ts, pass.ts, sync.ts, search.ts), repo.ts's
// admissions and the SQLite fast path (gate-on-sqlite.ts); PostgreSQL's fast path writes its row inside its own
// statement (gate-on-postgres.ts).

/**
 * False when this device already recorded this local admission (unique (device_id, local_id)): the caller
 * treats it as a replay. Online scans carry no local_id and always insert.
 */
export async function insertScan(db: Db, scan: CheckinScansTable): Promise<boolean> {
  return (await db.executeQuery(insertScanRow(db, ...scanValues(scan)))).rows.length === 1;
}

/**
 * A scan that changes no ticket (a verify-qr's look), logged: on SQLite with the other scans of this turn of the
 * event loop in one commit (sqlite-now.ts groupCommitted), on PostgreSQL as one statement. Settles once written.
 */
export async function logScan(db: Db, scan: CheckinScansTable): Promise<void> {
  if (isPostgres(db)) await insertScan(db, scan);
  else await logGrouped(db, { db, scan });
}

const logGrouped = groupCommitted((sqlite, item: { db: Db; scan: CheckinScansTable }) => {
  sqlite.all(insertScanRow(item.db, ...scanValues(item.scan)));
});

/** The row's values in insertScanRow's argument order. */
export function scanValues(scan: CheckinScansTable): ScanValues {
  return [
    scan.id,
    scan.ticket_id,
    scan.checker_user_id,
    scan.device_id,
    scan.gate,
    scan.action,
    scan.result,
    scan.local_id,
    scan.scanned_at,
    scan.created_at,
    // The columns' defaults, which an omitted value got before this statement was compiled once.
    scan.direction ?? 'in',
    scan.method ?? 'scan',
  ];
}

// Every scan writes one: compiled once. A row back means it was inserted, not skipped as a replay.
export const insertScanRow = compiledQueryOnce((db: Db, ...row: ScanValues) =>
  scanInsert(db, ...row)
    .onConflict((conflict) =>
      conflict.columns(['device_id', 'local_id']).where('local_id', 'is not', null).doNothing(),
    )
    .returning('id'),
);

/**
 * The same row for an online scan (no local id, so it can never be a replay, and the unique index on
 * (device_id, local_id) does not hold it), without the conflict clause and the row back: ~5 µs less of SQLite's work a scan
 * (gate-on-sqlite.ts).
 */
export const insertOnlineScanRow = compiledQueryOnce((db: Db, ...row: ScanValues) => scanInsert(db, ...row));

/** insertScanRow's arguments: the row's values in scanValues' order. */
export type ScanValues = [
  id: string,
  ticketId: string | null,
  checkerUserId: string,
  deviceId: string | null,
  gate: string | null,
  action: ScanAction,
  result: ScanResult,
  localId: string | null,
  scannedAt: string,
  createdAt: string,
  direction: ScanDirection,
  method: ScanMethod,
];

function scanInsert(
  db: Db,
  ...[
    id,
    ticketId,
    checkerUserId,
    deviceId,
    gate,
    action,
    result,
    localId,
    scannedAt,
    createdAt,
    direction,
    method,
  ]: ScanValues
) {
  return db.insertInto('checkin_scans').values({
    id,
    ticket_id: ticketId,
    checker_user_id: checkerUserId,
    device_id: deviceId,
    gate,
    action,
    result,
    local_id: localId,
    scanned_at: scannedAt,
    created_at: createdAt,
    direction,
    method,
  });
}

export function findScanByLocalId(
  db: Db,
  deviceId: string,
  localId: string,
): Promise<CheckinScansTable | undefined> {
  return db
    .selectFrom('checkin_scans')
    .selectAll()
    .where('device_id', '=', deviceId)
    .where('local_id', '=', localId)
    .executeTakeFirst();
}
