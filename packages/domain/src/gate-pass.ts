// Who passes a gate, in which direction (re-entry: docs/decisions/0814-reentry-state.md). One rule for the server (which
// explains a refused conditional update with it) and the gate phone (which decides offline with it).
//
// Sold = active + used, everywhere: the dashboard, analytics, the event manager, exports and the live gate
// view all count SOLD_TICKET_STATUSES, never their own list.

export const SOLD_TICKET_STATUSES = ['active', 'used'] as const;

/** Tickets sold from counts by status (any other status — cancelled, transferred — is not sold). */
export function ticketsSold(counts: Partial<Record<string, number>>): number {
  return SOLD_TICKET_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
}

export type PassDirection = 'in' | 'out';

export interface GateTicketState {
  status: string;
  /** Set while the holder is outside after an exit; null when inside or never admitted. */
  exitedAt: string | null;
}

export type PassOutcome =
  | 'admitted'
  | 'exited'
  | 'already_used'
  | 'not_inside'
  | 'reentry_closed'
  | 'cancelled'
  | 'transferred'
  | 'resold';

/** Inside the venue now: admitted and not gone out since. */
export function isInside(ticket: GateTicketState): boolean {
  return ticket.status === 'used' && ticket.exitedAt === null;
}

/**
 * What a gate does with this ticket. In: a fresh ticket enters; a holder who went out enters again once per
 * exit; someone inside is refused (ALREADY_USED). Out: only with re-entry on and only someone inside.
 */
export function decidePass(
  direction: PassDirection,
  ticket: GateTicketState,
  reentryAllowed: boolean,
): PassOutcome {
  if (ticket.status === 'cancelled') return 'cancelled';
  if (ticket.status === 'transferred') return 'transferred';
  if (ticket.status === 'resold') return 'resold';
  if (direction === 'in') {
    if (ticket.status === 'active') return 'admitted';
    if (ticket.exitedAt === null) return 'already_used';
    // Out on a pass, and the organiser has since closed re-entry: not let back in.
    return reentryAllowed ? 'admitted' : 'reentry_closed';
  }
  if (!reentryAllowed) return 'reentry_closed';
  return isInside(ticket) ? 'exited' : 'not_inside';
}

/** Refusal reasons the live gate view counts, in its order; "transferred" stays 0 until transfers exist. */
export const REFUSAL_REASONS = ['already_used', 'cancelled', 'transferred', 'invalid'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** The live view's reason for a logged scan result, or null when the result is not a refusal. */
export function refusalReason(result: string): RefusalReason | null {
  switch (result) {
    case 'already_used':
      return 'already_used';
    case 'cancelled':
    // A resold ticket is counted among the cancelled: its seat went on with a new ticket, as a cancel's does.
    case 'resold':
      return 'cancelled';
    case 'transferred':
      return 'transferred';
    case 'invalid':
    case 'not_found':
      return 'invalid';
    default:
      return null;
  }
}
