import { apiRequest } from '../../../lib/api-client';
import type { CheckinRequest, CheckinTicketResponse } from './verify-qr';

/**
 * POST /tickets/mark-exit: records that an admitted guest went out (re-entry on), so their next scan admits
 * them once more. 409 REENTRY_DISABLED when the event does not allow it, 409 NOT_INSIDE when not inside.
 */
export function markExit(body: CheckinRequest, signal?: AbortSignal): Promise<CheckinTicketResponse> {
  return apiRequest<CheckinTicketResponse>('/tickets/mark-exit', { method: 'POST', body, signal });
}
