// What this phone keeps of the signed-in person so their tickets open with no network at the venue
//: their backend user, tickets (with the signed QR codes) and the event card, in IndexedDB.
//
// Privacy rules, all enforced here rather than by callers:
// - entries belong to one person (the identity uid) and are only ever read back for that uid;
// - the store holds ONE person at a time: saving for a person deletes everyone else's entries in the same
//   transaction, so a phone passed to a friend who signs in never keeps the first person's tickets;
// - after sign-out (forgetEveryone) nothing is written until someone signs in again (setCurrentPerson), so
//   a tickets answer that arrives after the sign-out cannot bring the previous person's data back.

export type SavedArea = 'user' | 'tickets' | 'event';

export interface SavedEntry<T> {
  uid: string;
  area: SavedArea;
  value: T;
  /** When the value was fetched from the server (epoch ms): the banner's "saved at". */
  savedAt: number;
}

const DB_NAME = 'utsav-guest';
const DB_VERSION = 1;
const STORE = 'saved';

// Set while anything may be saved, to the uid of the one person whose entries the store holds: a signed-out
// visitor's page load then never opens the database at all, and index.html's boot script reads that person's
// saved user (their name on My Tickets' pre-rendered greeting) before the app runs, never anyone else's.
const MARKER_KEY = 'utsav.offline-saved';

let opened: Promise<IDBDatabase> | null = null;
let currentPerson: string | null = null;

function mark(saved: string | null): void {
  try {
    if (saved) localStorage.setItem(MARKER_KEY, saved);
    else localStorage.removeItem(MARKER_KEY);
  } catch {
    // No storage: forgetEveryone then always opens the database, which is only slower.
  }
}

function maybeSaved(): boolean {
  try {
    return localStorage.getItem(MARKER_KEY) !== null;
  } catch {
    return true;
  }
}

function database(): Promise<IDBDatabase> {
  if (!opened) {
    opened = new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new Error('IndexedDB is not available'));
        return;
      }
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        request.result.createObjectStore(STORE, { keyPath: ['uid', 'area'] });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    opened.catch(() => {
      opened = null;
    });
  }
  return opened;
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** The person whose entries may be written (null: nobody is signed in, every write is dropped). */
export function setCurrentPerson(uid: string | null): void {
  currentPerson = uid;
}

/**
 * Saves `value` as `uid`'s `area`, and removes every other person's entries in the same transaction.
 * Returns false (nothing written) when `uid` is not the signed-in person or the phone has no IndexedDB.
 */
export async function savePersonal<T>(
  uid: string,
  area: SavedArea,
  value: T,
  savedAt: number = Date.now(),
): Promise<boolean> {
  if (!uid || uid !== currentPerson) return false;
  let db: IDBDatabase;
  try {
    db = await database();
  } catch {
    return false;
  }
  // Checked again: the sign-out may have happened while the database was opening.
  if (uid !== currentPerson) return false;
  const transaction = db.transaction(STORE, 'readwrite');
  const store = transaction.objectStore(STORE);
  const others = store.openCursor();
  others.onsuccess = () => {
    const cursor = others.result;
    if (!cursor) return;
    if ((cursor.value as SavedEntry<unknown>).uid !== uid) cursor.delete();
    cursor.continue();
  };
  const entry: SavedEntry<T> = { uid, area, value, savedAt };
  store.put(entry);
  mark(uid);
  await done(transaction);
  return true;
}

/** `uid`'s saved `area`, or null when there is none (or no IndexedDB). Never another person's entry. */
export async function loadPersonal<T>(uid: string, area: SavedArea): Promise<SavedEntry<T> | null> {
  if (!uid) return null;
  let db: IDBDatabase;
  try {
    db = await database();
  } catch {
    return null;
  }
  const transaction = db.transaction(STORE, 'readonly');
  const request = transaction.objectStore(STORE).get([uid, area]);
  await done(transaction);
  const entry = request.result as SavedEntry<T> | undefined;
  return entry && entry.uid === uid ? entry : null;
}

/** Sign-out: every saved entry of everyone is deleted, and later writes are dropped until a sign-in. */
export async function forgetEveryone(): Promise<void> {
  currentPerson = null;
  if (!opened && !maybeSaved()) return;
  let db: IDBDatabase;
  try {
    db = await database();
  } catch {
    return;
  }
  // Unmarked before the clear, so a sign-in saving right after it leaves the mark set.
  mark(null);
  const transaction = db.transaction(STORE, 'readwrite');
  transaction.objectStore(STORE).clear();
  await done(transaction);
}
