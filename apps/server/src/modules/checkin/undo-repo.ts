import type { Db } from '../../platform/db/database';
import type { ScanMethod } from '../../platform/db/schema';

// SQL of a gate undo (undo.ts): the admission it names, and the two conditional updates that take it back. No rule
// lives here; the conditions are the guard against the gate's own updates (repo.ts) and against a second undo.

export interface LoggedAdmission {
  id: string;
  checker_user_id: string;
  action: string;
  method: ScanMethod;
  scanned_at: string;
  created_at: string;
}

/** The ticket's latest admission in the scan log (online or synced), or undefined. */
export function findLatestAdmission(db: Db, ticketId: string): Promise<LoggedAdmission | undefined> {
  return db
    .selectFrom('checkin_scans')
    .select(['id', 'checker_user_id', 'action', 'method', 'scanned_at', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .where('result', '=', 'admitted')
    .where('direction', '=', 'in')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst() as Promise<LoggedAdmission | undefined>;
}

/**
 * The admission's own row becomes 'undone', so no count of admissions includes it any more. True for exactly one
 * caller: the row is the claim on that admission, and PostgreSQL re-checks `result = 'admitted'` after waiting for
 * a concurrent undo of the same row (SQLite runs one writer at a time), so a double undo takes it back once.
 */
export async function markAdmissionUndone(trx: Db, scanId: string): Promise<boolean> {
  const result = await trx
    .updateTable('checkin_scans')
    .set({ result: 'undone' })
    .where('id', '=', scanId)
    .where('result', '=', 'admitted')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * used -> active, only while the ticket is exactly as that admission left it: used, inside, first admitted at `at`
 * by `checkerUserId` and not entered again since. ONE conditional statement, for the reason of repo.ts admitTicket:
 * a scan at another gate, an exit or a staff change between the read and this write makes the WHERE false under
 * the row lock, and nothing is undone. A re-entry (used_at differs from last_entry_at) is never reopened here.
 */
export async function reopenAdmittedTicket(
  trx: Db,
  admission: { ticketId: string; eventId: string; checkerUserId: string; at: string; now: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('tickets')
    .set({
      status: 'active',
      used_at: null,
      scanned_by_user_id: null,
      last_entry_at: null,
      updated_at: admission.now,
    })
    .where('id', '=', admission.ticketId)
    .where('event_id', '=', admission.eventId)
    .where('status', '=', 'used')
    .where('exited_at', 'is', null)
    .where('used_at', '=', admission.at)
    .where('last_entry_at', '=', admission.at)
    .where('scanned_by_user_id', '=', admission.checkerUserId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
