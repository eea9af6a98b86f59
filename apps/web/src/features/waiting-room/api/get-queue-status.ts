import { type QueueStatus, queueStatusSchema } from '@utsav/domain/api/waiting-room';
import { api } from '../../../lib/api-client';

/** GET /queue/me: where the person stands now. 404 NOT_IN_QUEUE once their turn has run out. */
export async function getQueueStatus(): Promise<QueueStatus> {
  return queueStatusSchema.parse(await api.get<unknown>('/queue/me'));
}
