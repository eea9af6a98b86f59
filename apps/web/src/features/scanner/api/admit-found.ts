import type { GateAdmitRequest } from '@utsav/domain/gate-search';
import { apiRequest } from '../../../lib/api-client';
import type { CheckinTicketResponse } from './verify-qr';

/**
 * POST /tickets/checkin/admit: admits a ticket found by search, by its id. The same rules and answers as
 * mark-used (400 ALREADY_USED with usedAt and scannedBy, …); the server logs it as found by search.
 */
export function admitFound(body: GateAdmitRequest, signal?: AbortSignal): Promise<CheckinTicketResponse> {
  return apiRequest<CheckinTicketResponse>('/tickets/checkin/admit', { method: 'POST', body, signal });
}
