import { api } from '../../../lib/api-client';
import type { QueueStatus } from './join-queue';

/** GET /queue/me: where the person stands now. 404 NOT_IN_QUEUE once their turn has run out. */
export function getQueueStatus(): Promise<QueueStatus> {
  return api.get<QueueStatus>('/queue/me');
}
