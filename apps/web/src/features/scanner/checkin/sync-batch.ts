import { normalizeTicketCode } from '@utsav/domain/ticket-code';
import type { SyncResult } from '../api/sync-checkins';
import type { SyncConflict } from './checkin-db';
import type { QueuedAdmission } from './offline-check';

// One round of handing the phone's offline admissions to the server: the request for a batch, and what the
// answers settle (taken off the queue) or report (conflicts the gate lead must see).

export function syncRequest(batch: QueuedAdmission[], context: { deviceId: string; gate: string }) {
  const gate = context.gate.trim();
  return {
    deviceId: context.deviceId,
    ...(gate ? { gate } : {}),
    admissions: batch.map(({ localId, ticketId, qrCode, scannedAt, snapshotAt, direction }) => ({
      localId,
      ticketId,
      qrCode,
      scannedAt,
      ...(snapshotAt ? { snapshotAt } : {}),
      ...(direction === 'out' ? { direction } : {}),
    })),
  };
}

/** Admissions the server answered for leave the queue; those it did not admit (or let out) are conflicts. */
export function settleResults(
  batch: QueuedAdmission[],
  results: SyncResult[],
  reportedAt: string,
): { settled: string[]; found: SyncConflict[] } {
  const byLocalId = new Map(batch.map((admission) => [admission.localId, admission]));
  const settled: string[] = [];
  const found: SyncConflict[] = [];
  for (const result of results) {
    const admission = byLocalId.get(result.localId);
    if (!admission) continue;
    settled.push(result.localId);
    if (result.outcome === 'admitted' || result.outcome === 'exited') continue;
    found.push({
      localId: result.localId,
      ticketId: result.ticketId ?? admission.ticketId,
      ticketCode: result.ticketCode ?? normalizeTicketCode(admission.qrCode),
      outcome: result.outcome,
      scannedAt: admission.scannedAt,
      usedAt: result.usedAt ?? null,
      scannedBy: scannedByName(result),
      reportedAt,
    });
  }
  return { settled, found };
}

function scannedByName(result: SyncResult): string | null {
  return result.scannedBy?.name || null;
}
