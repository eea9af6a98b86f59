import type { Role } from '@utsav/domain/roles';
import { createContext, useContext } from 'react';
import type { IdentityUser } from '../../../lib/identity';
import type { AuthStatus, BackendUser } from '../types';

export type SignInSource = 'header' | 'page';

export interface AuthContextValue {
  status: AuthStatus;
  user: BackendUser | null;
  identityUser: IdentityUser | null;
  /**
   * Signed in from the user this phone saved at the last confirmed sign-in, because the server could not be
   * reached (offline at the venue); it is asked again when the connection returns.
   */
  unconfirmed: boolean;
  /** The backend role once known; null while signed out or still resolving. */
  role: Role | null;
  signingIn: boolean;
  signingOut: boolean;
  /** Message of the Authentication Error banner (docs/product.md#sign-in), or null. */
  error: string | null;
  clearError: () => void;
  /**
   * Opens the identity popup and exchanges the token with the backend. Rejects with the failure so the
   * button that started it can say what happened; failures started outside the header also feed the banner.
   */
  signIn: (source?: SignInSource) => Promise<BackendUser>;
  signOut: () => Promise<void>;
  refreshUser: () => Promise<BackendUser | null>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
