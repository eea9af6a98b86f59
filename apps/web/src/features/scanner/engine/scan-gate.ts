import { SCANNER_DEBOUNCE_MS } from '@utsav/domain/constants';

/**
 * Scans closer than SCANNER_DEBOUNCE_MS apart (docs/product.md#gate-scanner), or while one is being processed, are
 * ignored. The decoder reports the same code on every frame it sees it, so without this one QR held
 * in front of the camera would become a burst of check-in calls.
 */
export function shouldAcceptScan(now: number, lastAcceptedAt: number | null, processing: boolean): boolean {
  if (processing) return false;
  return lastAcceptedAt === null || now - lastAcceptedAt >= SCANNER_DEBOUNCE_MS;
}

/**
 * How long the code that was just handled must stay out of view before it counts as a new scan.
 * The scanner restarts ~1.5 s after a scan while the guest is often still holding up their phone; without
 * this hold the gate would answer 'Entry Allowed' and then, a moment later, 'Already Used' for the same
 * guest. Re-scanning one ticket on purpose still works: move away for a moment and come back.
 */
export const SAME_CODE_HOLD_MS = 2000;
/** Looks in a row without the code, since it was last seen, before it may count as gone: one missed frame is noise. */
export const SAME_CODE_MISSES = 2;

export interface HeldCode {
  code: string;
  /** When the decoder last reported this code (accepted or ignored). */
  lastSeenAt: number;
  /** Decode attempts since then that looked at a frame and did not see it. */
  misses: number;
}

/**
 * True while `code` is the code just handled and it has not left the view for `holdMs` (0: no hold). Left the
 * view means the decoder looked and did not see it, for the hold: time alone is not enough, since a slow phone
 * may take longer than the hold between two looks at a code that never moved.
 */
export function isHeldCode(
  code: string,
  now: number,
  held: HeldCode | null,
  holdMs: number = SAME_CODE_HOLD_MS,
): boolean {
  if (held === null || held.code !== code || holdMs <= 0) return false;
  return now - held.lastSeenAt < holdMs || held.misses < SAME_CODE_MISSES;
}
