import { apiRequest } from '../../../lib/api-client';
import type { SnapshotTicket } from '../checkin/offline-check';

export interface CheckinSnapshotResponse {
  success: boolean;
  eventId: string;
  eventName: string;
  /** The event's Ed25519 public key (base64url): verifies ticket codes without the server. */
  publicKey: string;
  /** Whether guests may go out and come back in (the scanner's Exit mode). */
  reentryAllowed?: boolean;
  /** Key of each ticket's codeDigest (typed codes are checked offline against it). */
  codeKey?: string;
  generatedAt: string;
  tickets: SnapshotTicket[];
}

/** GET /tickets/checkin/snapshot: what a gate device needs to keep admitting guests offline. */
export function getCheckinSnapshot(signal?: AbortSignal): Promise<CheckinSnapshotResponse> {
  return apiRequest<CheckinSnapshotResponse>('/tickets/checkin/snapshot', { signal });
}
