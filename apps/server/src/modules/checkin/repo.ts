import { type ExpressionBuilder, type QueryCreator, sql } from 'kysely';
import { compiledOnce, compiledQueryOnce } from '../../platform/db/compiled';
import type { Db } from '../../platform/db/database';
import { isPostgres } from '../../platform/db/dialect';
import type {
  CheckinDevicesTable,
  CheckinScansTable,
  Database,
  ScanMethod,
  TicketStatus,
} from '../../platform/db/schema';
import { groupCommitted } from '../../platform/db/sqlite-now';
import { insertScanRow, scanValues } from './scan-log-repo';

// SQL for check-in: the admitting update, the reads that explain a refusal and the offline snapshot (the scan
// log is scan-log-repo.ts). No business rule lives here; the conditions in the update are the concurrency guard
// the service relies on.

export interface PassTicket {
  ticketId: string;
  eventId: string;
  checkerUserId: string;
  /** When the guest passed: now online, the device's (clamped) clock for an offline scan. */
  at: string;
  now: string;
}

/**
 * True for exactly one caller per admission. Must stay ONE conditional statement: two gates can scan the
 * same ticket in the same millisecond, and only the WHERE evaluated by the database under its row lock
 * decides between them (PostgreSQL re-checks it after waiting for the other writer; SQLite runs one writer
 * at a time). A read-then-write here would admit both. A fresh ticket is admitted; with re-entry on, so is
 * one whose holder went out (exited_at set) — once per exit, because admitting clears exited_at.
 * used_at and scanned_by stay the FIRST admission; last_entry_at is the latest.
 */
export async function admitTicket(
  trx: Db,
  admission: PassTicket & { reentryAllowed: boolean },
): Promise<boolean> {
  const admit = admission.reentryAllowed ? admitOnceOrAfterExit : admitOnce;
  const query = admit(
    trx,
    admission.at,
    admission.checkerUserId,
    admission.now,
    admission.ticketId,
    admission.eventId,
  );
  return (await trx.executeQuery(query)).rows.length === 1;
}

/**
 * Who may pass in with re-entry on: a fresh ticket, or one whose holder went out on a pass (used, exited_at
 * set). Without re-entry only `active` passes. The same condition is @utsav/domain/gate-pass decidePass (the
 * gate phone offline, and the reason given for a refusal) and, in SQL, gate-on-postgres.ts ADMIT_LOGGED.
 */
function passesInAgain(eb: ExpressionBuilder<Database, 'tickets'>) {
  return eb.or([
    eb('status', '=', 'active'),
    eb.and([eb('status', '=', 'used'), eb('exited_at', 'is not', null)]),
  ]);
}

// Every mark-used runs one of these: compiled once (platform/db/compiled.ts), the WHERE chosen per variant;
// run through Kysely, or synchronously on the SQLite file in a group commit (admitWithScan).
export const admitOnce = compiledQueryOnce(
  (db: Db, at: string, checkerUserId: string, now: string, ticketId: string, eventId: string) =>
    admission(db, at, checkerUserId, now, ticketId, eventId).where('status', '=', 'active'),
);
export const admitOnceOrAfterExit = compiledQueryOnce(
  (db: Db, at: string, checkerUserId: string, now: string, ticketId: string, eventId: string) =>
    admission(db, at, checkerUserId, now, ticketId, eventId).where(passesInAgain),
);

function admission(
  db: QueryCreator<Database>,
  at: string,
  checkerUserId: string,
  now: string,
  ticketId: string,
  eventId: string,
) {
  return (
    db
      .updateTable('tickets')
      .set({
        status: 'used',
        used_at: sql<string>`case when status = 'active' then ${at} else used_at end`,
        scanned_by_user_id: sql<string>`case when status = 'active' then ${checkerUserId} else scanned_by_user_id end`,
        last_entry_at: at,
        exited_at: null,
        updated_at: now,
      })
      .where('id', '=', ticketId)
      .where('event_id', '=', eventId)
      // A row back means this caller's update admitted the ticket (both engines return updated rows).
      .returning('id')
  );
}

/**
 * An online admission and its scan-log row in one step, or nothing: true when this caller admitted the ticket
 * (the same conditional update as admitTicket, the arbiter between gates), with the row `scan` (result
 * 'admitted') written in the same transaction; false when the update refused, with nothing written (the caller
 * then explains the refusal in its own transaction, pass.ts). A gate's common case costs one round trip on
 * PostgreSQL (a data-modifying `with`, atomic as one statement) instead of four (begin, update, insert, commit);
 * on SQLite it runs synchronously on the file in a savepoint of the one transaction that commits every admission
 * of this turn of the event loop (sqlite-now.ts), instead of four awaited statements and a commit of its own.
 */
