import { apiRequest } from '../../../lib/api-client';
import type { CheckinRequest, CheckinTicketResponse } from './verify-qr';

/**
 * POST /tickets/mark-used: admits the ticket. Of any number of gates sending the same code at once exactly
 * one gets 200; the others get 400 ALREADY_USED with usedAt and scannedBy.
 */
export function markUsed(body: CheckinRequest, signal?: AbortSignal): Promise<CheckinTicketResponse> {
  return apiRequest<CheckinTicketResponse>('/tickets/mark-used', { method: 'POST', body, signal });
}
