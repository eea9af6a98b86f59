import { randomUUID } from 'node:crypto';
import type { OfflineAdmissionInput, SyncOutcome, SyncRequest } from '@utsav/domain/checkin-schema';
import { offlineScanTime } from '@utsav/domain/checkin-time';
import { normalizeScannedCode } from '@utsav/domain/qr-token';
import { can } from '@utsav/domain/roles';
import type { AppContext } from '../../platform/context';
import { transaction } from '../../platform/db/database';
import type { CheckinScansTable, EventRow, ScanAction, ScanResult, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { findCurrentEvent } from '../event/repo';
import { eventWithKeys } from '../tickets/fulfilment';
import { findTicketView, type TicketView } from '../tickets/repo';
import { AlreadyUsedError, refusedTicket, TicketCancelledError } from './errors';
import { verifiedTicketId } from './qr-verifier';
import {
  admitTicket,
  findScanByLocalId,
  findSnapshotTickets,
  findTicketGateState,
  insertScan,
  type SnapshotTicketRow,
  type TicketGateState,
} from './repo';

// Gate check-in (ARCHITECTURE.md "Check-in"). A ticket admits exactly once: every admission, online or
// synced from an offline device, goes through the one conditional update in repo.admitTicket, and the
// scan it produced is logged in the same transaction. Refusals are logged too (who, when, device, gate,
// result), so the organiser can answer "who let this person in, and when" after the night.

export interface ScanInput {
  qrCode: string;
  deviceId?: string | null | undefined;
  gate?: string | null | undefined;
}

type OfflineAdmission = OfflineAdmissionInput;
type SyncInput = SyncRequest;

export interface SyncResult {
  localId: string;
  ticketId: string;
  outcome: SyncOutcome;
  /** For admitted and already_used: the moment the ticket was (first) admitted. */
  usedAt?: string | null;
  /** For admitted and already_used: who admitted it first. */
  scannedBy?: { name: string };
}

export interface CheckinSnapshot {
  event: EventRow;
  generatedAt: string;
  tickets: SnapshotTicketRow[];
}

export const CHECKIN_MESSAGES = {
  admitted: 'Entry Allowed',
  invalidQr: 'Invalid QR code',
  notFound: 'Ticket not found',
  cancelled: 'Ticket has been cancelled',
  /** A scanner whose account row is gone (deleted user) still shows who scanned, as far as we know. */
  unknownScanner: 'Unknown',
} as const;

/** verify-qr: checks the code and reads the ticket; changes nothing but the scan log. */
export async function verifyQr(ctx: AppContext, checker: UserRow, input: ScanInput): Promise<TicketView> {
  assertGate(checker);
  const scan = scanSource(ctx, checker, input, 'verify');
  const target = await resolveCode(ctx, input.qrCode);
  if (!target.ok) {
    await insertScan(ctx.db, scanRow(scan, null, 'invalid'));
    throw target.error;
  }
  const ticket = await findTicketView(ctx.db, target.ticketId);
  const found =
    ticket && ticket.id === target.ticketId && ticket.event_id === target.event.id ? ticket : undefined;
  await insertScan(ctx.db, scanRow(scan, target.ticketId, found ? verifyResult(found) : 'not_found'));
  if (!found) throw ticketNotFound();
  return found;
}

/** mark-used: admits the ticket, or says exactly why not (already used: when and by whom). */
export async function markUsed(ctx: AppContext, checker: UserRow, input: ScanInput): Promise<TicketView> {
  assertGate(checker);
  const scan = scanSource(ctx, checker, input, 'mark');
  const target = await resolveCode(ctx, input.qrCode);
  if (!target.ok) {
    await insertScan(ctx.db, scanRow(scan, null, 'invalid'));
    throw target.error;
  }
  const decision = await admit(ctx, scan, target.event, target.ticketId);
  switch (decision.result) {
    case 'admitted': {
      const ticket = await findTicketView(ctx.db, target.ticketId);
      if (!ticket) throw new Error(`ticket ${target.ticketId} vanished after admission`);
      return ticket;
    }
    case 'already_used':
    case 'cancelled':
      throw refusal(decision.result, decision.state);
    case 'not_found':
      throw ticketNotFound();
  }
}

/** The 400 for a ticket that exists but cannot enter, carrying the ticket's gate history (guest-side §8). */
function refusal(result: 'already_used' | 'cancelled', state: TicketGateState | undefined): AppError {
  // admit() reports these two results only with the row it read.
  if (!state) throw new Error(`ticket refused as ${result} without its row`);
  const scannedBy = state.scanner_name === null ? null : { name: state.scanner_name };
  if (result === 'cancelled') {
    return new TicketCancelledError(CHECKIN_MESSAGES.cancelled, refusedTicket(state, scannedBy));
  }
  const previous = previousAdmission(state);
  return new AlreadyUsedError(previous, refusedTicket(state, previous.scannedBy));
}

/**
 * What a gate device downloads before the network goes: the event's public key (to check signatures
 * offline) and every ticket's id, status and holder's first name. Nothing more personal leaves the server.
 */
export async function checkinSnapshot(ctx: AppContext, checker: UserRow): Promise<CheckinSnapshot> {
  assertGate(checker);
  // Taken before the read: the device may trust the list to be at least this fresh.
  const generatedAt = ctx.now().toISOString();
  const current = await findCurrentEvent(ctx.db);
  if (!current) throw new AppError('EVENT_NOT_FOUND', 'Event not found');
  const event = current.qr_public_key ? current : await eventWithKeys(ctx, current.id);
  return { event, generatedAt, tickets: await findSnapshotTickets(ctx.db, event.id) };
}

/**
 * Applies a device's offline admissions in order, each through the same conditional update as mark-used
 * (used_at = the device's scan time, clamped between the device's snapshot and the receive time). A ticket someone else admitted first is a
 * conflict: reported with the first admission's time and scanner, counted, never hidden, and the ticket
 * stays admitted once. The same (device, localId) sent again answers what it answered the first time.
 */
export async function syncAdmissions(
  ctx: AppContext,
  checker: UserRow,
  input: SyncInput,
): Promise<{ results: SyncResult[]; conflicts: number }> {
  assertGate(checker);
  const event = await findCurrentEvent(ctx.db);
  const results: SyncResult[] = [];
  // One at a time, in the device's order: two admissions of one ticket in a batch resolve as they happened.
  for (const admission of input.admissions) {
    results.push(await syncAdmission(ctx, checker, input, event, admission));
  }
  return { results, conflicts: results.filter((result) => result.outcome === 'already_used').length };
}

async function syncAdmission(
  ctx: AppContext,
  checker: UserRow,
  input: SyncInput,
  event: EventRow | undefined,
  admission: OfflineAdmission,
): Promise<SyncResult> {
  const previous = await findScanByLocalId(ctx.db, input.deviceId, admission.localId);
  if (previous) return replayed(ctx, previous, admission, event);

  const now = ctx.now();
  const scan: ScanSource = {
    checker,
    deviceId: input.deviceId,
    gate: blankToNull(input.gate),
    action: 'sync',
    localId: admission.localId,
    // Clamped to what is possible (a phone's clock may be years off); `now`, the receive time, is stored
    // beside it as the scan row's created_at.
    scannedAt: offlineScanTime({
      scannedAt: admission.scannedAt,
      snapshotAt: admission.snapshotAt,
      eventDate: event?.date,
      receivedAt: now,
    }),
    now: now.toISOString(),
  };
  const code = normalizeScannedCode(admission.qrCode);
  const ticketId = code.ok && event ? verifiedTicketId(code.code, event) : null;
  if (!event || !ticketId || ticketId !== admission.ticketId) {
    if (await insertScan(ctx.db, scanRow(scan, ticketId, 'invalid'))) {
      return { localId: admission.localId, ticketId: admission.ticketId, outcome: 'invalid' };
    }
    return replayedByRace(ctx, input.deviceId, admission, event);
  }

  let decision: Decision;
  try {
    decision = await admit(ctx, scan, event, ticketId);
  } catch (error) {
    if (error instanceof ReplayDetected) return replayedByRace(ctx, input.deviceId, admission, event);
    throw error;
  }
  const base = { localId: admission.localId, ticketId };
  switch (decision.result) {
    case 'admitted':
      return { ...base, outcome: 'admitted', usedAt: scan.scannedAt, scannedBy: { name: checker.name } };
    case 'already_used':
      return { ...base, outcome: 'already_used', ...previousAdmission(decision.state) };
    case 'cancelled':
    case 'not_found':
      return { ...base, outcome: decision.result };
  }
}

/** The answer recorded the first time this device sent this admission (a retry after a lost response). */
async function replayed(
  ctx: AppContext,
  previous: CheckinScansTable,
  admission: OfflineAdmission,
  event: EventRow | undefined,
): Promise<SyncResult> {
  const outcome: SyncOutcome = previous.result === 'verified' ? 'invalid' : previous.result;
  const base = { localId: admission.localId, ticketId: previous.ticket_id ?? admission.ticketId, outcome };
  if ((outcome !== 'admitted' && outcome !== 'already_used') || !previous.ticket_id || !event) return base;
  const state = await findTicketGateState(ctx.db, previous.ticket_id, event.id);
  return { ...base, ...previousAdmission(state) };
}

/** The same admission arrived twice at once (a retry racing the original): the first one's answer wins. */
async function replayedByRace(
  ctx: AppContext,
  deviceId: string,
  admission: OfflineAdmission,
  event: EventRow | undefined,
): Promise<SyncResult> {
  const previous = await findScanByLocalId(ctx.db, deviceId, admission.localId);
  if (!previous) throw new Error(`scan ${deviceId}/${admission.localId} conflicted but cannot be read`);
  return replayed(ctx, previous, admission, event);
}

// ---- the admission itself

type Decision =
  | { result: 'admitted' }
  | { result: 'already_used' | 'cancelled' | 'not_found'; state: TicketGateState | undefined };

/** Thrown inside the admission transaction to roll it back: this device already recorded this admission. */
class ReplayDetected extends Error {}

const ADMIT_ATTEMPTS = 3;

async function admit(
  ctx: AppContext,
  scan: ScanSource,
  event: EventRow,
  ticketId: string,
): Promise<Decision> {
  return transaction(ctx.db, async (trx) => {
    for (let attempt = 1; ; attempt++) {
      const admitted = await admitTicket(trx, {
        ticketId,
        eventId: event.id,
        checkerUserId: scan.checker.id,
        usedAt: scan.scannedAt,
        now: scan.now,
      });
      if (admitted) {
        await recordOnce(trx, scanRow(scan, ticketId, 'admitted'));
        return { result: 'admitted' };
      }
      const state = await findTicketGateState(trx, ticketId, event.id);
      // Active again after the update refused it: staff reset it in between. Rare; simply try again.
      if (state?.status === 'active') {
        if (attempt < ADMIT_ATTEMPTS) continue;
        throw new Error(`ticket ${ticketId} keeps changing during check-in`);
      }
      const result = !state ? 'not_found' : state.status === 'cancelled' ? 'cancelled' : 'already_used';
      await recordOnce(trx, scanRow(scan, ticketId, result));
      return { result, state };
    }
  });
}

async function recordOnce(trx: AppContext['db'], row: CheckinScansTable): Promise<void> {
  if (!(await insertScan(trx, row))) throw new ReplayDetected();
}

// ---- helpers

type ResolvedCode = { ok: true; event: EventRow; ticketId: string } | { ok: false; error: AppError };

/** Trims the scanned text, then trusts nothing in it until the current event's key has verified it. */
async function resolveCode(ctx: AppContext, qrCode: string): Promise<ResolvedCode> {
  const code = normalizeScannedCode(qrCode);
  if (!code.ok) {
    return {
      ok: false,
      error: new AppError('VALIDATION_FAILED', code.error, [{ field: 'qrCode', message: code.error }]),
    };
  }
  const event = await findCurrentEvent(ctx.db);
  const ticketId = event ? verifiedTicketId(code.code, event) : null;
  if (!event || !ticketId)
    return { ok: false, error: new AppError('INVALID_QR', CHECKIN_MESSAGES.invalidQr) };
  return { ok: true, event, ticketId };
}

interface ScanSource {
  checker: UserRow;
  deviceId: string | null;
  gate: string | null;
  action: ScanAction;
  localId: string | null;
  scannedAt: string;
  now: string;
}

function scanSource(ctx: AppContext, checker: UserRow, input: ScanInput, action: ScanAction): ScanSource {
  const now = ctx.now().toISOString();
  return {
    checker,
    deviceId: blankToNull(input.deviceId),
    gate: blankToNull(input.gate),
    action,
    localId: null,
    scannedAt: now,
    now,
  };
}

function scanRow(scan: ScanSource, ticketId: string | null, result: ScanResult): CheckinScansTable {
  return {
    id: randomUUID(),
    ticket_id: ticketId,
    checker_user_id: scan.checker.id,
    device_id: scan.deviceId,
    gate: scan.gate,
    action: scan.action,
    result,
    local_id: scan.localId,
    scanned_at: scan.scannedAt,
    created_at: scan.now,
  };
}

function verifyResult(ticket: TicketView): ScanResult {
  if (ticket.status === 'used') return 'already_used';
  if (ticket.status === 'cancelled') return 'cancelled';
  return 'verified';
}

function previousAdmission(state: TicketGateState | undefined): {
  usedAt: string | null;
  scannedBy: { name: string };
} {
  return {
    usedAt: state?.used_at ?? null,
    scannedBy: { name: state?.scanner_name ?? CHECKIN_MESSAGES.unknownScanner },
  };
}

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function ticketNotFound(): AppError {
  return new AppError('TICKET_NOT_FOUND', CHECKIN_MESSAGES.notFound);
}

/** Routes check this already (requireAction); services check again so no future caller can skip it. */
function assertGate(checker: UserRow): void {
  if (!can(checker, 'checkin:scan')) {
    throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  }
}
