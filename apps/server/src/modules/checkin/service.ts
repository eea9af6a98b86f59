import type { HeartbeatRequest } from '@utsav/domain/checkin-schema';
import { isInside, type PassDirection } from '@utsav/domain/gate-pass';
import { normalizeScannedCode } from '@utsav/domain/qr-token';
import { can } from '@utsav/domain/roles';
import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import { shownTicketStatus } from '@utsav/domain/ticket-status';
import type { AppContext } from '../../platform/context';
import type { EventRow, ScanAction, ScanMethod, ScanResult, UserRow } from '../../platform/db/schema';
import { AppError } from '../../platform/errors';
import { findCurrentEvent } from '../../stores/events';
import { findEventTypes, type StoredType } from '../../stores/ticket-types';
import { findTicketView, type TicketView } from '../../stores/tickets';
import { currentEvent } from '../event/current-event';
import { eventWithKeys } from '../tickets/ticket-signing';
import {
  AlreadyUsedError,
  type PreviousScan,
  refusedTicket,
  TicketCancelledError,
  TicketResoldError,
  TicketTransferredError,
} from './errors';
import { admitOnPostgres, verifyOnPostgres } from './gate-on-postgres';
import { admitOnSqlite, verifyOnSqlite } from './gate-on-sqlite';
import { type PassDecision, passGate, reentryAllowed, type ScanSource, scanRow } from './pass';
import { authenticTicketId, type StoredToken } from './qr-verifier';
import {
  findSnapshotTickets,
  findTicketIdByCode,
  findTicketToken,
  type SnapshotTicketRow,
  type TicketGateState,
  touchDevice,
} from './repo';
import { insertScan, logScan } from './scan-log-repo';
import { recordSnapshotDownload } from './snapshot-downloads';
import { countTypedCode } from './typed-codes';

// Gate check-in (docs/architecture.md#a-scan). A ticket admits exactly once — or, with re-entry on, once per
// exit: every pass, online or synced from an offline device, goes through the conditional updates in
// repo.ts, and the scan it produced is logged in the same transaction (pass.ts). Refusals are logged too
// (who, when, device, gate, result, how the ticket was found), so the organiser can answer "who let this
// person in, and when" after the night. The sync of offline scans is in sync.ts.

export interface ScanInput {
  qrCode: string;
  deviceId?: string | null | undefined;
  gate?: string | null | undefined;
}

export interface CheckinSnapshot {
  event: EventRow;
  generatedAt: string;
  tickets: SnapshotTicketRow[];
  types: StoredType[];
}

export const CHECKIN_MESSAGES = {
  admitted: 'Entry Allowed',
  exited: 'Exit recorded',
  invalidQr: 'Invalid QR code',
  notFound: 'Ticket not found',
  cancelled: 'Ticket has been cancelled',
  transferred: 'This ticket was transferred to someone else',
  resold: 'Ticket Resold: its owner resold it, and the buyer has a new ticket',
  reentryClosed: 'Re-entry is not allowed at this event: a guest who leaves cannot come back in.',
  notInside: 'This ticket is not inside: it has not been admitted, or it has already gone out.',
  /** A scanner whose account row is gone (deleted user) still shows who scanned, as far as we know. */
  unknownScanner: 'Unknown',
} as const;

/** verify-qr: checks the code and reads the ticket; changes nothing but the scan log. */
export async function verifyQr(ctx: AppContext, checker: UserRow, input: ScanInput): Promise<TicketView> {
  assertGate(checker);
  const lookOf = () => scanSource(ctx, checker, input, 'verify', 'in', 'scan');
  const onFile =
    (await verifyOnSqlite(ctx, input.qrCode, lookOf, verifyResult)) ??
    (await verifyOnPostgres(ctx, input.qrCode, lookOf));
  if (onFile) return onFile;
  // The ticket is read anyway: the token stored in that read authenticates the code (one read, not two).
  let read: TicketView | undefined;
  const target = await resolveCode(ctx, checker, input.qrCode, async (ticketId, eventId) => {
    read = await findTicketView(ctx.db, ticketId);
    return read?.id === ticketId && read.event_id === eventId ? read.qr_token : undefined;
  });
  const scan = scanSource(ctx, checker, input, 'verify', 'in', target.method);
  if (!target.ok) {
    await insertScan(ctx.db, scanRow(scan, null, 'invalid'));
    throw target.error;
  }
  const ticket = read?.id === target.ticketId ? read : await findTicketView(ctx.db, target.ticketId);
  const found =
    ticket && ticket.id === target.ticketId && ticket.event_id === target.event.id ? ticket : undefined;
  await logScan(ctx.db, scanRow(scan, target.ticketId, found ? verifyResult(found) : 'not_found'));
  if (!found) throw ticketNotFound();
  return found;
}

