import { getClientConfig } from './client-config';
import { createDevIdentity } from './identity-dev';
import type { IdentityProvider, IdentityUser, SignInResult } from './identity-types';

export {
  IdentityError,
  type IdentityErrorCode,
  type IdentityUser,
  type SignInResult,
} from './identity-types';

// One module the app signs in through. The provider is chosen by the server's client-config: the
// development popup (/dev-auth) or Firebase (loaded by a dynamic import only in firebase mode).

let providerPromise: Promise<IdentityProvider> | null = null;

function provider(): Promise<IdentityProvider> {
  if (!providerPromise) {
    providerPromise = getClientConfig().then(async (config) => {
      if (config.authMode === 'firebase' && config.firebase) {
        const { createFirebaseIdentity } = await import('./identity-firebase');
        return createFirebaseIdentity(config.firebase);
      }
      return createDevIdentity();
    });
  }
  return providerPromise;
}

export async function signIn(): Promise<SignInResult> {
  return (await provider()).signIn();
}

export async function getIdToken(forceRefresh = false): Promise<string | null> {
  return (await provider()).getIdToken(forceRefresh);
}

export async function signOut(): Promise<void> {
  return (await provider()).signOut();
}

export function onIdentityChange(listener: (user: IdentityUser | null) => void): () => void {
  let unsubscribe: (() => void) | null = null;
  let cancelled = false;
  provider().then(
    (resolved) => {
      if (!cancelled) unsubscribe = resolved.onIdentityChange(listener);
    },
    () => {
      if (!cancelled) listener(null);
    },
  );
  return () => {
    cancelled = true;
    unsubscribe?.();
  };
}
