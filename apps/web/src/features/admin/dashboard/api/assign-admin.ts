import { api } from '../../../../lib/api-client';

/** POST /auth/assign-admin (no payload). The server grants it only to a fresh install's first admin or an ADMIN_EMAILS address. */
export function assignAdmin(): Promise<unknown> {
  return api.post<unknown>('/auth/assign-admin');
}
