import type { scannedTicketResponseSchema } from '@utsav/domain/api/checkin';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export interface CheckinRequest {
  qrCode: string;
  deviceId?: string;
  gate?: string;
}

/**
 * The gate's answers (verify-qr, mark-used, mark-exit, admit), typed by @utsav/domain/api/checkin's schemas but not
 * parsed: at a gate an answer is acted on as it comes, and the scanner's refusals read their details loosely
 * (scan-outcome.ts).
 */
export type CheckinTicketResponse = z.infer<typeof scannedTicketResponseSchema>;

/** POST /tickets/verify-qr: checks the signature and reads the ticket; changes nothing. */
export function verifyQr(body: CheckinRequest, signal?: AbortSignal): Promise<CheckinTicketResponse> {
  return apiRequest<CheckinTicketResponse>('/tickets/verify-qr', { method: 'POST', body, signal });
}
