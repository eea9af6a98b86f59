import { EVENT_TIMEZONE } from '@utsav/domain/constants';
import { ApiError } from '../../../lib/api-client';

// What the gate shows after a scan: guest-side §8 "Scanner outcomes", word for word, as pure functions so
// every branch is unit-tested (test/unit/scan-outcome.test.ts) and the page only draws the result.

export const SCAN_TITLES = {
  emptyCode: 'Invalid QR Code',
  alreadyUsed: 'Already Used',
  cancelled: 'Ticket Cancelled',
  transferred: 'Ticket Transferred',
  invalidTicket: 'Invalid Ticket',
  notFound: 'Ticket Not Found',
  invalidFormat: 'Invalid QR Format',
  invalidRequest: 'Invalid Request',
  network: 'Network Error, check your internet connection',
  failed: 'Verification Failed',
} as const;

export const UNABLE_TO_VERIFY = 'Unable to verify ticket';

export function welcomeTitle(name: string): string {
  return `Entry Allowed, Welcome ${name}!`;
}

/** success = green "go", warning = amber "stop, seen before", danger = red "stop", unknown = grey "try again". */
export type ScanTone = 'success' | 'exit' | 'warning' | 'danger' | 'unknown';

/** Which of the four device counters (guest-side §3 scanner stats) a scan adds to, besides totalScanned. */
export type ScanCounter = 'validEntries' | 'alreadyUsed' | 'invalidCodes' | null;

export interface ScanOutcome {
  tone: ScanTone;
  /** The spec's text, verbatim. */
  title: string;
  /** A second line: the previous scan's time and who, the server's message, or why offline said no. */
  detail?: string;
  counter: ScanCounter;
  /** Admitted from the device's own ticket list while the network was down (queued for sync). */
  offline?: boolean;
}

/** The ticket fields of verify-qr / mark-used that decide what the gate says. */
export interface CheckinTicket {
  id: string;
  ticketId?: string;
  status: string;
  holderName?: string | null;
  user?: { name?: string | null } | null;
  usedAt?: string | null;
  /** Set while the holder is out on a pass: scanning them in again is a re-entry, not "Already Used". */
  exitedAt?: string | null;
  scannedBy?: { name?: string | null } | null;
}

