import type { TicketStatusValue } from './admin-tickets-schema';

// What an admin's change of one ticket's status means, and when it can still be taken back (issue 13 §5:
// Ticket Management confirms a row's status change and offers an undo). Server and web share these rules.

/** The reason written on a ticket an admin cancels from Ticket Management (shown translated there). */
export const ADMIN_CANCELLATION_REASON = 'Cancelled by an administrator';

/** How long after a single status change its undo is accepted. */
export const STATUS_UNDO_WINDOW_MS = 10 * 60 * 1000;

/**
 * The consequence an admin must see before confirming: a cancelled ticket frees its seat; re-activating a
 * cancelled one takes a seat back (refused when sold out); used -> active clears the admission so the
 * guest can be scanned again; active -> used records an admission now.
 */
export type StatusChangeEffect = 'releasesSeat' | 'takesSeat' | 'clearsAdmission' | 'recordsAdmission';

export function statusChangeEffect(
  from: TicketStatusValue,
  to: TicketStatusValue,
): StatusChangeEffect | null {
  if (from === to) return null;
  if (to === 'cancelled') return 'releasesSeat';
  if (from === 'cancelled') return 'takesSeat';
  return to === 'active' ? 'clearsAdmission' : 'recordsAdmission';
}

export type StatusUndoRefusal = 'UNDO_WINDOW_CLOSED' | 'TICKET_CHANGED';

/**
 * Why a status change can no longer be undone, or null when it can. `change.at` is when it was made; the
 * ticket must still be exactly as that change left it (same status, not touched since: a gate scan, an
 * exit, another admin's change or an earlier undo all move `updatedAt`).
 */
export function statusUndoRefusal(
  change: { at: string; to: TicketStatusValue },
  ticket: { status: TicketStatusValue; updatedAt: string },
  now: Date,
): StatusUndoRefusal | null {
  const at = Date.parse(change.at);
  if (!Number.isFinite(at) || now.getTime() - at > STATUS_UNDO_WINDOW_MS) return 'UNDO_WINDOW_CLOSED';
  if (ticket.status !== change.to || ticket.updatedAt !== change.at) return 'TICKET_CHANGED';
  return null;
}
