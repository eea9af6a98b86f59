import type { OfflineAdmissionInput, SyncOutcome, SyncRequest } from '@utsav/domain/checkin-schema';
import { offlineScanTime } from '@utsav/domain/checkin-time';
import { normalizeScannedCode } from '@utsav/domain/qr-token';
import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import type { AppContext } from '../../platform/context';
import type { CheckinScansTable, EventRow, UserRow } from '../../platform/db/schema';
import { findCurrentEvent } from '../../stores/events';
import { type PassDecision, passGate, ReplayDetected, type ScanSource, scanRow } from './pass';
import { verifiedTicketId } from './qr-verifier';
import { findTicketGateState, findTicketIdByCode, touchDevice } from './repo';
import { findScanByLocalId, insertScan } from './scan-log-repo';
import { assertGate, blankToNull, previousAdmission } from './service';
import { recordedSnapshotTimes } from './snapshot-downloads';
import { takeTypedCode } from './typed-codes';

// Offline scans synced back (POST /tickets/checkin/sync): entries and, with re-entry, exits, applied in the
// device's order through the same conditional updates as the online routes (pass.ts), at the device's
// clock clamped to what is possible (@utsav/domain/checkin-time): no earlier than the ticket list the device
// decided with, when the server recorded that list for this volunteer (snapshot-downloads.ts), else the event
// day. A ticket someone else admitted first is a conflict: reported with the first admission's time and
// scanner, counted, never hidden. The same (device, localId) sent again answers what it answered the first
// time. Typed codes spend the volunteer's typed-code allowance as online (typed-codes.ts): past it, the rest
// of the batch is left unanswered, so the device keeps it queued and sends it again a minute later, in order.

export interface SyncResult {
  localId: string;
  ticketId: string;
  outcome: SyncOutcome;
  /** For admitted and already_used: the moment the ticket was (first) admitted. */
  usedAt?: string | null;
  /** For admitted and already_used: who admitted it first. */
  scannedBy?: { name: string };
}

export async function syncAdmissions(
  ctx: AppContext,
  checker: UserRow,
  input: SyncRequest,
): Promise<{ results: SyncResult[]; conflicts: number }> {
  assertGate(checker);
  const event = await findCurrentEvent(ctx.db);
  const claimed = new Set(input.admissions.flatMap((admission) => admission.snapshotAt ?? []));
  const recorded = event
    ? await recordedSnapshotTimes(ctx.db, checker.id, event.id, claimed)
    : new Set<string>();
  const results: SyncResult[] = [];
  // One at a time, in the device's order: an exit and a re-entry of one ticket in a batch resolve as they happened.
  for (const admission of input.admissions) {
    const result = await syncAdmission(ctx, checker, input, event, admission, recorded);
    if (result === 'allowance spent') break;
    results.push(result);
  }
  // The device has handed over its queue, but for what was left unanswered (its next heartbeat says more).
  await touchDevice(ctx.db, {
    device_id: input.deviceId,
    gate: blankToNull(input.gate),
    checker_user_id: checker.id,
    queued: input.admissions.length - results.length,
    last_seen_at: ctx.now().toISOString(),
  });
  return { results, conflicts: results.filter((result) => result.outcome === 'already_used').length };
}

async function syncAdmission(
  ctx: AppContext,
  checker: UserRow,
  input: SyncRequest,
  event: EventRow | undefined,
  admission: OfflineAdmissionInput,
  recordedSnapshots: ReadonlySet<string>,
): Promise<SyncResult | 'allowance spent'> {
  const previous = await findScanByLocalId(ctx.db, input.deviceId, admission.localId);
  if (previous) return replayed(ctx, previous, admission, event);

  const now = ctx.now();
  const code = normalizeScannedCode(admission.qrCode);
  const typed = code.ok ? normalizeTicketCode(code.code) : null;
  if (typed && !takeTypedCode(ctx, checker.id)) return 'allowance spent';
  // A list time the server did not record for this volunteer is no list time (a device may claim 2001).
  const snapshotAt =
    admission.snapshotAt && recordedSnapshots.has(admission.snapshotAt) ? admission.snapshotAt : undefined;
  const scan: ScanSource = {
    checker,
    deviceId: input.deviceId,
    gate: blankToNull(input.gate),
    action: 'sync',
    direction: admission.direction ?? 'in',
    method: typed ? 'typed' : 'scan',
    localId: admission.localId,
    // Clamped to what is possible (a phone's clock may be years off); `now`, the receive time, is stored
    // beside it as the scan row's created_at.
    scannedAt: offlineScanTime({
      scannedAt: admission.scannedAt,
      snapshotAt,
      eventDate: event?.date,
      receivedAt: now,
    }),
    now: now.toISOString(),
  };
  let ticketId: string | null = null;
  if (code.ok && event) {
    ticketId = typed
      ? ((await findTicketIdByCode(ctx.db, typed, event.id)) ?? null)
      : verifiedTicketId(code.code, event);
  }
  if (!event || !ticketId || ticketId !== admission.ticketId) {
    if (await insertScan(ctx.db, scanRow(scan, ticketId, 'invalid'))) {
      return { localId: admission.localId, ticketId: admission.ticketId, outcome: 'invalid' };
    }
    return replayedByRace(ctx, input.deviceId, admission, event);
  }

  let decision: PassDecision;
  try {
    decision = await passGate(ctx, scan, event, ticketId);
  } catch (error) {
    if (error instanceof ReplayDetected) return replayedByRace(ctx, input.deviceId, admission, event);
    throw error;
  }
  // The printed code, so the device can name a refused ticket as the guest sees it (its list holds no codes).
  const printed = 'state' in decision ? decision.state?.ticket_code : undefined;
  const base = { localId: admission.localId, ticketId, ...(printed ? { ticketCode: printed } : {}) };
  switch (decision.result) {
    case 'admitted':
      return { ...base, outcome: 'admitted', usedAt: scan.scannedAt, scannedBy: { name: checker.name } };
    case 'already_used': {
      const { usedAt, scannedBy } = previousAdmission(decision.state);
      return { ...base, outcome: 'already_used', usedAt, scannedBy };
    }
    default:
      return { ...base, outcome: decision.result };
  }
}

/** The answer recorded the first time this device sent this admission (a retry after a lost response). */
async function replayed(
  ctx: AppContext,
  previous: CheckinScansTable,
  admission: OfflineAdmissionInput,
  event: EventRow | undefined,
): Promise<SyncResult> {
  // A synced admission is never undone (undo.ts takes back online ones only); 'undone' is here for the type.
  const outcome: SyncOutcome =
    previous.result === 'verified' || previous.result === 'undone' ? 'invalid' : previous.result;
  const base = { localId: admission.localId, ticketId: previous.ticket_id ?? admission.ticketId, outcome };
  if ((outcome !== 'admitted' && outcome !== 'already_used') || !previous.ticket_id || !event) return base;
  const { usedAt, scannedBy } = previousAdmission(
    await findTicketGateState(ctx.db, previous.ticket_id, event.id),
  );
  return { ...base, usedAt, scannedBy };
}

/** The same admission arrived twice at once (a retry racing the original): the first one's answer wins. */
async function replayedByRace(
  ctx: AppContext,
  deviceId: string,
  admission: OfflineAdmissionInput,
  event: EventRow | undefined,
): Promise<SyncResult> {
  const previous = await findScanByLocalId(ctx.db, deviceId, admission.localId);
  if (!previous) throw new Error(`scan ${deviceId}/${admission.localId} conflicted but cannot be read`);
  return replayed(ctx, previous, admission, event);
}
