import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import * as identity from '../../../lib/identity';
import { forgetVerifiedPayment } from '../../../lib/verified-payment';
import { getMe } from '../api/get-me';
import { googleSignIn } from '../api/google-signin';
import { logout } from '../api/logout';
import type { AuthStatus, BackendUser } from '../types';
import { bannerMessage } from '../utils/sign-in-messages';
import { AuthContext, type AuthContextValue, type SignInSource } from './auth-context';

interface AuthState {
  status: AuthStatus;
  user: BackendUser | null;
  identityUser: identity.IdentityUser | null;
}

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null, identityUser: null };

/** A stored session whose backend user is missing (deleted, or a fresh database) is exchanged again. */
function isMissingUser(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 401);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null, identityUser: null });
  const [error, setError] = useState<string | null>(null);
  const [signingIn, setSigningIn] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const userRef = useRef<BackendUser | null>(null);
  const freshSignIn = useRef(false);
  const sync = useRef<{ uid: string; promise: Promise<BackendUser> } | null>(null);

  const clearUserState = useCallback(() => {
    const hadUser = userRef.current !== null;
    userRef.current = null;
    sync.current = null;
    setState(SIGNED_OUT);
    if (hadUser) queryClient.clear();
  }, [queryClient]);

  /**
   * Makes sure the backend knows the identity user. On a fresh sign-in the token is exchanged
   * (POST /auth/google-signin); on a reload the stored session asks GET /auth/me first.
   */
  const syncBackendUser = useCallback((identityUser: identity.IdentityUser, exchange: boolean) => {
    if (sync.current?.uid === identityUser.uid) return sync.current.promise;
    const promise = (async () => {
      setState({ status: 'initializing', user: null, identityUser });
      let user: BackendUser | null = null;
      if (!exchange) {
        try {
          user = await getMe();
        } catch (failure) {
          if (!isMissingUser(failure)) throw failure;
        }
      }
      if (!user || (user.firebaseUID && user.firebaseUID !== identityUser.uid)) {
        const token = await identity.getIdToken();
        if (!token) throw new identity.IdentityError('failed', 'No identity token');
        user = (await googleSignIn(token)).user;
      }
      userRef.current = user;
      setState({ status: 'signed-in', user, identityUser });
      return user;
    })();
    sync.current = { uid: identityUser.uid, promise };
    promise.catch(() => {
      if (sync.current?.promise === promise) sync.current = null;
    });
    return promise;
  }, []);

  useEffect(
    () =>
      identity.onIdentityChange((identityUser) => {
        if (!identityUser) {
          clearUserState();
          return;
        }
        if (userRef.current?.firebaseUID === identityUser.uid) return;
        const exchange = freshSignIn.current;
        syncBackendUser(identityUser, exchange).catch((failure) => {
          // A fresh sign-in reports its own failure through signIn(); a restored session tells the banner.
          if (exchange) return;
          setState({ status: 'signed-out', user: null, identityUser });
          setError(failure instanceof ApiError ? failure.message : bannerMessage(failure));
        });
      }),
    [clearUserState, syncBackendUser],
  );

  const signIn = useCallback(
    async (source: SignInSource = 'page') => {
      setSigningIn(true);
      freshSignIn.current = true;
      try {
        const result = await identity.signIn();
        return await syncBackendUser(result.user, true);
      } catch (failure) {
        if (!(failure instanceof identity.IdentityError)) {
          // The popup worked but the backend refused or was unreachable: do not leave half a session.
          await identity.signOut().catch(() => undefined);
        }
        if (source !== 'header') setError(bannerMessage(failure));
        throw failure;
      } finally {
        freshSignIn.current = false;
        setSigningIn(false);
      }
    },
    [syncBackendUser],
  );

  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await logout();
      await identity.signOut().catch(() => undefined);
    } finally {
      clearUserState();
      queryClient.clear();
      forgetVerifiedPayment();
      setSigningOut(false);
    }
  }, [clearUserState, queryClient]);

  const refreshUser = useCallback(async () => {
    const user = await getMe();
    if (user) {
      userRef.current = user;
      setState((current) => ({ ...current, status: 'signed-in', user }));
    }
    return user;
  }, []);

  const clearError = useCallback(() => setError(null), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      identityUser: state.identityUser,
      role: state.user?.role ?? null,
      signingIn,
      signingOut,
      error,
      clearError,
      signIn,
      signOut,
      refreshUser,
    }),
    [state, signingIn, signingOut, error, clearError, signIn, signOut, refreshUser],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
