import type { UserResponse } from '@utsav/domain/api/users';
import { api } from '../../../lib/api-client';
import { type BackendUser, keptUser } from '../types';

/**
 * GET /auth/me: the signed-in backend user. Read by its schema's type, not parsed: the auth provider is part
 * of the landing page's first JavaScript, which carries no zod (decision 1108).
 */
export async function getMe(signal?: AbortSignal): Promise<BackendUser> {
  return keptUser((await api.get<UserResponse>('/auth/me', { signal })).user);
}
