import { api } from '../../../lib/api-client';

const LOGOUT_WAIT_MS = 3000;

/** POST /auth/logout. Best effort: signing out never waits long on a flaky network, and never fails. */
export async function logout(): Promise<void> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LOGOUT_WAIT_MS);
  try {
    await api.post('/auth/logout', undefined, { signal: controller.signal });
  } catch {
    // The identity session is dropped on this device regardless.
  } finally {
    clearTimeout(timer);
  }
}
