import { type QueueStatus, queueStatusSchema } from '@utsav/domain/api/waiting-room';
import { api } from '../../../lib/api-client';

/** POST /queue/join: a place in line (the same one again on a reload), or straight in. */
export async function joinQueue(): Promise<QueueStatus> {
  return queueStatusSchema.parse(await api.post<unknown>('/queue/join'));
}
