import { api } from '../../../lib/api-client';
import { type BackendUser, userFromResponse } from '../types';

export interface GoogleSignInResult {
  user: BackendUser;
  isNewUser: boolean;
}

/** POST /auth/google-signin {idToken}: exchanges the identity token for the backend user. */
export async function googleSignIn(idToken: string): Promise<GoogleSignInResult> {
  const body = await api.post<{ user?: unknown; isNewUser?: boolean }>('/auth/google-signin', { idToken });
  const user = userFromResponse(body);
  if (!user) throw new Error('Sign-in response carried no user');
  return { user, isNewUser: body?.isNewUser === true };
}
