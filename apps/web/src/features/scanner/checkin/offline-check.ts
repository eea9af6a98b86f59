import type { SnapshotTicketType } from '@utsav/domain/api/checkin';
import type { TicketTypeMark } from '@utsav/domain/api/tickets';
import { decidePass, type PassDirection } from '@utsav/domain/gate-pass';
import { verifyTicketToken } from '@utsav/domain/qr-token';
import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import { i18n } from '../../../lib/i18n/i18n';
import {
  admittedOutcome,
  alreadyUsedOutcome,
  cancelledOutcome,
  exitedOutcome,
  invalidTicketOutcome,
  networkOutcome,
  notInsideOutcome,
  reentryClosedOutcome,
  resoldOutcome,
  SCAN_TITLES,
  type ScanOutcome,
  transferredOutcome,
} from './scan-outcome';

// The gate's decision while the server cannot be reached (docs/architecture.md#a-scan, offline):
// the signature proves the code was issued by our server for this event; the downloaded ticket list and
// this device's own queue say whether it was already used. Pure, so every branch is unit-tested.

export interface SnapshotTicket {
  id: string;
  status: 'active' | 'used' | 'cancelled' | 'transferred';
  holderFirstName: string | null;
  usedAt: string | null;
  /** Set while the holder is out on a pass (re-entry). Absent in lists stored before re-entry existed. */
  exitedAt?: string | null;
  /** Keyed hash of the ticket code (meta.codeKey): a typed code is matched against it, offline. */
  codeDigest?: string;
  /** One of meta.ticketTypes; absent in lists stored before types existed. */
  ticketTypeId?: string | null;
  admits?: number;
  /** A cancelled ticket its owner resold; absent in lists stored before resale existed. */
  resold?: boolean;
}

export interface SnapshotMeta {
  eventId: string;
  eventName: string;
  publicKey: string;
  generatedAt: string;
  /** When this device stored it (device clock). */
  downloadedAt: string;
  ticketCount: number;
  reentryAllowed?: boolean;
  /** Key of every ticket's codeDigest in this list. */
  codeKey?: string;
  /** The event's types, named in the language of the download. */
  ticketTypes?: SnapshotTicketType[];
}

/** The type of a listed ticket, as the scanner shows it ("Couple pass · admits 2"), or null when not known. */
export function listedTicketType(
  meta: Pick<SnapshotMeta, 'ticketTypes'> | null,
  ticket: Pick<SnapshotTicket, 'ticketTypeId' | 'admits'> | undefined,
): TicketTypeMark | null {
  const type = ticket?.ticketTypeId
    ? meta?.ticketTypes?.find((t) => t.id === ticket.ticketTypeId)
    : undefined;
  return type ? { ...type, admits: ticket?.admits ?? 1 } : null;
}

export interface QueuedAdmission {
  localId: string;
  ticketId: string;
  qrCode: string;
  /** ISO, device clock. */
  scannedAt: string;
  /** generatedAt of the ticket list this admission was decided with; the server records no earlier time. */
  snapshotAt?: string | undefined;
  holderFirstName: string | null;
  /** 'out' for an exit (re-entry); admissions leave it out. */
  direction?: PassDirection;
}

export type OfflineDecision =
  | { admit: true; outcome: ScanOutcome; ticketId: string; holderFirstName: string | null }
  | { admit: false; outcome: ScanOutcome };

export interface OfflineLookup {
  meta: SnapshotMeta | null;
  ticket(id: string): SnapshotTicket | undefined;
  queued(ticketId: string): QueuedAdmission | undefined;
  /** The ticket this typed (canonical) code belongs to, by its codeDigest under meta.codeKey. */
  withTypedCode?(canonicalCode: string): SnapshotTicket | undefined;
}

