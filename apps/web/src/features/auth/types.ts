import type { User } from '@utsav/domain/api/users';

/**
 * What the app keeps of the signed-in person's account (GET /auth/me's user), and saves on the phone for a
 * session the server cannot confirm yet.
 */
export type BackendUser = Pick<
  User,
  'id' | 'firebaseUID' | 'email' | 'name' | 'photoURL' | 'role' | 'createdAt'
>;

export type AuthStatus = 'loading' | 'initializing' | 'signed-out' | 'signed-in';

/** The part of an account answer the app keeps. */
export function keptUser({ id, firebaseUID, email, name, photoURL, role, createdAt }: User): BackendUser {
  return { id, firebaseUID, email, name, photoURL, role, createdAt };
}
