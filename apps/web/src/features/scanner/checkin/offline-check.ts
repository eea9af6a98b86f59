import { verifyTicketToken } from '@utsav/domain/qr-token';
import {
  admittedOutcome,
  alreadyUsedOutcome,
  cancelledOutcome,
  invalidTicketOutcome,
  networkOutcome,
  SCAN_TITLES,
  type ScanOutcome,
} from './scan-outcome';

// The gate's decision while the server cannot be reached (ARCHITECTURE.md "Check-in", offline mode):
// the signature proves the code was issued by our server for this event; the downloaded ticket list and
// this device's own queue say whether it was already used. Pure, so every branch is unit-tested.

export interface SnapshotTicket {
  id: string;
  status: 'active' | 'used' | 'cancelled';
  holderFirstName: string | null;
  usedAt: string | null;
}

export interface SnapshotMeta {
  eventId: string;
  eventName: string;
  publicKey: string;
  generatedAt: string;
  /** When this device stored it (device clock). */
  downloadedAt: string;
  ticketCount: number;
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
}

export type OfflineDecision =
  | { admit: true; outcome: ScanOutcome; ticketId: string; holderFirstName: string | null }
  | { admit: false; outcome: ScanOutcome };

export interface OfflineLookup {
  meta: SnapshotMeta | null;
  ticket(id: string): SnapshotTicket | undefined;
  queued(ticketId: string): QueuedAdmission | undefined;
}

export function checkOffline(code: string, lookup: OfflineLookup, now?: Date): OfflineDecision {
  const { meta } = lookup;
  if (!meta) {
    return {
      admit: false,
      outcome: networkOutcome('No offline ticket list on this device yet: connect once to download it'),
    };
  }
  let verification: ReturnType<typeof verifyTicketToken>;
  try {
    verification = verifyTicketToken(code, meta.publicKey, meta.eventId);
  } catch {
    // A broken public key in the stored list: refusing everyone quietly would be worse than saying so.
    return {
      admit: false,
      outcome: networkOutcome('The offline ticket list is damaged: connect to refresh it'),
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
          ? 'This code is for another event'
          : 'The code is not signed by Utsav',
      ),
    };
  }

  const { ticketId } = verification;
  const queued = lookup.queued(ticketId);
  if (queued) {
    return { admit: false, outcome: alreadyUsedOutcome(queued.scannedAt, 'this device (offline)', now) };
  }
  const ticket = lookup.ticket(ticketId);
  if (ticket?.status === 'used')
    return { admit: false, outcome: alreadyUsedOutcome(ticket.usedAt, null, now) };
  if (ticket?.status === 'cancelled') return { admit: false, outcome: cancelledOutcome() };
  // A correctly signed code missing from the list was issued after the list was downloaded (the list is
  // refreshed every few minutes while online). The signature proves we sold it, so the guest goes in; the
  // sync reports it if the server disagrees.
  const holderFirstName = ticket?.holderFirstName ?? null;
  return {
    admit: true,
    ticketId,
    holderFirstName,
    outcome: admittedOutcome(holderFirstName ?? 'Guest', true),
  };
}
