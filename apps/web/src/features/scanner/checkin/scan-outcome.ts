import { alreadyUsedBodySchema } from '@utsav/domain/api/checkin';
import type { TicketTypeMark } from '@utsav/domain/api/tickets';
import { istDate } from '@utsav/domain/time';
import { ApiError } from '../../../lib/api-client';
import { i18n } from '../../../lib/i18n/i18n';
import { formatDayMonth, formatTimeOfDay } from '../../../ui/format';

// What the gate shows after a scan: the outcomes of docs/product.md#gate-scanner (word for word in English, catalog
// area scanner.outcome in every language), as pure functions so every branch is unit-tested
// (test/unit/scan-outcome.test.ts) and the page only draws the result. The words are taken in the
// language of the moment of the scan: an answer is read once, right then.

/** Titles by what happened; the catalog has them in each language. */
export const SCAN_TITLES = {
  get emptyCode() {
    return i18n.t('scanner.outcome.invalidQrCode');
  },
  get alreadyUsed() {
    return i18n.t('scanner.outcome.alreadyUsed');
  },
  get cancelled() {
    return i18n.t('scanner.outcome.cancelled');
  },
  get transferred() {
    return i18n.t('scanner.outcome.transferred');
  },
  get resold() {
    return i18n.t('scanner.outcome.resold');
  },
  get invalidTicket() {
    return i18n.t('scanner.outcome.invalidTicket');
  },
  get notFound() {
    return i18n.t('scanner.outcome.notFound');
  },
  get invalidFormat() {
    return i18n.t('scanner.outcome.invalidFormat');
  },
  get invalidRequest() {
    return i18n.t('scanner.outcome.invalidRequest');
  },
  get network() {
    return i18n.t('scanner.outcome.network');
  },
  get failed() {
    return i18n.t('scanner.outcome.failed');
  },
};

export function welcomeTitle(name: string): string {
  return i18n.t('scanner.outcome.welcome', { name });
}

function guestWord(): string {
  return i18n.t('scanner.outcome.guest');
}

/** success = green "go", warning = amber "stop, seen before", danger = red "stop", unknown = grey "try again". */
export type ScanTone = 'success' | 'exit' | 'warning' | 'danger' | 'unknown';

/** Which of the four device counters a scan adds to, besides totalScanned. */
export type ScanCounter = 'validEntries' | 'alreadyUsed' | 'invalidCodes' | 'exits' | null;

export interface ScanOutcome {
  tone: ScanTone;
  /** The product's text, verbatim. */
  title: string;
  /** A second line: the previous scan's time and who, the server's message, or why offline said no. */
  detail?: string;
  counter: ScanCounter;
  /** Admitted from the device's own ticket list while the network was down (queued for sync). */
  offline?: boolean;
  /** An admission of a guest who had gone out on a pass (re-entry on): counted apart as well. */
  reentry?: boolean;
  /** The ticket's type, shown large in its colour ("Couple pass · admits 2"), when the server named it. */
  ticketType?: TicketTypeMark;
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
  ticketType?: TicketTypeMark | null;
  /** Set on a cancelled ticket whose resale sold: the gate says "Ticket Resold". */
  resoldAt?: string | null;
}

/**
 * "7:42 PM" / "शाम 7:42" in the event's time zone (the app's clock, ui/format.ts), with the date in front when
 * it was not today (IST).
 */
export function formatScanTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const time = formatTimeOfDay(at);
  if (istDate(at) === istDate(now)) return time;
  return `${formatDayMonth(at)}, ${time}`;
}

/** "Previous scan at 7:42 pm by Asha (Gate A)" — as much as is known. */
export function previousScanDetail(
  usedAt: string | null | undefined,
  scannedBy: string | null | undefined,
  now?: Date,
): string | undefined {
  const time = usedAt ? formatScanTime(usedAt, now) : null;
  if (time && scannedBy) return i18n.t('scanner.outcome.previousScanAtBy', { time, name: scannedBy });
  if (time) return i18n.t('scanner.outcome.previousScanAt', { time });
  if (scannedBy) return i18n.t('scanner.outcome.previousScanBy', { name: scannedBy });
  return undefined;
}

export function emptyCodeOutcome(): ScanOutcome {
  return {
    tone: 'danger',
    title: SCAN_TITLES.emptyCode,
    detail: i18n.t('scanner.outcome.emptyOrMalformed'),
    counter: 'invalidCodes',
  };
}

