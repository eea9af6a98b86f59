import { startTransition, useEffect, useRef, useState } from 'react';
import { loadPersonal, type SavedArea, type SavedEntry, savePersonal } from './person-store';
import { type ShownData, shownData } from './saved-view';
import { useOnline } from './use-online';

interface QueryLike<T> {
  data: T | undefined;
  dataUpdatedAt: number;
  error: unknown;
  isSuccess: boolean;
}

/**
 * Keeps the signed-in person's copy of one query on this phone and shows it while the server cannot be
 * reached: every successful answer is saved (person-store drops it if that person has signed
 * out meanwhile); the saved copy is read once per person and shown only through `shownData`'s rules.
 * `read` checks a saved copy against today's shape of the data (its response schema) and answers undefined
 * for one that does not fit: a copy saved by an older version of the app is then not shown.
 */
export function useSavedQuery<T>(
  uid: string | null,
  area: SavedArea,
  query: QueryLike<T>,
  read: (saved: unknown) => T | undefined,
  /** Known unreachable from elsewhere (the session check got no answer), though the browser says online. */
  serverUnreachable = false,
): ShownData<T> {
  const online = useOnline();
  const [saved, setSaved] = useState<SavedEntry<T> | null>(null);
  const { data, dataUpdatedAt, isSuccess } = query;
  const readRef = useRef(read);
  readRef.current = read;

  useEffect(() => {
    setSaved(null);
    if (!uid) return;
    let cancelled = false;
    loadPersonal<unknown>(uid, area).then(
      (entry) => {
        if (cancelled || !entry) return;
        const value = readRef.current(entry.value);
        // Read while the page starts, and no answer to a tap: a transition, rendered in slices (decision 1126).
        if (value !== undefined) startTransition(() => setSaved({ ...entry, value }));
      },
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [uid, area]);

  useEffect(() => {
    if (!uid || !isSuccess || data === undefined) return;
    savePersonal(uid, area, data, dataUpdatedAt).catch((error: unknown) => {
      // A full or broken store only costs the offline copy; the page itself has its data.
      console.warn('[offline] could not save', area, error);
    });
  }, [uid, area, data, dataUpdatedAt, isSuccess]);

  return shownData({
    live: data,
    liveAt: dataUpdatedAt,
    saved,
    offline: !online,
    error: query.error,
    serverUnreachable,
  });
}
