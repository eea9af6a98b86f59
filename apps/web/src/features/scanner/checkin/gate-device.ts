// Whether this browser is a gate phone that can scan without the network. The dashboard route asks it
// before the sign-in check has finished: with the venue network down that check cannot finish at all,
// and the volunteer must get the scanner (which works from its stored ticket list), not the home page.
// Kept apart from the rest of the scanner so the route's chunk stays small.

const GATE_DEVICE_KEY = 'utsav.scanner.gate-device';

/** Called once the ticket list of `eventId` is stored on this device. */
export function markGateDevice(eventId: string): void {
  try {
    localStorage.setItem(GATE_DEVICE_KEY, JSON.stringify({ eventId, at: new Date().toISOString() }));
  } catch {
    // Storage disabled: this device simply cannot open the scanner offline.
  }
}

export function isGateDevice(): boolean {
  try {
    const raw = localStorage.getItem(GATE_DEVICE_KEY);
    return typeof (raw ? (JSON.parse(raw) as { eventId?: unknown }) : null)?.eventId === 'string';
  } catch {
    return false;
  }
}

/**
 * True when /dashboard/qrchecker should show the scanner although the backend session is not confirmed:
 * this is a gate device, someone is still signed in to the identity provider, and the check is stuck on
 * the network (offline, or the backend did not answer). Signing out clears the identity user, so a signed-out
 * phone still goes to the home page.
 */
export function canOpenGateOffline(
  status: 'loading' | 'initializing' | 'signed-out' | 'signed-in',
  hasIdentityUser: boolean,
): boolean {
  if (status === 'signed-in' || !isGateDevice()) return false;
  if (status === 'signed-out') return hasIdentityUser;
  return typeof navigator !== 'undefined' && !navigator.onLine;
}
