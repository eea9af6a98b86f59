import { Cloud, CloudOff, Hourglass, ServerCrash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { type ConnectionTrouble, useConnectionTrouble } from '../../../lib/offline/connection-state';

const ICONS = { offline: CloudOff, slow: Hourglass, failing: ServerCrash } as const;

/** Catalog keys (written out whole: the catalog test looks for each). */
const TEXT_KEYS: Record<ConnectionTrouble, string> = {
  offline: 'scanner.connection.offline',
  slow: 'scanner.connection.slow',
  failing: 'scanner.connection.failing',
};

/**
 * The pill under the title: online, or why the gate is deciding from its own list — "Offline" only when the device
 * is (the guest banner's rule, lib/offline/connection-state.ts), a slow or failing server in words of its own — and
 * how many admissions wait to sync.
 */
export function ConnectionStatus({
  online,
  queued,
  syncing,
}: {
  online: boolean;
  queued: number;
  syncing: boolean;
}) {
  const { t } = useTranslation();
  const trouble = useConnectionTrouble();
  const Icon = online ? Cloud : ICONS[trouble];
  return (
    <p
      data-testid="connection-status"
      data-online={online}
      data-trouble={online ? undefined : trouble}
      data-queued={queued}
      className={`inline-flex items-center gap-2 rounded-full px-3 py-1.5 text-sm font-semibold ${
        online ? 'bg-green-900/70 text-green-100 ring-1 ring-green-400/60' : 'bg-amber-300 text-ink'
      }`}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span>{online ? t('scanner.connection.online') : t(TEXT_KEYS[trouble])}</span>
      <span aria-hidden="true">·</span>
      <span data-testid="queue-size">
        {syncing && queued > 0
          ? t('scanner.connection.syncing', { count: queued })
          : t('scanner.connection.waiting', { count: queued })}
      </span>
    </p>
  );
}
