import { apiRequest } from '../../../lib/api-client';
import type { CheckinTicket } from '../checkin/scan-outcome';

export interface CheckinRequest {
  qrCode: string;
  deviceId?: string;
  gate?: string;
}

export interface CheckinTicketResponse {
  success: boolean;
  ticket?: CheckinTicket & { eventName?: string };
}

/** POST /tickets/verify-qr: checks the signature and reads the ticket; changes nothing. */
export function verifyQr(body: CheckinRequest, signal?: AbortSignal): Promise<CheckinTicketResponse> {
  return apiRequest<CheckinTicketResponse>('/tickets/verify-qr', { method: 'POST', body, signal });
}
