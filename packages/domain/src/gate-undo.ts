import { gateAdmitRequestSchema } from './gate-search';
import { lazySchema } from './lazy-schema';

// Taking back an admission the gate made by mistake (the volunteer tapped "Admit" on the wrong guest found by a
// typed code or a search). The gate phone offers the undo for GATE_UNDO_OFFER_MS after the admission; the server
// accepts it a little longer, so an undo tapped at the last moment on a slow network still counts. Only the
// volunteer who admitted may take it back, and only while the ticket is still as that admission left it (the
// server's conditional update checks that part).

/** How long the gate shows "Undo" after an admission from a typed code or a search. */
export const GATE_UNDO_OFFER_MS = 10_000;

/** The undo's request in flight: accepted up to this long after the offer ends. */
export const GATE_UNDO_GRACE_MS = 5_000;

/** The admission an undo names: the latest online admission of that ticket. */
export interface GateAdmission {
  /** When the server recorded the admission (ISO-8601). */
  at: string;
  checkerUserId: string;
}

export type GateUndoRefusal = 'NOTHING_TO_UNDO' | 'NOT_YOUR_ADMISSION' | 'UNDO_WINDOW_CLOSED';

/** Why this person cannot take back this admission now, or null when they can. */
export function gateUndoRefusal(
  admission: GateAdmission | null,
  undoerUserId: string,
  now: Date,
): GateUndoRefusal | null {
  if (!admission) return 'NOTHING_TO_UNDO';
  if (admission.checkerUserId !== undoerUserId) return 'NOT_YOUR_ADMISSION';
  const at = Date.parse(admission.at);
  const age = now.getTime() - at;
  // A clock that went backwards (age < 0) is within the window: the admission is as fresh as it gets.
  if (!Number.isFinite(at) || age > GATE_UNDO_OFFER_MS + GATE_UNDO_GRACE_MS) return 'UNDO_WINDOW_CLOSED';
  return null;
}

/**
 * POST /tickets/checkin/undo: the ticket's id (as the admission's answer carried it), the device and the gate —
 * the same fields as an admission from a search.
 */
export const gateUndoRequestSchema = lazySchema(() => gateAdmitRequestSchema);
