import { useSyncExternalStore } from 'react';
import { useOnline } from './use-online';

// What the last request to our server met, so that a screen showing saved data names the trouble honestly:
// "Offline" only when the device is offline (the browser says so, or a request just got no answer at all: the
// reachability check failed); a server that answers with an error, or has not answered yet, is said as such.

/** The last request attempt: answered (with its status), got no answer at all, or ran out of time waiting. */
export type LastAttempt =
  | { kind: 'none' }
  | { kind: 'answered'; status: number }
  | { kind: 'unreachable' }
  | { kind: 'timeout' };

let last: LastAttempt = { kind: 'none' };
const listeners = new Set<() => void>();

/** Called by the API client after every attempt (retries included), never for one the caller aborted. */
export function reportAttempt(attempt: LastAttempt): void {
  if (
    attempt.kind === last.kind &&
    (attempt.kind !== 'answered' || attempt.status === (last as typeof attempt).status)
  )
    return;
  last = attempt;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/**
 * Why a screen shows saved data instead of a fresh answer:
 *   - 'offline': the browser knows it has no connection, or the last request got no answer at all;
 *   - 'failing': the server answered, with a server error (5xx);
 *   - 'slow': nothing failed, the server has not answered yet (or ran out of time: it is there, but slow).
 */
export type ConnectionTrouble = 'offline' | 'failing' | 'slow';

export function connectionTrouble(browserOnline: boolean, attempt: LastAttempt): ConnectionTrouble {
  if (!browserOnline || attempt.kind === 'unreachable') return 'offline';
  if (attempt.kind === 'answered' && attempt.status >= 500) return 'failing';
  return 'slow';
}

export function useConnectionTrouble(): ConnectionTrouble {
  const online = useOnline();
  const attempt = useSyncExternalStore(
    subscribe,
    () => last,
    () => last,
  );
  return connectionTrouble(online, attempt);
}
