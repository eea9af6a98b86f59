import type { HeartbeatRequest } from '@utsav/domain/checkin-schema';
import { apiRequest } from '../../../lib/api-client';

/** POST /tickets/checkin/heartbeat: this phone is alive, at this gate, with this many scans waiting to sync. */
export function sendHeartbeat(body: HeartbeatRequest, signal?: AbortSignal): Promise<unknown> {
  return apiRequest('/tickets/checkin/heartbeat', { method: 'POST', body, signal });
}
