import { RefreshCw, TriangleAlert, X } from 'lucide-react';
import { Button } from '../../../ui/button';
import type { SyncConflict } from '../checkin/checkin-db';
import type { SnapshotMeta } from '../checkin/offline-check';
import { formatScanTime } from '../checkin/scan-outcome';

export const CONFLICTS_ID = 'sync-conflicts';

const CONFLICT_WORDS: Record<SyncConflict['outcome'], string> = {
  already_used: 'was already used',
  cancelled: 'was cancelled',
  not_found: 'is not a ticket the server knows',
  invalid: 'was refused as invalid by the server',
  not_inside: 'was not inside when its exit reached the server',
  reentry_closed: 'could not pass: re-entry is not allowed',
  transferred: 'was transferred to someone else',
};

/** "ticket …a1b2c3d4 admitted offline here at 7:45 pm was already used at 7:42 pm by Asha". */
export function conflictText(conflict: SyncConflict): string {
  const used = [
    conflict.usedAt ? `at ${formatScanTime(conflict.usedAt)}` : '',
    conflict.scannedBy ? `by ${conflict.scannedBy}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `Ticket …${conflict.ticketId.slice(-8)} admitted offline here at ${formatScanTime(conflict.scannedAt)} ${
    CONFLICT_WORDS[conflict.outcome]
  }${conflict.outcome === 'already_used' && used ? ` ${used}` : ''}.`;
}

interface OfflinePanelProps {
  online: boolean;
  meta: SnapshotMeta | null;
  queued: number;
  syncing: boolean;
  lastSyncAt: string | null;
  snapshotError: string | null;
  conflicts: SyncConflict[];
  onSync: () => void;
  onRefreshList: () => void;
  onDismissConflicts: () => void;
}

/** What the device can do without the network, the sync queue, and every conflict the server reported. */
export function OfflinePanel({
  online,
  meta,
  queued,
  syncing,
  lastSyncAt,
  snapshotError,
  conflicts,
  onSync,
  onRefreshList,
  onDismissConflicts,
}: OfflinePanelProps) {
  return (
    <section aria-labelledby="offline-title" className="card p-4">
      <h2 id="offline-title" className="text-lg font-semibold text-gold-200">
        Offline scanning
      </h2>
      <p data-testid="snapshot-info" className="mt-2 text-sm text-maroon-100">
        {meta
          ? `Ticket list: ${meta.ticketCount.toLocaleString('en-IN')} tickets, downloaded ${formatScanTime(meta.downloadedAt)}. Scanning goes on if the network drops.`
          : 'No ticket list on this device yet: offline scanning starts once it has been downloaded.'}
      </p>
      {snapshotError && online && <p className="mt-1 text-sm text-amber-200">{snapshotError}</p>}
      <p className="mt-1 text-sm text-maroon-100">
        {queued > 0
          ? `${queued} offline ${queued === 1 ? 'admission waits' : 'admissions wait'} to sync.`
          : lastSyncAt
            ? `Everything synced (last at ${formatScanTime(lastSyncAt)}).`
            : 'Nothing waiting to sync.'}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          loading={syncing}
          disabled={queued === 0}
          icon={<RefreshCw aria-hidden="true" className="size-4" />}
          onClick={onSync}
        >
          Sync now
        </Button>
        <Button variant="ghost" size="sm" disabled={!online} onClick={onRefreshList}>
          Refresh ticket list
        </Button>
      </div>

      {conflicts.length > 0 && (
        <div id={CONFLICTS_ID} data-testid="conflicts" className="mt-4 rounded-xl bg-amber-300 p-3 text-ink">
          <div className="flex items-start justify-between gap-2">
            <h3 className="flex items-center gap-2 font-bold">
              <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
              Conflicts: {conflicts.length}
            </h3>
            <button
              type="button"
              onClick={onDismissConflicts}
              className="-m-1 rounded-full p-1 hover:bg-amber-200"
              aria-label="Clear the conflict list"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <p className="mt-1 text-sm">Guests admitted offline whose ticket the server had already settled:</p>
          <ul className="mt-2 space-y-1.5 text-sm font-medium">
            {conflicts.map((conflict) => (
              <li key={conflict.localId}>{conflictText(conflict)}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
