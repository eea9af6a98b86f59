import { apiRequest } from '../../../lib/api-client';

export interface SyncAdmission {
  localId: string;
  ticketId: string;
  qrCode: string;
  scannedAt: string;
  snapshotAt?: string;
  direction?: 'in' | 'out';
}

export type { SyncOutcome } from '@utsav/domain/checkin-schema';

import type { SyncOutcome } from '@utsav/domain/checkin-schema';

export interface SyncResult {
  localId: string;
  ticketId: string;
  outcome: SyncOutcome;
  usedAt?: string | null;
  scannedBy?: { name?: string | null } | string | null;
}

export interface SyncResponse {
  success: boolean;
  results: SyncResult[];
  conflicts?: unknown;
}

/** POST /tickets/checkin/sync: hands the server the admissions this device made while offline. */
export function syncCheckins(
  body: { deviceId: string; gate?: string; admissions: SyncAdmission[] },
  signal?: AbortSignal,
): Promise<SyncResponse> {
  return apiRequest<SyncResponse>('/tickets/checkin/sync', { method: 'POST', body, signal });
}
