import type { SignInResponse } from '@utsav/domain/api/users';
import { api } from '../../../lib/api-client';
import { type BackendUser, keptUser } from '../types';

export interface GoogleSignInResult {
  user: BackendUser;
  isNewUser: boolean;
}

/**
 * POST /auth/google-signin {idToken}: exchanges the identity token for the backend user. Read by its schema's
 * type, not parsed, like GET /auth/me (see get-me.ts).
 */
export async function googleSignIn(idToken: string): Promise<GoogleSignInResult> {
  const body = await api.post<SignInResponse>('/auth/google-signin', { idToken });
  return { user: keptUser(body.user), isNewUser: body.isNewUser };
}
