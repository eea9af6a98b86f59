import { istInstant } from './time';

// When an offline admission happened, as the server records it (offline mode, docs/architecture.md#a-scan).
// The time comes from the gate phone's clock, which may be wrong: a phone whose clock reset to 2001 once
// recorded an admission in 2001. So the device's time is kept only within what is possible: not before the
// ticket list the device decided with was made (the server's own `generatedAt`, carried with each queued
// admission, and only when the server recorded that volunteer downloading that list: a device may claim
// any list time), or, for an admission without such a list, not before the event day began in IST; and
// never after the server received it. The server keeps its receive time beside it in the scan log.

export interface OfflineScanClock {
  /** The device's clock at the scan, ISO-8601, as sent. */
  scannedAt: string;
  /** `generatedAt` of the snapshot the device used, when the server recorded the device's volunteer downloading it. */
  snapshotAt?: string | null | undefined;
  /** The event's IST calendar date (YYYY-MM-DD), when there is an event. */
  eventDate?: string | null | undefined;
  /** The server's receive time. */
  receivedAt: Date;
}

/** The earliest an offline admission can honestly have happened, in ms; -Infinity when nothing is known. */
export function earliestOfflineScan(clock: Omit<OfflineScanClock, 'scannedAt'>): number {
  const snapshot = clock.snapshotAt ? Date.parse(clock.snapshotAt) : Number.NaN;
  if (!Number.isNaN(snapshot)) return Math.min(snapshot, clock.receivedAt.getTime());
  if (clock.eventDate) {
    const dayStart = istInstant(clock.eventDate).getTime();
    if (!Number.isNaN(dayStart)) return dayStart;
  }
  return Number.NEGATIVE_INFINITY;
}

/**
 * The time to record, ISO-8601: the device's, clamped to [earliest, receivedAt]. An unreadable time counts as
 * the receive time, so one bad entry never strands a device's queue.
 */
export function offlineScanTime(clock: OfflineScanClock): string {
  const received = clock.receivedAt.getTime();
  const at = Date.parse(clock.scannedAt);
  if (Number.isNaN(at)) return clock.receivedAt.toISOString();
  const clamped = Math.min(received, Math.max(earliestOfflineScan(clock), at));
  return new Date(clamped).toISOString();
}