export function admittedOutcome(
  name: string,
  offline = false,
  reentry = false,
  ticketType?: TicketTypeMark | null,
): ScanOutcome {
  return {
    tone: 'success',
    ...(reentry ? { reentry: true } : {}),
    ...(ticketType ? { ticketType } : {}),
    title: welcomeTitle(name.trim() || guestWord()),
    counter: 'validEntries',
    ...(offline ? { offline: true, detail: i18n.t('scanner.outcome.savedOffline') } : {}),
  };
}

export function alreadyUsedOutcome(
  usedAt: string | null | undefined,
  scannedBy: string | null | undefined,
  now?: Date,
  /** Whose ticket it is, when known: the volunteer can tell the guest in front of them from the one inside. */
  holder?: string | null,
): ScanOutcome {
  const previous = previousScanDetail(usedAt, scannedBy, now);
  const whose = holder?.trim() ? i18n.t('scanner.outcome.whoseTicket', { name: holder.trim() }) : undefined;
  const detail = [whose, previous].filter(Boolean).join('. ') || undefined;
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
    title: i18n.t('scanner.outcome.exited', { name: name.trim() || guestWord() }),
    detail: offline ? i18n.t('scanner.outcome.savedOffline') : i18n.t('scanner.outcome.mayComeBack'),
    counter: 'exits',
    ...(offline ? { offline: true } : {}),
  };
}

export function notInsideOutcome(): ScanOutcome {
  return {
    tone: 'warning',
    title: i18n.t('scanner.outcome.notInside'),
    detail: i18n.t('scanner.outcome.notInsideDetail'),
    counter: null,
  };
}

export function reentryClosedOutcome(): ScanOutcome {
  return {
    tone: 'danger',
    title: i18n.t('scanner.outcome.noReentry'),
    detail: i18n.t('scanner.outcome.noReentryDetail'),
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
    detail: i18n.t('scanner.outcome.transferredDetail'),
    counter: 'invalidCodes',
  };
}

/** The code of a ticket its owner resold at face value: the buyer has a new ticket with a new code. */
export function resoldOutcome(): ScanOutcome {
  return {
    tone: 'danger',
    title: SCAN_TITLES.resold,
    detail: i18n.t('scanner.outcome.resoldDetail'),
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

/** The holder's (else the buyer's) name as the server gave it, or null when it gave none. */
function knownName(ticket: CheckinTicket): string | null {
  return ticket.holderName?.trim() || ticket.user?.name?.trim() || null;
}

/** The name a guest is welcomed with: the ticket's holder, else the buyer. */
export function guestName(ticket: CheckinTicket): string {
  return ticket.holderName?.trim() || ticket.user?.name?.trim() || guestWord();
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
  if (ticket.status === 'used') {
    const outcome = alreadyUsedOutcome(ticket.usedAt, ticket.scannedBy?.name, now, knownName(ticket));
    return ticket.ticketType ? { ...outcome, ticketType: ticket.ticketType } : outcome;
  }
  if (ticket.status === 'cancelled' && ticket.resoldAt) return resoldOutcome();
  if (ticket.status === 'cancelled') return cancelledOutcome();
  if (ticket.status === 'transferred') return transferredOutcome();
  return invalidTicketOutcome();
}

function text(value: string | null | undefined): string | undefined {
  return value ? value : undefined;
}

/** Whether a failure means "no answer from the server" (so the device may decide offline). */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError ? error.status === 0 || error.code === 'NETWORK_ERROR' : false;
}

/** verify-qr or mark-used failed: the product's mapping of status and code to what the gate says. */
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
    return {
      tone: 'unknown',
      title: i18n.t('scanner.outcome.tooManyTyped'),
      detail: error.message,
      counter: null,
    };
  }
  if (error.status === 400) {
    if (error.code === 'ALREADY_USED') {
      // The shared shape of the refusal (an older server sends fewer fields; an unreadable body, none).
      const parsed = alreadyUsedBodySchema.safeParse(error.body);
      const body = parsed.success ? parsed.data : {};
      const usedAt = text(body.usedAt) ?? text(body.ticket?.usedAt);
      const scannedBy = text(body.scannedBy?.name) ?? text(body.ticket?.scannedBy?.name);
      // Admitted between the look and the tap (mark-used lost the race): whose ticket it was.
      return alreadyUsedOutcome(usedAt, scannedBy, now, text(body.ticket?.holderName));
    }
    if (error.code === 'TICKET_CANCELLED') return cancelledOutcome();
    if (error.code === 'TICKET_TRANSFERRED') return transferredOutcome();
    if (error.code === 'TICKET_RESOLD') return resoldOutcome();
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
  return {
    tone: 'unknown',
    title: SCAN_TITLES.failed,
    detail: i18n.t('scanner.outcome.unableToVerify'),
    counter: null,
  };
}
