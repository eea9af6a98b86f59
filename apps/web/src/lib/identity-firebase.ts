import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  signOut as firebaseSignOut,
  GoogleAuthProvider,
  getAuth,
  onAuthStateChanged,
  setPersistence,
  signInWithPopup,
  type User,
} from 'firebase/auth';
import type { FirebaseWebConfig } from './client-config';
import {
  IdentityError,
  type IdentityErrorCode,
  type IdentityProvider,
  type IdentityUser,
} from './identity-types';

// Loaded only by a dynamic import in firebase mode, so Firebase never weighs on the development build's
// or the landing page's first chunk.

const ERROR_CODES: Record<string, IdentityErrorCode> = {
  'auth/popup-closed-by-user': 'popup-closed',
  'auth/cancelled-popup-request': 'popup-closed',
  'auth/popup-blocked': 'popup-blocked',
  'auth/network-request-failed': 'network',
  'auth/too-many-requests': 'too-many-requests',
};

function toIdentityUser(user: User): IdentityUser {
  return {
    uid: user.uid,
    email: user.email ?? '',
    displayName: user.displayName,
    photoURL: user.photoURL,
    emailVerified: user.emailVerified,
  };
}

export function createFirebaseIdentity(config: FirebaseWebConfig): IdentityProvider {
  const app = initializeApp(config);
  const auth = getAuth(app);
  const ready = setPersistence(auth, browserLocalPersistence).catch(() => undefined);
  const provider = new GoogleAuthProvider();
  provider.addScope('profile');
  provider.addScope('email');
  provider.setCustomParameters({ prompt: 'select_account' });

  return {
    async signIn() {
      await ready;
      try {
        const credential = await signInWithPopup(auth, provider);
        return { user: toIdentityUser(credential.user), idToken: await credential.user.getIdToken() };
      } catch (error) {
        const code = (error as { code?: string }).code ?? '';
        throw new IdentityError(ERROR_CODES[code] ?? 'failed', code, { cause: error });
      }
    },
    async getIdToken(forceRefresh = false) {
      await ready;
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
    },
    async signOut() {
      await firebaseSignOut(auth);
    },
    onIdentityChange(listener) {
      return onAuthStateChanged(auth, (user) => listener(user ? toIdentityUser(user) : null));
    },
  };
}
