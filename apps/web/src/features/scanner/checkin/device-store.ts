import type { ScanOutcome } from './scan-outcome';

// Small per-device settings and counters in localStorage (synchronous, so the page draws them at once).
// Everything here belongs to the phone, not to the volunteer: a second volunteer taking over the same
// phone keeps the gate's counters and device id.

const DEVICE_KEY = 'utsav.scanner.device';
const STATS_KEY = 'utsav.scanner.stats';

export interface ScannerStats {
  totalScanned: number;
  validEntries: number;
  alreadyUsed: number;
  invalidCodes: number;
  /** Guests this phone recorded going out (re-entry on). */
  exits: number;
  /** Admissions of guests back from a pass; also counted in validEntries. */
  reentries: number;
}

export const EMPTY_STATS: ScannerStats = {
  totalScanned: 0,
  validEntries: 0,
  alreadyUsed: 0,
  invalidCodes: 0,
  exits: 0,
  reentries: 0,
};

export interface DeviceSettings {
  /** Random, made once per device; the server records it with every scan. */
  deviceId: string;
  /** Optional, typed by the volunteer ("Gate A"); recorded with every scan. */
  gate: string;
  /** Beep and vibrate on each result. */
  feedback: boolean;
}

function read<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the value lasts for this page only.
  }
}

export function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function loadDeviceSettings(): DeviceSettings {
  const stored = read<Partial<DeviceSettings>>(DEVICE_KEY);
  const settings: DeviceSettings = {
    deviceId: typeof stored?.deviceId === 'string' && stored.deviceId ? stored.deviceId : randomId(),
    gate: typeof stored?.gate === 'string' ? stored.gate : '',
    feedback: stored?.feedback !== false,
  };
  if (settings.deviceId !== stored?.deviceId) write(DEVICE_KEY, settings);
  return settings;
}

export function saveDeviceSettings(settings: DeviceSettings): void {
  write(DEVICE_KEY, settings);
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;
}

export function loadStats(): ScannerStats {
  const stored = read<Partial<ScannerStats>>(STATS_KEY);
  return {
    totalScanned: count(stored?.totalScanned),
    validEntries: count(stored?.validEntries),
    alreadyUsed: count(stored?.alreadyUsed),
    invalidCodes: count(stored?.invalidCodes),
    exits: count(stored?.exits),
    reentries: count(stored?.reentries),
  };
}

export function saveStats(stats: ScannerStats): void {
  write(STATS_KEY, stats);
}

/** Every scan adds to Total Scanned; a decided scan also adds to its own counter, a re-entry to Re-entries. */
/** An admission taken back at the gate (undo): one valid entry fewer; it was still a scan. */
export function uncountEntry(stats: ScannerStats): ScannerStats {
  return { ...stats, validEntries: Math.max(0, stats.validEntries - 1) };
}

export function countScan(
  stats: ScannerStats,
  outcome: Pick<ScanOutcome, 'counter' | 'reentry'>,
): ScannerStats {
  const next = { ...stats, totalScanned: stats.totalScanned + 1 };
  if (outcome.counter) next[outcome.counter] += 1;
  if (outcome.reentry) next.reentries += 1;
  return next;
}