export async function admitWithScan(
  db: Db,
  admission: PassTicket & { reentryAllowed: boolean },
  scan: CheckinScansTable,
): Promise<boolean> {
  const values = [
    admission.at,
    admission.checkerUserId,
    admission.now,
    admission.ticketId,
    admission.eventId,
  ] as const;
  const logged = [
    scan.id,
    scan.checker_user_id,
    scan.device_id,
    scan.gate,
    scan.method ?? 'scan',
    scan.scanned_at,
    scan.created_at,
  ] as const;
  if (isPostgres(db)) {
    const admit = admission.reentryAllowed ? admitOnceOrAfterExitLogged : admitOnceLogged;
    return (await admit(db, ...values, ...logged)).length === 1;
  }
  return admitGrouped(db, { db, admission, values, scan });
}

// SQLite: the admissions of one turn of the event loop in one transaction, one savepoint each (sqlite-now.ts).
const admitGrouped = groupCommitted(
  (
    sqlite,
    item: {
      db: Db;
      admission: { reentryAllowed: boolean };
      values: readonly [string, string, string, string, string];
      scan: CheckinScansTable;
    },
  ) => {
    const admit = item.admission.reentryAllowed ? admitOnceOrAfterExit : admitOnce;
    const admitted = sqlite.all(admit(item.db, ...item.values)).length === 1;
    if (admitted) sqlite.all(insertScanRow(item.db, ...scanValues(item.scan)));
    return admitted;
  },
);

// PostgreSQL: the admission, then its log row from the update's output (none when the update refused).
const admitOnceLogged = compiledOnce((db: Db, ...args: [...AdmissionValues, ...LoggedValues]) =>
  loggedAdmission(db, args, (update) => update.where('status', '=', 'active')),
);
const admitOnceOrAfterExitLogged = compiledOnce((db: Db, ...args: [...AdmissionValues, ...LoggedValues]) =>
  loggedAdmission(db, args, (update) => update.where(passesInAgain)),
);

type AdmissionValues = [at: string, checkerUserId: string, now: string, ticketId: string, eventId: string];
type LoggedValues = [
  scanId: string,
  checkerUserId: string,
  deviceId: string | null,
  gate: string | null,
  method: ScanMethod,
  scannedAt: string,
  createdAt: string,
];

function loggedAdmission(
  db: Db,
  [at, checker, now, ticketId, eventId, scanId, scanChecker, deviceId, gate, method, scannedAt, createdAt]: [
    ...AdmissionValues,
    ...LoggedValues,
  ],
  condition: (update: ReturnType<typeof admission>) => ReturnType<typeof admission>,
) {
  // Values in a select list have no column to take a type from: each is cast to its column's type.
  const text = (value: string | null) => sql<string>`cast(${value} as text)`;
  const timestamp = (value: string) => sql<string>`cast(${value} as timestamptz)`;
  return db
    .with('admitted', (q) => condition(admission(q, at, checker, now, ticketId, eventId)))
    .with('logged', (q) =>
      q
        .insertInto('checkin_scans')
        .columns([
          'id',
          'ticket_id',
          'checker_user_id',
          'device_id',
          'gate',
          'action',
          'result',
          'scanned_at',
          'created_at',
          'direction',
          'method',
        ])
        .expression((eb) =>
          eb
            .selectFrom('admitted')
            .select([
              text(scanId).as('id'),
              'admitted.id as ticket_id',
              text(scanChecker).as('checker_user_id'),
              text(deviceId).as('device_id'),
              text(gate).as('gate'),
              sql.lit('mark').as('action'),
              sql.lit('admitted').as('result'),
              timestamp(scannedAt).as('scanned_at'),
              timestamp(createdAt).as('created_at'),
              sql.lit('in').as('direction'),
              text(method).as('method'),
            ]),
        )
        .returning('checkin_scans.id'),
    )
    .selectFrom('logged')
    .select('logged.id');
}

