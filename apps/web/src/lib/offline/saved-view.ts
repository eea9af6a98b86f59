import { ApiError } from '../api-client';
import type { SavedEntry } from './person-store';

/**
 * True for a failure that says nothing about the data, only that the server could not be reached: no
 * answer at all (offline, timeout) or a 5xx from a server or proxy in trouble. A 4xx is a real answer.
 */
export function isUnreachable(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

export interface ShownData<T> {
  /** What to show: the live answer, else the saved copy while the server cannot be reached. */
  data: T | undefined;
  /**
   * When the shown data was fetched, if it may be out of date (offline, or the last refresh could not
   * reach the server): the banner's "saved at". Null when it is fresh from the server, or nothing is shown.
   */
  savedAt: number | null;
}

/**
 * What the guest sees of one kind of data. The live answer of this page always wins; the device's saved
 * copy is shown only while the server cannot be reached, and then always with the time it was saved, so
 * an old list is never passed off as current.
 */
export function shownData<T>(input: {
  live: T | undefined;
  liveAt: number;
  saved: SavedEntry<T> | null;
  offline: boolean;
  error: unknown;
  /**
   * Another call (the session check) got no answer: the saved copy is shown at once instead of after this
   * query's own retries. A live answer that arrives all the same is shown as fresh.
   */
  serverUnreachable?: boolean;
}): ShownData<T> {
  const stale = input.offline || isUnreachable(input.error);
  if (input.live !== undefined) return { data: input.live, savedAt: stale ? input.liveAt : null };
  if (input.saved && (stale || input.serverUnreachable))
    return { data: input.saved.value, savedAt: input.saved.savedAt };
  return { data: undefined, savedAt: null };
}

/**
 * The load failure worth a toast: none while a copy is shown under the honest "saved at" banner (the
 * banner already says the server could not be reached); the failure itself when nothing is shown for it.
 */
export function failureToToast(shown: ShownData<unknown>, error: unknown): unknown {
  return shown.savedAt === null ? error : null;
}

/** Whether `promise` settles (either way) within `ms`: a quick session check is waited for. */
export function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const settled = promise.then(
    () => true,
    () => true,
  );
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([settled, late]).finally(() => clearTimeout(timer));
}
