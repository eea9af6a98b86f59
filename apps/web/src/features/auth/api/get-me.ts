import { api } from '../../../lib/api-client';
import { type BackendUser, userFromResponse } from '../types';

/** GET /auth/me: the signed-in backend user. */
export async function getMe(signal?: AbortSignal): Promise<BackendUser | null> {
  return userFromResponse(await api.get<unknown>('/auth/me', { signal }));
}
