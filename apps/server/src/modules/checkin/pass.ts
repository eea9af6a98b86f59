import { decidePass, type PassDirection, type PassOutcome } from '@utsav/domain/gate-pass';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type {
  CheckinScansTable,
  EventRow,
  ScanAction,
  ScanMethod,
  ScanResult,
  UserRow,
} from '../../platform/db/schema';
import { timeOrderedId } from '../../platform/db/time-ordered-id';
import { admitTicket, admitWithScan, exitTicket, findTicketGateState, type TicketGateState } from './repo';
import { insertScan } from './scan-log-repo';

// One pass through a gate, in either direction, with its log row in the same transaction. The decision is
// the conditional update in repo.ts (admitTicket / exitTicket); when it refuses, @utsav/domain/gate-pass
// explains why from the row as it now is.

export interface ScanSource {
  checker: UserRow;
  deviceId: string | null;
  gate: string | null;
  action: ScanAction;
  direction: PassDirection;
  method: ScanMethod;
  localId: string | null;
  scannedAt: string;
  now: string;
}

export type PassDecision =
  | { result: 'admitted' | 'exited' }
  | { result: Exclude<PassOutcome, 'admitted' | 'exited'> | 'not_found'; state: TicketGateState | undefined };

/** Thrown inside the pass transaction to roll it back: this device already recorded this scan. */
export class ReplayDetected extends Error {}

const PASS_ATTEMPTS = 3;

export function reentryAllowed(event: EventRow): boolean {
  return event.reentry_allowed === 1;
}

export async function passGate(
  ctx: AppContext,
  scan: ScanSource,
  event: EventRow,
  ticketId: string,
  /** False when the caller's own one-step admission (gate-on-sqlite.ts) was refused just now. */
  oneStepFirst = true,
): Promise<PassDecision> {
  const reentry = reentryAllowed(event);
  // An online entry that admits (a gate's common case) in one step; any refusal is explained below. Offline
  // admissions (a local id: a replay must be recognised) and exits take the general path.
  if (oneStepFirst && scan.direction === 'in' && scan.localId === null) {
    const admission = {
      ticketId,
      eventId: event.id,
      checkerUserId: scan.checker.id,
      at: scan.scannedAt,
      now: scan.now,
      reentryAllowed: reentry,
    };
    if (await admitWithScan(ctx.db, admission, scanRow(scan, ticketId, 'admitted')))
      return { result: 'admitted' };
  }
  return transaction(ctx.db, async (trx) => {
    for (let attempt = 1; ; attempt++) {
      const pass = {
        ticketId,
        eventId: event.id,
        checkerUserId: scan.checker.id,
        at: scan.scannedAt,
        now: scan.now,
      };
      const passed =
        scan.direction === 'in'
          ? await admitTicket(trx, { ...pass, reentryAllowed: reentry })
          : reentry && (await exitTicket(trx, pass));
      if (passed) {
        const result = scan.direction === 'in' ? 'admitted' : 'exited';
        await recordOnce(trx, scanRow(scan, ticketId, result));
        return { result };
      }
      const state = await findTicketGateState(trx, ticketId, event.id);
      const outcome = state
        ? decidePass(
            scan.direction,
            // A ticket revoked by a transfer is stored as cancelled with transferred_at (migration 0014), one its
            // resale sold as cancelled with resold_at (migration 0045).
            { status: gateStatus(state), exitedAt: state.exited_at },
            reentry,
          )
        : 'not_found';
      // The row changed between the refused update and this read (staff reset it, or the other direction
      // passed at another gate): the rule now says yes, so try the update again.
      if (outcome === 'admitted' || outcome === 'exited') {
        if (attempt < PASS_ATTEMPTS) continue;
        throw new Error(`ticket ${ticketId} keeps changing during check-in`);
      }
      await recordOnce(trx, scanRow(scan, ticketId, outcome));
      return { result: outcome, state };
    }
  });
}

/** The status the gate's rule reads: the stored one, or what revoked a cancelled ticket. */
export function gateStatus(state: Pick<TicketGateState, 'status' | 'transferred_at' | 'resold_at'>): string {
  if (state.transferred_at) return 'transferred';
  return state.resold_at ? 'resold' : state.status;
}

async function recordOnce(trx: AppContext['db'], row: CheckinScansTable): Promise<void> {
  if (!(await insertScan(trx, row))) throw new ReplayDetected();
}

export function scanRow(scan: ScanSource, ticketId: string | null, result: ScanResult): CheckinScansTable {
  return {
    // Time-ordered: the log only grows, and its key's B-tree takes each batch's rows on its last pages.
    id: timeOrderedId(),
    ticket_id: ticketId,
    checker_user_id: scan.checker.id,
    device_id: scan.deviceId,
    gate: scan.gate,
    action: scan.action,
    result,
    local_id: scan.localId,
    scanned_at: scan.scannedAt,
    created_at: scan.now,
    direction: scan.direction,
    method: scan.method,
  };
}