/** "7:42 pm" in the event's time zone, with the date in front when it was not today (IST). */
export function formatScanTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const time = new Intl.DateTimeFormat('en-IN', {
    timeZone: EVENT_TIMEZONE,
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
  const day = (instant: Date) =>
    new Intl.DateTimeFormat('en-IN', { timeZone: EVENT_TIMEZONE, day: 'numeric', month: 'short' }).format(
      instant,
    );
  return day(at) === day(now) ? time : `${day(at)}, ${time}`;
}

/** "Previous scan at 7:42 pm by Asha (Gate A)" — as much as is known. */
export function previousScanDetail(
  usedAt: string | null | undefined,
  scannedBy: string | null | undefined,
  now?: Date,
): string | undefined {
  const parts: string[] = [];
  if (usedAt) parts.push(`at ${formatScanTime(usedAt, now)}`);
  if (scannedBy) parts.push(`by ${scannedBy}`);
  return parts.length > 0 ? `Previous scan ${parts.join(' ')}` : undefined;
}

export function emptyCodeOutcome(): ScanOutcome {
  return {
    tone: 'danger',
    title: SCAN_TITLES.emptyCode,
    detail: 'QR code is empty or malformed',
    counter: 'invalidCodes',
  };
}

export function admittedOutcome(name: string, offline = false): ScanOutcome {
  return {
    tone: 'success',
    title: welcomeTitle(name.trim() || 'Guest'),
    counter: 'validEntries',
    ...(offline ? { offline: true, detail: 'Saved on this phone, syncs when back online' } : {}),
  };
}

export function alreadyUsedOutcome(
  usedAt: string | null | undefined,
  scannedBy: string | null | undefined,
  now?: Date,
): ScanOutcome {
  const detail = previousScanDetail(usedAt, scannedBy, now);
  return {
    tone: 'warning',
    title: SCAN_TITLES.alreadyUsed,
    counter: 'alreadyUsed',
    ...(detail ? { detail } : {}),
  };
}

/** An exit through the gate (re-entry on): the guest may come back in once. */
export function exitedOutcome(name: string, offline = false): ScanOutcome {
  return {
    tone: 'exit',
    title: `Exit recorded, see you soon ${name.trim() || 'Guest'}!`,
    detail: offline
      ? 'Saved on this phone, syncs when back online'
      : 'They may come back in once with this ticket',
    counter: null,
    ...(offline ? { offline: true } : {}),
  };
}

export function notInsideOutcome(): ScanOutcome {
  return {
    tone: 'warning',
    title: 'Not Inside',
    detail: 'This ticket has not entered, or is already out',
    counter: null,
  };
}

export function reentryClosedOutcome(): ScanOutcome {
  return {
    tone: 'danger',
    title: 'No Re-entry',
    detail: 'Re-entry is not allowed at this event',
    counter: 'invalidCodes',
  };
}

export function cancelledOutcome(): ScanOutcome {
  return { tone: 'danger', title: SCAN_TITLES.cancelled, counter: 'invalidCodes' };
}

/** The code of a ticket its owner transferred to someone else: the new holder has a new code. */
export function transferredOutcome(): ScanOutcome {
  return {
    tone: 'danger',
    title: SCAN_TITLES.transferred,
    detail: 'This ticket was transferred to someone else, who has a new QR code.',
    counter: 'invalidCodes',
  };
}

export function invalidTicketOutcome(detail?: string): ScanOutcome {
  return {
    tone: 'danger',
    title: SCAN_TITLES.invalidTicket,
    counter: 'invalidCodes',
    ...(detail ? { detail } : {}),
  };
}

export function networkOutcome(detail?: string): ScanOutcome {
  return { tone: 'unknown', title: SCAN_TITLES.network, counter: null, ...(detail ? { detail } : {}) };
}

/** The name a guest is welcomed with: the ticket's holder, else the buyer. */
export function guestName(ticket: CheckinTicket): string {
  return ticket.holderName?.trim() || ticket.user?.name?.trim() || 'Guest';
}

/**
 * verify-qr answered 200. `null` means "active: go on and mark it used"; anything else is the final word.
 */
export function outcomeForVerifiedTicket(
  ticket: CheckinTicket | null | undefined,
  now?: Date,
): ScanOutcome | null {
  if (!ticket || typeof ticket.status !== 'string') return invalidTicketOutcome();
  if (ticket.status === 'active') return null;
  if (ticket.status === 'used' && ticket.exitedAt) return null;
  if (ticket.status === 'used') return alreadyUsedOutcome(ticket.usedAt, ticket.scannedBy?.name, now);
  if (ticket.status === 'cancelled') return cancelledOutcome();
  if (ticket.status === 'transferred') return transferredOutcome();
  return invalidTicketOutcome();
}

interface AlreadyUsedBody {
  usedAt?: unknown;
  scannedBy?: { name?: unknown } | null;
  ticket?: { usedAt?: unknown; scannedBy?: { name?: unknown } | null } | null;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value ? value : undefined;
}

/** Whether a failure means "no answer from the server" (so the device may decide offline). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 || error.code === 'NETWORK_ERROR' : false;
}

/** verify-qr or mark-used failed: the spec's mapping of status and code to what the gate says. */
export function outcomeForError(error: unknown, now?: Date): ScanOutcome {
  if (!(error instanceof ApiError)) return failedOutcome();
  if (isNetworkFailure(error)) return networkOutcome();
  if (error.status === 404) {
    return error.code === 'TICKET_NOT_FOUND'
      ? { tone: 'danger', title: SCAN_TITLES.notFound, counter: 'invalidCodes' }
      : { tone: 'danger', title: SCAN_TITLES.invalidFormat, counter: 'invalidCodes' };
  }
  if (error.status === 409 && error.code === 'NOT_INSIDE') return notInsideOutcome();
  if (error.status === 409 && error.code === 'REENTRY_DISABLED') return reentryClosedOutcome();
  if (error.status === 429) {
    return { tone: 'unknown', title: 'Too Many Typed Codes', detail: error.message, counter: null };
  }
  if (error.status === 400) {
    if (error.code === 'ALREADY_USED') {
      const body = (
        typeof error.body === 'object' && error.body !== null ? error.body : {}
      ) as AlreadyUsedBody;
      const usedAt = text(body.usedAt) ?? text(body.ticket?.usedAt);
      const scannedBy = text(body.scannedBy?.name) ?? text(body.ticket?.scannedBy?.name);
      return alreadyUsedOutcome(usedAt, scannedBy, now);
    }
    if (error.code === 'TICKET_CANCELLED') return cancelledOutcome();
    if (error.code === 'TICKET_TRANSFERRED') return transferredOutcome();
    return {
      tone: 'danger',
      title: SCAN_TITLES.invalidRequest,
      detail: error.message,
      counter: 'invalidCodes',
    };
  }
  return failedOutcome();
}

export function failedOutcome(): ScanOutcome {
  return { tone: 'unknown', title: SCAN_TITLES.failed, detail: UNABLE_TO_VERIFY, counter: null };
}
