import { IdentityError, type IdentityProvider, type IdentityUser, type SignInResult } from './identity-types';

// The development identity provider (packages/dev-identity, mounted at /dev-auth). Tokens live in
// localStorage so a reload stays signed in, exactly as Firebase keeps its session.

const STORAGE_KEY = 'utsav.dev-identity';
const MESSAGE_TYPE = 'utsav-dev-auth';
const POPUP_WIDTH = 480;
const POPUP_HEIGHT = 640;
const REFRESH_BEFORE_EXPIRY_MS = 5 * 60_000;
const POPUP_POLL_MS = 400;

interface Session {
  idToken: string;
  refreshToken: string;
  user: IdentityUser;
}

interface DevAuthMessage {
  type: typeof MESSAGE_TYPE;
  idToken?: string;
  refreshToken?: string;
  user?: IdentityUser;
  error?: string;
}

function readSession(): Session | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as Session;
    return session?.idToken && session.refreshToken && session.user?.uid ? session : null;
  } catch {
    return null;
  }
}

function writeSession(session: Session | null): void {
  try {
    if (session) localStorage.setItem(STORAGE_KEY, JSON.stringify(session));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the session lasts for this page only.
  }
}

/** exp claim of a JWT in milliseconds; 0 when unreadable (treated as expired). */
function tokenExpiry(token: string): number {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : 0;
  } catch {
    return 0;
  }
}

export function createDevIdentity(): IdentityProvider {
  let session = readSession();
  const listeners = new Set<(user: IdentityUser | null) => void>();
  let refreshing: Promise<string | null> | null = null;

  function emit() {
    for (const listener of listeners) listener(session?.user ?? null);
  }

  function setSession(next: Session | null) {
    session = next;
    writeSession(next);
    emit();
  }

  // Another tab signed in or out.
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEY) return;
    const next = readSession();
    if (next?.user.uid !== session?.user.uid) {
      session = next;
      emit();
    } else {
      session = next;
    }
  });

  async function refresh(current: Session): Promise<string | null> {
    const response = await fetch('/dev-auth/refresh', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken: current.refreshToken }),
    });
    if (response.status === 401 || response.status === 400) {
      setSession(null);
      return null;
    }
    if (!response.ok) throw new IdentityError('network', `Token refresh failed (${response.status})`);
    const body = (await response.json()) as { idToken: string; refreshToken: string };
    session = { ...current, idToken: body.idToken, refreshToken: body.refreshToken };
    writeSession(session);
    return body.idToken;
  }

  return {
    signIn() {
      return new Promise<SignInResult>((resolve, reject) => {
        const left = Math.max(0, window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
        const top = Math.max(0, window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
        const popup = window.open(
          '/dev-auth/popup',
          'utsav-dev-auth',
          `popup=yes,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${Math.round(left)},top=${Math.round(top)}`,
        );
        if (!popup) {
          reject(new IdentityError('popup-blocked'));
          return;
        }
        let settled = false;
        const finish = (action: () => void) => {
          if (settled) return;
          settled = true;
          window.removeEventListener('message', onMessage);
          clearInterval(poll);
          action();
        };
        function onMessage(event: MessageEvent<DevAuthMessage>) {
          if (event.origin !== window.location.origin) return;
          if (event.data?.type !== MESSAGE_TYPE) return;
          const data = event.data;
          if (data.error || !data.idToken || !data.refreshToken || !data.user) {
            finish(() =>
              reject(
                new IdentityError(data.error === 'popup-closed' ? 'popup-closed' : 'failed', data.error),
              ),
            );
            return;
          }
          const next: Session = { idToken: data.idToken, refreshToken: data.refreshToken, user: data.user };
          finish(() => {
            setSession(next);
            resolve({ user: next.user, idToken: next.idToken });
          });
        }
        window.addEventListener('message', onMessage);
        // The person closed the window without choosing: the popup cannot tell us, so we watch for it.
        // A grace period lets a message posted just before the popup closed itself arrive first.
        const poll = setInterval(() => {
          if (!popup.closed) return;
          clearInterval(poll);
          setTimeout(() => finish(() => reject(new IdentityError('popup-closed'))), POPUP_POLL_MS);
        }, POPUP_POLL_MS);
      });
    },

    async getIdToken(forceRefresh = false) {
      const current = session;
      if (!current) return null;
      if (!forceRefresh && tokenExpiry(current.idToken) - Date.now() > REFRESH_BEFORE_EXPIRY_MS) {
        return current.idToken;
      }
      if (!refreshing) {
        refreshing = refresh(current).finally(() => {
          refreshing = null;
        });
      }
      return refreshing;
    },

    async signOut() {
      setSession(null);
    },

    onIdentityChange(listener) {
      listeners.add(listener);
      listener(session?.user ?? null);
      return () => listeners.delete(listener);
    },
  };
}
