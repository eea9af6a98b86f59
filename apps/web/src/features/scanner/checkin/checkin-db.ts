import type { SyncOutcome } from '@utsav/domain/checkin-schema';
import type { QueuedAdmission, SnapshotMeta, SnapshotTicket } from './offline-check';

// The device's offline state in IndexedDB: the downloaded ticket list (20,000 rows of ~80 bytes is ~2 MB,
// beyond what localStorage reliably holds on a cheap phone), the queue of offline admissions, and the
// conflicts the server reported. The queue must survive a reload, a crash or a dead battery: those guests
// are already inside.

export interface SyncConflict {
  localId: string;
  ticketId: string;
  /** The printed code, when known (the server's answer, or the code typed in); absent in older records. */
  ticketCode?: string | null;
  outcome: Exclude<SyncOutcome, 'admitted' | 'exited'>;
  /** When this device admitted the guest offline. */
  scannedAt: string;
  /** For already_used: when and by whom the ticket was used before. */
  usedAt: string | null;
  scannedBy: string | null;
  reportedAt: string;
}

export interface CheckinState {
  meta: SnapshotMeta | null;
  tickets: SnapshotTicket[];
  queue: QueuedAdmission[];
  conflicts: SyncConflict[];
}

const DB_NAME = 'utsav-checkin';
const DB_VERSION = 1;
const META_KEY = 'snapshot';

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function done(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  if (!opened) {
    opened = new Promise<IDBDatabase>((resolve, reject) => {
      if (typeof indexedDB === 'undefined') {
        reject(new Error('IndexedDB is not available'));
        return;
      }
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        db.createObjectStore('meta');
        db.createObjectStore('tickets', { keyPath: 'id' });
        db.createObjectStore('queue', { keyPath: 'localId' });
        db.createObjectStore('conflicts', { keyPath: 'localId' });
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

export async function loadCheckinState(): Promise<CheckinState> {
  const db = await database();
  const transaction = db.transaction(['meta', 'tickets', 'queue', 'conflicts'], 'readonly');
  const [meta, tickets, queue, conflicts] = await Promise.all([
    promisify(transaction.objectStore('meta').get(META_KEY)) as Promise<SnapshotMeta | undefined>,
    promisify(transaction.objectStore('tickets').getAll()) as Promise<SnapshotTicket[]>,
    promisify(transaction.objectStore('queue').getAll()) as Promise<QueuedAdmission[]>,
    promisify(transaction.objectStore('conflicts').getAll()) as Promise<SyncConflict[]>,
  ]);
  // ISO instants order as plain strings; localeCompare would build a collator (ICU's data) on the scanner's start.
  queue.sort((a, b) => byText(a.scannedAt, b.scannedAt));
  conflicts.sort((a, b) => byText(b.reportedAt, a.reportedAt));
  return { meta: meta ?? null, tickets, queue, conflicts };
}

/** Replaces the whole list in one transaction: a reader never sees half an old and half a new list. */
export async function saveSnapshot(meta: SnapshotMeta, tickets: SnapshotTicket[]): Promise<void> {
  const db = await database();
  const transaction = db.transaction(['meta', 'tickets'], 'readwrite');
  const store = transaction.objectStore('tickets');
  store.clear();
  for (const ticket of tickets) store.put(ticket);
  transaction.objectStore('meta').put(meta, META_KEY);
  await done(transaction);
}

export async function putTicket(ticket: SnapshotTicket): Promise<void> {
  const db = await database();
  const transaction = db.transaction('tickets', 'readwrite');
  transaction.objectStore('tickets').put(ticket);
  await done(transaction);
}

export async function enqueueAdmission(admission: QueuedAdmission): Promise<void> {
  const db = await database();
  const transaction = db.transaction('queue', 'readwrite');
  transaction.objectStore('queue').put(admission);
  await done(transaction);
}

/** Settles synced admissions: removes them from the queue and records the conflicts, atomically. */
export async function settleAdmissions(localIds: string[], conflicts: SyncConflict[]): Promise<void> {
  const db = await database();
  const transaction = db.transaction(['queue', 'conflicts'], 'readwrite');
  const queue = transaction.objectStore('queue');
  for (const localId of localIds) queue.delete(localId);
  const store = transaction.objectStore('conflicts');
  for (const conflict of conflicts) store.put(conflict);
  await done(transaction);
}

export async function clearConflicts(): Promise<void> {
  const db = await database();
  const transaction = db.transaction('conflicts', 'readwrite');
  transaction.objectStore('conflicts').clear();
  await done(transaction);
}

function byText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
