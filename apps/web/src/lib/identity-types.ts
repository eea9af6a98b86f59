// What every identity provider (development popup or Firebase) offers the app. See docs/contracts.md.

export interface IdentityUser {
  uid: string;
  email: string;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
}

export type IdentityErrorCode = 'popup-closed' | 'popup-blocked' | 'network' | 'too-many-requests' | 'failed';

export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  readonly code: IdentityErrorCode;

  constructor(code: IdentityErrorCode, message: string = code, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}

export interface SignInResult {
  user: IdentityUser;
  idToken: string;
}

export interface IdentityProvider {
  signIn(): Promise<SignInResult>;
  getIdToken(forceRefresh?: boolean): Promise<string | null>;
  signOut(): Promise<void>;
  /** Called once with the current user as soon as it is known, then on every change. */
  onIdentityChange(listener: (user: IdentityUser | null) => void): () => void;
}