/** mark-used: admits the ticket, or says exactly why not (already inside: since when and by whom). */
export async function markUsed(ctx: AppContext, checker: UserRow, input: ScanInput): Promise<TicketView> {
  return pass(ctx, checker, input, 'in');
}

/** mark-exit: records that an admitted guest went out (re-entry on), so their next scan admits them again. */
export async function markExit(ctx: AppContext, checker: UserRow, input: ScanInput): Promise<TicketView> {
  assertGate(checker);
  const event = await findCurrentEvent(ctx.db);
  if (event && !reentryAllowed(event)) throw new AppError('REENTRY_DISABLED', CHECKIN_MESSAGES.reentryClosed);
  return pass(ctx, checker, input, 'out');
}

async function pass(
  ctx: AppContext,
  checker: UserRow,
  input: ScanInput,
  direction: PassDirection,
): Promise<TicketView> {
  assertGate(checker);
  if (direction === 'in') {
    const entryOf = () => scanSource(ctx, checker, input, 'mark', 'in', 'scan');
    const onFile =
      (await admitOnSqlite(ctx, input.qrCode, entryOf)) ??
      (await admitOnPostgres(ctx, input.qrCode, entryOf));
    if (onFile?.admitted) return onFile.ticket;
    // Refused by the update just now: the general transaction tries it once more and explains the refusal.
    if (onFile) return settlePass(ctx, onFile.scan, onFile.event, onFile.ticketId, false);
  }
  const target = await resolveCode(ctx, checker, input.qrCode);
  const scan = scanSource(
    ctx,
    checker,
    input,
    direction === 'in' ? 'mark' : 'exit',
    direction,
    target.method,
  );
  if (!target.ok) {
    await insertScan(ctx.db, scanRow(scan, null, 'invalid'));
    throw target.error;
  }
  return settlePass(ctx, scan, target.event, target.ticketId, true);
}

async function settlePass(
  ctx: AppContext,
  scan: ScanSource,
  event: EventRow,
  ticketId: string,
  oneStepFirst: boolean,
): Promise<TicketView> {
  const decision = await passGate(ctx, scan, event, ticketId, oneStepFirst);
  if (!('state' in decision)) {
    const ticket = await findTicketView(ctx.db, ticketId);
    if (!ticket) throw new Error(`ticket ${ticketId} vanished at the gate`);
    return ticket;
  }
  throw refusal(decision);
}

/**
 * The error a refused pass answers with (the same codes the product names for mark-used); a ticket that exists
 * but cannot enter carries its gate history (docs/product.md#gate-scanner).
 */
export function refusal(decision: Exclude<PassDecision, { result: 'admitted' | 'exited' }>): AppError {
  const state = decision.state;
  const scannedBy = state?.scanner_name ? { name: state.scanner_name } : null;
  switch (decision.result) {
    case 'already_used': {
      // passGate reports these results only with the row it read.
      if (!state) throw new Error('ticket refused as already used without its row');
      const previous = previousAdmission(state);
      return new AlreadyUsedError(previous, refusedTicket(state, previous.scannedBy));
    }
    case 'resold':
      // Its owner resold it: the buyer holds a new ticket with a new code (migration 0045 resold_at).
      if (!state) throw new Error('ticket refused as resold without its row');
      return new TicketResoldError(CHECKIN_MESSAGES.resold, refusedTicket(state, scannedBy));
    case 'cancelled':
      if (!state) throw new Error('ticket refused as cancelled without its row');
      return new TicketCancelledError(CHECKIN_MESSAGES.cancelled, refusedTicket(state, scannedBy));
    case 'transferred':
      // The new holder has a new code: the gate says "Ticket Transferred" (TICKET_TRANSFERRED), not cancelled.
      if (!state) throw new Error('ticket refused as transferred without its row');
      return new TicketTransferredError(CHECKIN_MESSAGES.transferred, refusedTicket(state, scannedBy));
    case 'reentry_closed':
      return new AppError('REENTRY_DISABLED', CHECKIN_MESSAGES.reentryClosed);
    case 'not_inside':
      return new AppError('NOT_INSIDE', CHECKIN_MESSAGES.notInside);
    case 'not_found':
      return ticketNotFound();
  }
}

/**
 * What a gate device downloads before the network goes: the event's public key (to check signatures
 * offline), whether re-entry is on, and every ticket's id, status, holder's first name, whether the holder
 * is out on a pass, and a keyed hash of its code (presenter.ts). Nothing more personal leaves the server.
 */