export function checkOffline(
  code: string,
  lookup: OfflineLookup,
  now?: Date,
  direction: PassDirection = 'in',
): OfflineDecision {
  const { meta } = lookup;
  if (!meta) {
    return {
      admit: false,
      outcome: networkOutcome(i18n.t('scanner.outcome.noOfflineList')),
    };
  }
  const typed = normalizeTicketCode(code);
  if (typed) {
    // The list holds only keyed hashes of the codes, each bound to its ticket; a code typed in is hashed
    // with each ticket's id in turn (@utsav/domain/ticket-code ticketWithTypedCode).
    const found = meta.codeKey ? lookup.withTypedCode?.(typed) : undefined;
    if (!found) {
      return {
        admit: false,
        outcome: meta.codeKey
          ? { tone: 'danger', title: SCAN_TITLES.notFound, counter: 'invalidCodes' }
          : networkOutcome(i18n.t('scanner.outcome.listTooOld')),
      };
    }
    return decideTicket(found.id, lookup, now, direction);
  }
  let verification: ReturnType<typeof verifyTicketToken>;
  try {
    verification = verifyTicketToken(code, meta.publicKey, meta.eventId);
  } catch {
    // A broken public key in the stored list: refusing everyone quietly would be worse than saying so.
    return {
      admit: false,
      outcome: networkOutcome(i18n.t('scanner.outcome.listDamaged')),
    };
  }
  if (!verification.ok) {
    if (verification.reason === 'malformed') {
      return {
        admit: false,
        outcome: { tone: 'danger', title: SCAN_TITLES.invalidFormat, counter: 'invalidCodes' },
      };
    }
    return {
      admit: false,
      outcome: invalidTicketOutcome(
        verification.reason === 'wrong-event'
          ? i18n.t('scanner.outcome.otherEvent')
          : i18n.t('scanner.outcome.notSigned'),
      ),
    };
  }

  return decideTicket(verification.ticketId, lookup, now, direction);
}

function decideTicket(
  ticketId: string,
  lookup: OfflineLookup,
  now: Date | undefined,
  direction: PassDirection,
): OfflineDecision {
  const reentry = lookup.meta?.reentryAllowed === true;
  const ticket = lookup.ticket(ticketId);
  const holderFirstName = ticket?.holderFirstName ?? null;
  if (direction === 'out' || (ticket?.status === 'used' && ticket.exitedAt)) {
    // The same rule as the server (@utsav/domain/gate-pass), on this phone's copy of the ticket, which
    // learns every pass this phone queues.
    const outcome = decidePass(
      direction,
      { status: ticket?.status ?? 'active', exitedAt: ticket?.exitedAt ?? null },
      reentry,
    );
    if (outcome === 'exited' || outcome === 'admitted') {
      return {
        admit: true,
        ticketId,
        holderFirstName,
        outcome:
          outcome === 'exited'
            ? exitedOutcome(holderFirstName ?? '', true)
            : admittedOutcome(holderFirstName ?? '', true, true),
      };
    }
    if (outcome === 'not_inside') return { admit: false, outcome: notInsideOutcome() };
    if (outcome === 'reentry_closed') return { admit: false, outcome: reentryClosedOutcome() };
    if (outcome === 'cancelled' || outcome === 'transferred')
      return { admit: false, outcome: ticket?.resold ? resoldOutcome() : cancelledOutcome() };
    return { admit: false, outcome: alreadyUsedOutcome(ticket?.usedAt, null, now, ticket?.holderFirstName) };
  }
  const queued = lookup.queued(ticketId);
  if (queued && queued.direction !== 'out') {
    return {
      admit: false,
      outcome: alreadyUsedOutcome(
        queued.scannedAt,
        i18n.t('scanner.outcome.thisDeviceOffline'),
        now,
        queued.holderFirstName,
      ),
    };
  }
  if (ticket?.status === 'used')
    return { admit: false, outcome: alreadyUsedOutcome(ticket.usedAt, null, now, ticket.holderFirstName) };
  if (ticket?.status === 'cancelled')
    return { admit: false, outcome: ticket.resold ? resoldOutcome() : cancelledOutcome() };
  if (ticket?.status === 'transferred') return { admit: false, outcome: transferredOutcome() };
  // A correctly signed code missing from the list was issued after the list was downloaded (the list is
  // refreshed every few minutes while online). The signature proves we sold it, so the guest goes in; the
  // sync reports it if the server disagrees.
  return {
    admit: true,
    ticketId,
    holderFirstName,
    outcome: admittedOutcome(holderFirstName ?? '', true),
  };
}