/** True when the holder was inside and is now recorded outside. One statement, for the same reason as above. */
export async function exitTicket(trx: Db, exit: PassTicket): Promise<boolean> {
  const result = await trx
    .updateTable('tickets')
    .set({ exited_at: exit.at, updated_at: exit.now })
    .where('id', '=', exit.ticketId)
    .where('event_id', '=', exit.eventId)
    .where('status', '=', 'used')
    .where('exited_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** What a gate needs to explain a refusal: the status and, for a used ticket, when and by whom. */
export interface TicketGateState {
  id: string;
  ticket_code: string;
  status: TicketStatus;
  /** Whose ticket it is: the gate names them in "Already Used". */
  holder_name: string;
  used_at: string | null;
  cancelled_at: string | null;
  last_entry_at: string | null;
  exited_at: string | null;
  scanner_name: string | null;
  /** Revoked by a transfer: the gate says "Ticket Transferred", not "cancelled". */
  transferred_at?: string | null;
  /** Set on a ticket its resale cancelled (migration 0045): the gate says "Ticket Resold", not "cancelled". */
  resold_at?: string | null;
}

export async function findTicketGateState(
  db: Db,
  ticketId: string,
  eventId: string,
): Promise<TicketGateState | undefined> {
  return (await ticketGateState(db, ticketId, eventId))[0];
}

// Read by every refused scan (a ticket scanned twice is the common refusal at a busy gate): compiled once.
const ticketGateState = compiledOnce((db: Db, ticketId: string, eventId: string) =>
  db
    .selectFrom('tickets')
    .leftJoin('users as scanner', 'scanner.id', 'tickets.scanned_by_user_id')
    .select([
      'tickets.id',
      'tickets.ticket_code',
      'tickets.status',
      'tickets.holder_name',
      'tickets.used_at',
      'tickets.cancelled_at',
      sql<string | null>`tickets.last_entry_at`.as('last_entry_at'),
      sql<string | null>`tickets.exited_at`.as('exited_at'),
      'scanner.name as scanner_name',
      'tickets.transferred_at',
      'tickets.resold_at',
    ])
    .where('tickets.id', '=', ticketId)
    .where('tickets.event_id', '=', eventId),
);

/**
 * The QR token stored for a ticket of this event (written once, by the signer, when the ticket was issued), or
 * undefined: the gate accepts a scanned code that equals it exactly (qr-verifier.ts).
 */
export async function findTicketToken(
  db: Db,
  ticketId: string,
  eventId: string,
): Promise<string | undefined> {
  return (await ticketToken(db, ticketId, eventId))[0]?.qr_token;
}

// Read for nearly every scan of a code new to this instance: compiled once.
const ticketToken = compiledOnce((db: Db, ticketId: string, eventId: string) =>
  db.selectFrom('tickets').select('qr_token').where('id', '=', ticketId).where('event_id', '=', eventId),
);

/** The ticket a typed code names in this event (codes are unique across tickets). */
export async function findTicketIdByCode(db: Db, code: string, eventId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('tickets')
    .select('id')
    .where('ticket_code', '=', code)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.id;
}

export interface SnapshotTicketRow {
  id: string;
  ticket_code: string;
  status: TicketStatus;
  holder_name: string;
  used_at: string | null;
  exited_at: string | null;
  /** Revoked by a transfer: the gate says "Ticket Transferred", not "cancelled". */
  transferred_at?: string | null;
  /** Sold on by its resale: the gate's list marks it, so an offline phone says "Ticket Resold" too. */
  resold_at?: string | null;
  ticket_type_id?: string | null;
  admits?: number;
}

/** Only the columns a gate device keeps: up to 20,000 rows, so nothing else is read or sent. */
export function findSnapshotTickets(db: Db, eventId: string): Promise<SnapshotTicketRow[]> {
  return db
    .selectFrom('tickets')
    .select([
      'id',
      'ticket_code',
      'status',
      'holder_name',
      'used_at',
      sql<string | null>`exited_at`.as('exited_at'),
      'transferred_at',
      'resold_at',
      'ticket_type_id',
      'admits',
    ])
    .where('event_id', '=', eventId)
    .execute();
}

/** A gate phone's last contact. Upserted by every instance; the latest write wins, which is the latest contact. */
export async function touchDevice(db: Db, device: CheckinDevicesTable): Promise<void> {
  await db
    .insertInto('checkin_devices')
    .values(device)
    .onConflict((conflict) =>
      conflict.column('device_id').doUpdateSet({
        gate: device.gate,
        checker_user_id: device.checker_user_id,
        queued: device.queued,
        last_seen_at: device.last_seen_at,
      }),
    )
    .execute();
}