export async function checkinSnapshot(ctx: AppContext, checker: UserRow): Promise<CheckinSnapshot> {
  assertGate(checker);
  // Taken before the read: the device may trust the list to be at least this fresh.
  const generatedAt = ctx.now().toISOString();
  const current = await findCurrentEvent(ctx.db);
  if (!current) throw new AppError('EVENT_NOT_FOUND', 'Event not found');
  const event = current.qr_public_key ? current : await eventWithKeys(ctx, current.id);
  // The sync trusts a list's time only when it is recorded here (snapshot-downloads.ts).
  await recordSnapshotDownload(ctx.db, { checkerUserId: checker.id, eventId: event.id, generatedAt });
  const [tickets, types] = await Promise.all([
    findSnapshotTickets(ctx.db, event.id),
    findEventTypes(ctx.db, event.id),
  ]);
  return { event, generatedAt, tickets, types };
}

/** A gate phone's heartbeat: alive, at which gate, with how many offline scans still to sync. */
export async function recordHeartbeat(
  ctx: AppContext,
  checker: UserRow,
  input: HeartbeatRequest,
): Promise<void> {
  assertGate(checker);
  await touchDevice(ctx.db, {
    device_id: input.deviceId,
    gate: blankToNull(input.gate),
    checker_user_id: checker.id,
    queued: input.queued,
    last_seen_at: ctx.now().toISOString(),
  });
}

// ---- helpers

type ResolvedCode = { method: ScanMethod } & (
  | { ok: true; event: EventRow; ticketId: string }
  | { ok: false; error: AppError }
);

/**
 * A scanned QR token or a typed ticket code (UT-XXXXXXXXXX, forgiving about case, dashes and O/0). Nothing
 * in a token is trusted until the current event's key has verified it; a typed code is looked up, and
 * counted against the checker's typed-code allowance first.
 */
export async function resolveCode(
  ctx: AppContext,
  checker: UserRow,
  qrCode: string,
  storedToken: StoredToken = (ticketId, eventId) => findTicketToken(ctx.db, ticketId, eventId),
): Promise<ResolvedCode> {
  const code = normalizeScannedCode(qrCode);
  if (!code.ok) {
    return {
      ok: false,
      method: 'scan',
      error: new AppError('VALIDATION_FAILED', code.error, [{ field: 'qrCode', message: code.error }]),
    };
  }
  const typed = normalizeTicketCode(code.code);
  if (typed) countTypedCode(ctx, checker.id);
  const method: ScanMethod = typed ? 'typed' : 'scan';
  // The id and public key only, which never change once set: the per-instance copy will do.
  const event = await currentEvent(ctx);
  const ticketId = !event
    ? null
    : typed
      ? ((await findTicketIdByCode(ctx.db, typed, event.id)) ?? null)
      : await authenticTicketId(code.code, event, storedToken);
  if (!event || !ticketId) {
    const error = typed
      ? new AppError('TICKET_NOT_FOUND', 'No ticket has this code')
      : new AppError('INVALID_QR', CHECKIN_MESSAGES.invalidQr);
    return { ok: false, method, error };
  }
  return { ok: true, method, event, ticketId };
}

export function scanSource(
  ctx: AppContext,
  checker: UserRow,
  input: Pick<ScanInput, 'deviceId' | 'gate'>,
  action: ScanAction,
  direction: PassDirection,
  method: ScanMethod,
): ScanSource {
  const now = ctx.now().toISOString();
  return {
    checker,
    deviceId: blankToNull(input.deviceId),
    gate: blankToNull(input.gate),
    action,
    direction,
    method,
    localId: null,
    scannedAt: now,
    now,
  };
}

/**
 * What a look logs, so the Gates panel counts each refusal under its own reason (a transfer is not a cancel).
 * Someone inside now (used, not out on a pass: @utsav/domain/gate-pass isInside) is 'already_used'. PostgreSQL's
 * fast path decides the same in SQL (ticket-json-on-postgres.ts verifyResultSql), as does the live view's count
 * of who is inside (live-repo.ts ticketFigures).
 */
function verifyResult(ticket: TicketView): ScanResult {
  const shown = shownTicketStatus({ status: ticket.status, transferredAt: ticket.transferred_at });
  if (shown === 'transferred') return 'transferred';
  if (isInside({ status: ticket.status, exitedAt: ticket.exited_at ?? null })) return 'already_used';
  if (ticket.resold_at) return 'resold';
  if (shown === 'cancelled') return 'cancelled';
  return 'verified';
}

export function previousAdmission(state: TicketGateState | undefined): PreviousScan {
  return {
    usedAt: state?.used_at ?? null,
    scannedBy: { name: state?.scanner_name ?? CHECKIN_MESSAGES.unknownScanner },
    insideSince: state?.last_entry_at ?? state?.used_at ?? null,
  };
}

export function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function ticketNotFound(): AppError {
  return new AppError('TICKET_NOT_FOUND', CHECKIN_MESSAGES.notFound);
}

/** Routes check this already (requireAction); services check again so no future caller can skip it. */
export function assertGate(checker: UserRow): void {
  if (!can(checker, 'checkin:scan')) {
    throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
  }
}
