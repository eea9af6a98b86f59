import { displayTicketCode } from '@utsav/domain/ticket-code';
import { RefreshCw, TriangleAlert, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../lib/i18n/i18n';
import { Button } from '../../../ui/button';
import { formatCount } from '../../../ui/format';
import type { SyncConflict } from '../checkin/checkin-db';
import type { SnapshotMeta } from '../checkin/offline-check';
import { formatScanTime } from '../checkin/scan-outcome';

export const CONFLICTS_ID = 'sync-conflicts';

/** "Ticket UT-ABCDE12345 admitted offline here at 7:45 pm was already used at 7:42 pm by Asha." */
export function conflictText(conflict: SyncConflict): string {
  const words = {
    // The code as the guest sees it; a scanned QR the server could not match has none to show.
    id: conflict.ticketCode
      ? displayTicketCode(conflict.ticketCode)
      : i18n.t('scanner.offline.conflict.unknownCode'),
    time: formatScanTime(conflict.scannedAt),
    usedAt: conflict.usedAt ? formatScanTime(conflict.usedAt) : '',
    name: conflict.scannedBy ?? '',
  };
  switch (conflict.outcome) {
    case 'already_used':
      if (words.usedAt && words.name) return i18n.t('scanner.offline.conflict.already_used_at_by', words);
      if (words.usedAt) return i18n.t('scanner.offline.conflict.already_used_at', words);
      if (words.name) return i18n.t('scanner.offline.conflict.already_used_by', words);
      return i18n.t('scanner.offline.conflict.already_used', words);
    case 'cancelled':
      return i18n.t('scanner.offline.conflict.cancelled', words);
    case 'not_found':
      return i18n.t('scanner.offline.conflict.not_found', words);
    case 'invalid':
      return i18n.t('scanner.offline.conflict.invalid', words);
    case 'not_inside':
      return i18n.t('scanner.offline.conflict.not_inside', words);
    case 'reentry_closed':
      return i18n.t('scanner.offline.conflict.reentry_closed', words);
    case 'transferred':
      return i18n.t('scanner.offline.conflict.transferred', words);
    case 'resold':
      return i18n.t('scanner.offline.conflict.resold', words);
  }
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
  const { t } = useTranslation();
  return (
    <section aria-labelledby="offline-title" className="card p-4">
      <h2 id="offline-title" className="text-lg font-semibold text-gold-200">
        {t('scanner.offline.title')}
      </h2>
      <p data-testid="snapshot-info" className="mt-2 text-sm text-maroon-100">
        {meta
          ? t('scanner.offline.list', {
              count: meta.ticketCount,
              formattedCount: formatCount(meta.ticketCount),
              time: formatScanTime(meta.downloadedAt),
            })
          : t('scanner.offline.noList')}
      </p>
      {snapshotError && online && <p className="mt-1 text-sm text-amber-200">{snapshotError}</p>}
      <p className="mt-1 text-sm text-maroon-100">
        {queued > 0
          ? t('scanner.offline.waiting', { count: queued })
          : lastSyncAt
            ? t('scanner.offline.synced', { time: formatScanTime(lastSyncAt) })
            : t('scanner.offline.nothingWaiting')}
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
          {t('scanner.offline.syncNow')}
        </Button>
        <Button variant="ghost" size="sm" disabled={!online} onClick={onRefreshList}>
          {t('scanner.offline.refreshList')}
        </Button>
      </div>

      {conflicts.length > 0 && (
        <div id={CONFLICTS_ID} data-testid="conflicts" className="mt-4 rounded-xl bg-amber-300 p-3 text-ink">
          <div className="flex items-start justify-between gap-2">
            <h3 className="flex items-center gap-2 font-bold">
              <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
              {t('scanner.offline.conflicts', { count: conflicts.length })}
            </h3>
            <button
              type="button"
              onClick={onDismissConflicts}
              className="-m-1 rounded-full p-1 hover:bg-amber-200"
              aria-label={t('scanner.offline.clearConflicts')}
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          </div>
          <p className="mt-1 text-sm">{t('scanner.offline.conflictsIntro')}</p>
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
