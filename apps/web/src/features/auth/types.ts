import { effectiveRole, type Role } from '@utsav/domain/roles';

/** The backend user (docs/product.md#sign-in), normalised once at the edge so components see one shape. */
export interface BackendUser {
  id: string;
  firebaseUID: string;
  email: string;
  name: string;
  photoURL: string | null;
  role: Role;
  createdAt: string | null;
}

export type AuthStatus = 'loading' | 'initializing' | 'signed-out' | 'signed-in';

interface RawUser {
  _id?: unknown;
  id?: unknown;
  firebaseUID?: unknown;
  email?: unknown;
  name?: unknown;
  displayName?: unknown;
  photoURL?: unknown;
  profilePicture?: unknown;
  role?: unknown;
  createdAt?: unknown;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export function toBackendUser(raw: unknown): BackendUser | null {
  if (!raw || typeof raw !== 'object') return null;
  const user = raw as RawUser;
  const id = text(user.id) ?? text(user._id);
  if (!id) return null;
  const email = text(user.email) ?? '';
  return {
    id,
    firebaseUID: text(user.firebaseUID) ?? '',
    email,
    name: text(user.name) ?? text(user.displayName) ?? email.split('@')[0] ?? 'Guest',
    photoURL: text(user.photoURL) ?? text(user.profilePicture),
    role: effectiveRole(user.role),
    createdAt: text(user.createdAt),
  };
}

/** The user object of an auth response: `{ user }`, `{ data: { user } }` or `{ data: user }`. */
export function userFromResponse(body: unknown): BackendUser | null {
  if (!body || typeof body !== 'object') return null;
  const envelope = body as { user?: unknown; data?: unknown };
  if (envelope.user) return toBackendUser(envelope.user);
  if (envelope.data && typeof envelope.data === 'object') {
    const data = envelope.data as { user?: unknown };
    return toBackendUser(data.user ?? data);
  }
  return null;
}
