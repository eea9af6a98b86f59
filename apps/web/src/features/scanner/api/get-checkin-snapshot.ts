import type { CheckinSnapshot } from '@utsav/domain/api/checkin';
import { apiRequest } from '../../../lib/api-client';

/** Typed by @utsav/domain/api/checkin's schema; stored as it comes (checkin-db.ts reads older lists too). */
export type CheckinSnapshotResponse = CheckinSnapshot;

/** GET /tickets/checkin/snapshot: what a gate device needs to keep admitting guests offline. */
export function getCheckinSnapshot(signal?: AbortSignal): Promise<CheckinSnapshotResponse> {
  return apiRequest<CheckinSnapshotResponse>('/tickets/checkin/snapshot', { signal });
}
