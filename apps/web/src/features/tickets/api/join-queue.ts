import { api } from '../../../lib/api-client';

/** The waiting room's answer (POST /queue/join, GET /queue/me). */
export type QueueStatus =
  | {
      status: 'waiting';
      /** Null before the draw at the opening. */
      position: number | null;
      ahead: number | null;
      etaSeconds: number;
      retryAfterSeconds: number;
      ticketsLeft: number;
      salesOpenAt: string | null;
    }
  | { status: 'admitted'; pass: string; passExpiresAt: string; ticketsLeft: number }
  | { status: 'sold-out'; ticketsLeft: 0 };

/** POST /queue/join: a place in line (the same one again on a reload), or straight in. */
export function joinQueue(): Promise<QueueStatus> {
  return api.post<QueueStatus>('/queue/join');
}
