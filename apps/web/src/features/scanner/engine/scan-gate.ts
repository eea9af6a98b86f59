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

export interface HeldCode {
  code: string;
  /** When the decoder last reported this code (accepted or ignored). */
  lastSeenAt: number;
}

/** True while `code` is the code just handled and it has not left the view for `holdMs`. */
export function isHeldCode(
  code: string,
  now: number,
  held: HeldCode | null,
  holdMs: number = SAME_CODE_HOLD_MS,
): boolean {
  return held !== null && held.code === code && now - held.lastSeenAt < holdMs;
}
