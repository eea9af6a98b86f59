import type { Db } from '../../platform/db/database';
import type { CheckinScansTable, TicketStatus } from '../../platform/db/schema';

// SQL for check-in: the admitting update, the scan log and the offline snapshot. No business rule lives
// here; the conditions in the update are the concurrency guard the service relies on.

export interface AdmitTicket {
  ticketId: string;
  eventId: string;
  checkerUserId: string;
  /** When the guest was admitted: now online, the device's (clamped) clock for an offline admission. */
  usedAt: string;
  now: string;
}

/**
 * True for exactly one caller per ticket. Must stay ONE conditional statement: two gates can scan the same
 * ticket in the same millisecond, and only `status = 'active'` evaluated by the database under its row lock
 * decides between them (PostgreSQL re-checks it after waiting for the other writer; SQLite runs one writer
 * at a time). A read-then-write here would admit both.
 */
export async function admitTicket(trx: Db, admission: AdmitTicket): Promise<boolean> {
  const result = await trx
    .updateTable('tickets')
    .set({
      status: 'used',
      used_at: admission.usedAt,
      scanned_by_user_id: admission.checkerUserId,
      updated_at: admission.now,
    })
    .where('id', '=', admission.ticketId)
    .where('event_id', '=', admission.eventId)
    .where('status', '=', 'active')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a gate needs to explain a refusal: the status and, for a used ticket, when and by whom. */
export interface TicketGateState {
  id: string;
  ticket_code: string;
  status: TicketStatus;
  used_at: string | null;
  cancelled_at: string | null;
  scanner_name: string | null;
}

export function findTicketGateState(
  db: Db,
  ticketId: string,
  eventId: string,
): Promise<TicketGateState | undefined> {
  return db
    .selectFrom('tickets')
    .leftJoin('users as scanner', 'scanner.id', 'tickets.scanned_by_user_id')
    .select([
      'tickets.id',
      'tickets.ticket_code',
      'tickets.status',
      'tickets.used_at',
      'tickets.cancelled_at',
      'scanner.name as scanner_name',
    ])
    .where('tickets.id', '=', ticketId)
    .where('tickets.event_id', '=', eventId)
    .executeTakeFirst();
}

/**
 * False when this device already recorded this local admission (UNIQUE(device_id, local_id)): the caller
 * treats it as a replay. Online scans carry no local_id and always insert.
 */
export async function insertScan(db: Db, scan: CheckinScansTable): Promise<boolean> {
  const result = await db
    .insertInto('checkin_scans')
    .values(scan)
    .onConflict((conflict) => conflict.columns(['device_id', 'local_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
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

export interface SnapshotTicketRow {
  id: string;
  status: TicketStatus;
  holder_name: string;
  used_at: string | null;
}

/** Only the columns a gate device keeps: up to 20,000 rows, so nothing else is read or sent. */
export function findSnapshotTickets(db: Db, eventId: string): Promise<SnapshotTicketRow[]> {
  return db
    .selectFrom('tickets')
    .select(['id', 'status', 'holder_name', 'used_at'])
    .where('event_id', '=', eventId)
    .execute();
}
