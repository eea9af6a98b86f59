import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import * as identity from '../../../lib/identity';
import {
  forgetEveryone,
  loadPersonal,
  savePersonal,
  setCurrentPerson,
} from '../../../lib/offline/person-store';
import { isUnreachable, settlesWithin } from '../../../lib/offline/saved-view';
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
  /** Signed in from the user saved on this phone because the server could not be reached. */
  unconfirmed: boolean;
}

const SIGNED_OUT: AuthState = { status: 'signed-out', user: null, identityUser: null, unconfirmed: false };
/** How often an unconfirmed session asks the server again while the browser believes it is online. */
const CONFIRM_EVERY_MS = 15_000;

/** How long a reload waits for the session check before showing the person saved on this phone. */
const SAVED_AFTER_MS = 800;

function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/** The backend user this phone saved for `uid` at the last confirmed sign-in, if any. */
async function savedUser(uid: string): Promise<BackendUser | null> {
  try {
    return (await loadPersonal<BackendUser>(uid, 'user'))?.value ?? null;
  } catch {
    return null;
  }
}

/**
 * The backend user of `identityUser`: GET /auth/me, else the token exchange (always on a fresh sign-in;
 * on a reload when the backend no longer knows the stored session, or it belongs to someone else).
 */
async function confirmBackendUser(
  identityUser: identity.IdentityUser,
  exchange: boolean,
): Promise<BackendUser> {
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
  return user;
}

function rememberUser(uid: string, user: BackendUser): void {
  setCurrentPerson(uid);
  savePersonal(uid, 'user', user).catch(() => undefined);
}

/** A stored session whose backend user is missing (deleted, or a fresh database) is exchanged again. */
function isMissingUser(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 401);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({
    status: 'loading',
    user: null,
    identityUser: null,
    unconfirmed: false,
  });
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
    // Nobody is signed in on this phone any more: nothing of anyone may stay for offline use.
    forgetEveryone().catch(() => undefined);
    if (hadUser) queryClient.clear();
  }, [queryClient]);

  /**
   * Makes sure the backend knows the identity user. On a fresh sign-in the token is exchanged
   * (POST /auth/google-signin); on a reload the stored session asks GET /auth/me first.
   */
  const syncBackendUser = useCallback(
    (identityUser: identity.IdentityUser, exchange: boolean) => {
      if (sync.current?.uid === identityUser.uid) return sync.current.promise;
      // A session restored from the phone (no exchange) is shown as a transition: every page reads it, so its
      // render is the whole page, which React then renders in slices while the page starts instead of in one
      // long task. A fresh sign-in, the answer to a tap, is shown at once.
      const show = (next: AuthState) => (exchange ? setState(next) : startTransition(() => setState(next)));
      const promise = (async () => {
        show({ status: 'initializing', user: null, identityUser, unconfirmed: false });
        // Offline at the venue the server cannot confirm the session; the person saved on this phone at
        // their last confirmed sign-in stays signed in (their tickets are saved too) until it can.
        const saved = exchange ? null : await savedUser(identityUser.uid);
        const keepSaved = (backendUser: BackendUser) => {
          setCurrentPerson(identityUser.uid);
          userRef.current = backendUser;
          show({ status: 'signed-in', user: backendUser, identityUser, unconfirmed: true });
          return backendUser;
        };
        if (saved && browserOffline()) return keepSaved(saved);
        const confirming = confirmBackendUser(identityUser, exchange);
        if (saved) {
          // Not after /auth/me's retries (~7 s on a bad signal the browser thinks is online): when it has not
          // answered within a moment, the saved person (the one this phone's identity session names) is shown,
          // marked unconfirmed until it answers. A quick answer is waited for, so a good network shows no banner.
          if (!(await settlesWithin(confirming, SAVED_AFTER_MS))) keepSaved(saved);
        }
        let user: BackendUser;
        try {
          user = await confirming;
        } catch (failure) {
          if (saved && isUnreachable(failure)) return keepSaved(saved);
          if (saved) {
            // A refusal ends the session as a reload would: nothing of this person stays on the screen or phone.
            userRef.current = null;
            forgetEveryone().catch(() => undefined);
            queryClient.clear();
          }
          throw failure;
        }
        userRef.current = user;
        rememberUser(identityUser.uid, user);
        show({ status: 'signed-in', user, identityUser, unconfirmed: false });
        return user;
      })();
      sync.current = { uid: identityUser.uid, promise };
      promise.catch(() => {
        if (sync.current?.promise === promise) sync.current = null;
      });
      return promise;
    },
    [queryClient],
  );

  useEffect(
    () =>
      identity.onIdentityChange((identityUser) => {
        if (!identityUser) {
          // Nobody signed in on this phone (most often at start-up): a transition, as a restored session is.
          startTransition(clearUserState);
          return;
        }
        if (userRef.current?.firebaseUID === identityUser.uid) return;
        const exchange = freshSignIn.current;
        syncBackendUser(identityUser, exchange).catch((failure) => {
          // A fresh sign-in reports its own failure through signIn(); a restored session tells the banner.
          if (exchange) return;
          setState({ ...SIGNED_OUT, identityUser });
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
      // Done before the sign-out counts as finished: the next person on this phone must find nothing.
      await forgetEveryone().catch(() => undefined);
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

  // An unconfirmed (offline) session asks the server again when the connection returns, and every 15 s
  // while the browser claims to be online (venue Wi-Fi connected to nothing). A refusal ends the session as
  // a reload would; no answer keeps the saved one.
  const unconfirmedIdentity = state.unconfirmed ? state.identityUser : null;
  useEffect(() => {
    if (!unconfirmedIdentity) return;
    let asking = false;
    let stopped = false;
    const confirm = () => {
      if (asking || browserOffline()) return;
      asking = true;
      confirmBackendUser(unconfirmedIdentity, false)
        .then((user) => {
          if (stopped || userRef.current === null) return;
          userRef.current = user;
          rememberUser(unconfirmedIdentity.uid, user);
          setState({ status: 'signed-in', user, identityUser: unconfirmedIdentity, unconfirmed: false });
        })
        .catch((failure: unknown) => {
          if (stopped || userRef.current === null || isUnreachable(failure)) return;
          userRef.current = null;
          sync.current = null;
          forgetEveryone().catch(() => undefined);
          queryClient.clear();
          setState({ ...SIGNED_OUT, identityUser: unconfirmedIdentity });
          setError(failure instanceof ApiError ? failure.message : bannerMessage(failure));
        })
        .finally(() => {
          asking = false;
        });
    };
    window.addEventListener('online', confirm);
    const timer = setInterval(confirm, CONFIRM_EVERY_MS);
    return () => {
      stopped = true;
      window.removeEventListener('online', confirm);
      clearInterval(timer);
    };
  }, [unconfirmedIdentity, queryClient]);

  const clearError = useCallback(() => setError(null), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status,
      user: state.user,
      identityUser: state.identityUser,
      unconfirmed: state.unconfirmed,
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
