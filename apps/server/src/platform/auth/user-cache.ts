import type { UserRow } from '../db/schema';
import type { TableVersion } from '../db/table-writes';

// The signed-in user's row, read on every authenticated request, kept per instance for a moment
// (docs/decisions.md, "The signed-in user's row, cached for a second"). Security first:
// - a change this instance makes to any user row (role, deletion, profile) moves the users version
//   (db/table-writes.ts), and every copy taken before it is refused at once;
// - a change made elsewhere (another instance, a script on the database) is seen within MAX_AGE_MS, because
//   no copy is used once it is older than that;
// - only rows that were found are kept; a copy is frozen, so no request can alter what another one sees.

export const MAX_AGE_MS = 1000;
const MAX_ENTRIES = 10_000;

interface Entry {
  row: UserRow;
  /** The users version when the read that produced this copy began. */
  version: number;
  /** When that read began (ms). */
  at: number;
}

export type LoadUser = ((firebaseUid: string) => Promise<UserRow | undefined>) & {
  /** The copy that load would answer with at once, without a promise; undefined when it must read. */
  cached?(firebaseUid: string): UserRow | undefined;
};

export function cachedUserLoader(
  load: LoadUser,
  version: TableVersion,
  now: () => number = Date.now,
): LoadUser {
  const entries = new Map<string, Entry>();
  const cached = (firebaseUid: string, started = now()): UserRow | undefined => {
    const entry = entries.get(firebaseUid);
    return entry && entry.version === version.value && started - entry.at < MAX_AGE_MS
      ? entry.row
      : undefined;
  };
  const loader: LoadUser = async (firebaseUid) => {
    const started = now();
    const seen = version.value;
    const copy = cached(firebaseUid, started);
    if (copy) return copy;
    const row = await load(firebaseUid);
    if (!row) {
      entries.delete(firebaseUid);
      return undefined;
    }
    const frozen = Object.freeze(row);
    // Kept with the version and time from before the read: a write during the read makes it stale at once.
    if (version.value === seen) {
      entries.delete(firebaseUid);
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(firebaseUid, { row: frozen, version: seen, at: started });
    }
    return frozen;
  };
  loader.cached = (firebaseUid) => cached(firebaseUid);
  return loader;
}
