import { claimedTicketIds, normalizeScannedCode } from '@utsav/domain/qr-token';
import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import type { AppContext } from '../../platform/context';
import type { EventRow } from '../../platform/db/schema';
import type { TicketView } from '../../stores/tickets';
import { currentEvent } from '../event/current-event';
import type { ScanSource } from './pass';

// What the gate's fast paths (gate-on-sqlite.ts, gate-on-postgres.ts) share: the ticket a scanned token claims,
// and what an admission there comes to.

/** A scanned code that names a ticket of the current event, before it is authenticated. */
export interface Claim {
  code: string;
  event: EventRow;
  ticketId: string;
}

/**
 * The ticket a token claims, when a fast path applies: a token (not a typed code), an event with its key, the
 * token's event. Its ids are only where to look: the code is trusted once it equals the stored token.
 */
export async function claimOf(ctx: AppContext, qrCode: string): Promise<Claim | undefined> {
  const scanned = normalizeScannedCode(qrCode);
  // A typed code is counted against the checker's allowance and looked up by the general path.
  if (!scanned.ok || normalizeTicketCode(scanned.code) !== null) return undefined;
  const claimed = claimedTicketIds(scanned.code);
  if (!claimed) return undefined;
  const event = await currentEvent(ctx);
  if (!event?.qr_public_key || claimed.eventId !== event.id) return undefined;
  return { code: scanned.code, event, ticketId: claimed.ticketId };
}

/** A fast path's mark-used of an authentic stored token. */
export type FastAdmission =
  | { admitted: true; ticket: TicketView }
  /** Authentic, but the conditional update refused: the caller explains why (and logs it) in its own transaction. */
  | { admitted: false; event: EventRow; ticketId: string; scan: ScanSource };
