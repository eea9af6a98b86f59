import type { SyncResult, syncResponseSchema } from '@utsav/domain/api/checkin';
import type { z } from 'zod';
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
export type { SyncResult };

/** Typed by @utsav/domain/api/checkin's schema, not parsed (an offline batch is settled as it comes). */
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/** POST /tickets/checkin/sync: hands the server the admissions this device made while offline. */
export function syncCheckins(
  body: { deviceId: string; gate?: string; admissions: SyncAdmission[] },
  signal?: AbortSignal,
): Promise<SyncResponse> {
  return apiRequest<SyncResponse>('/tickets/checkin/sync', { method: 'POST', body, signal });
}
