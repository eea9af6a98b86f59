import type { GateAdmitRequest } from '@utsav/domain/gate-search';
import { apiRequest } from '../../../lib/api-client';
import type { CheckinTicketResponse } from './verify-qr';

/**
 * POST /tickets/checkin/undo: takes back this volunteer's admission of the ticket a moment ago (the ticket is active
 * again). Refused when too late (409 UNDO_WINDOW_CLOSED), already undone (409 NOTHING_TO_UNDO), changed since
 * (409 TICKET_CHANGED) or admitted by someone else (403).
 */
export function undoAdmission(body: GateAdmitRequest, signal?: AbortSignal): Promise<CheckinTicketResponse> {
  return apiRequest<CheckinTicketResponse>('/tickets/checkin/undo', { method: 'POST', body, signal });
}
